CREATE TABLE `api_keys` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `prefix` varchar(32) NOT NULL,
  `key_hash` varchar(64) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `last_used_at` datetime(3) DEFAULT NULL,
  `revoked_at` datetime(3) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `scopes` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`scopes`)),
  PRIMARY KEY (`id`),
  UNIQUE KEY `api_keys_prefix_unique` (`prefix`),
  KEY `api_keys_company_id_index` (`company_id`),
  CONSTRAINT `api_keys_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `bearer_tokens` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `prefix` varchar(32) NOT NULL,
  `token_hash` varchar(64) NOT NULL,
  `expires_at` datetime(3) NOT NULL,
  `revoked_at` datetime(3) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `bearer_tokens_prefix_unique` (`prefix`),
  KEY `bearer_tokens_company_id_index` (`company_id`),
  CONSTRAINT `bearer_tokens_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `companies` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `name` varchar(255) NOT NULL,
  `parent_company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  KEY `companies_parent_company_id_index` (`parent_company_id`),
  CONSTRAINT `companies_parent_company_id_foreign` FOREIGN KEY (`parent_company_id`) REFERENCES `companies` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `invitations` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `team_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `email` varchar(320) NOT NULL,
  `role` enum('Rep','Manager') NOT NULL,
  `first_name` varchar(255) DEFAULT NULL,
  `last_name` varchar(255) DEFAULT NULL,
  `external_id` varchar(255) DEFAULT NULL,
  `token` varchar(64) NOT NULL,
  `status` enum('pending','accepted','revoked','expired') NOT NULL DEFAULT 'pending',
  `resend_count` int(10) unsigned NOT NULL DEFAULT 0,
  `expires_at` datetime(3) NOT NULL,
  `accepted_at` datetime(3) DEFAULT NULL,
  `accepted_user_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `revoked_at` datetime(3) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `pending_marker` tinyint(4) GENERATED ALWAYS AS (if(`status` = 'pending',1,NULL)) STORED,
  PRIMARY KEY (`id`),
  UNIQUE KEY `invitations_token_unique` (`token`),
  UNIQUE KEY `invitations_one_pending_per_email` (`company_id`,`email`,`pending_marker`),
  KEY `invitations_team_id_foreign` (`team_id`),
  KEY `invitations_accepted_user_id_foreign` (`accepted_user_id`),
  KEY `invitations_company_id_email_status_index` (`company_id`,`email`,`status`),
  KEY `invitations_company_id_status_created_at_id_index` (`company_id`,`status`,`created_at`,`id`),
  CONSTRAINT `invitations_accepted_user_id_foreign` FOREIGN KEY (`accepted_user_id`) REFERENCES `users` (`id`) ON DELETE SET NULL,
  CONSTRAINT `invitations_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `invitations_team_id_foreign` FOREIGN KEY (`team_id`) REFERENCES `teams` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `memorization_scripts` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `title` varchar(255) NOT NULL,
  `passing_score` double NOT NULL,
  `num_levels` int(10) unsigned NOT NULL,
  `user_instructions` text NOT NULL,
  `cover_image_url` varchar(2048) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  KEY `memorization_scripts_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  CONSTRAINT `memorization_scripts_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `rate_limit_points` (
  `key` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL,
  `points` int(11) NOT NULL DEFAULT 0,
  `expire` bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY (`key`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `recording_chunks` (
  `recording_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `channel` enum('mono','left','right') NOT NULL,
  `chunk_index` int(10) unsigned NOT NULL,
  `start_ms` int(10) unsigned NOT NULL,
  `duration_ms` int(10) unsigned NOT NULL,
  `transcript` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`transcript`)),
  `stt_job_id` varchar(255) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`recording_id`,`channel`,`chunk_index`),
  CONSTRAINT `recording_chunks_recording_id_foreign` FOREIGN KEY (`recording_id`) REFERENCES `recordings` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `recordings` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `user_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `user_unique_identifier` varchar(255) NOT NULL,
  `user_name` varchar(255) NOT NULL,
  `source_url` text DEFAULT NULL,
  `store_recording` tinyint(1) NOT NULL,
  `roleplay_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `idempotency_key` varchar(255) DEFAULT NULL,
  `status` enum('accepted','fetching','transcribing','analyzing','completed','failed') NOT NULL DEFAULT 'accepted',
  `failure_reason` text DEFAULT NULL,
  `storage_key` varchar(512) DEFAULT NULL,
  `content_type` varchar(255) DEFAULT NULL,
  `size_bytes` bigint(20) unsigned DEFAULT NULL,
  `transcript` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`transcript`)),
  `result` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`result`)),
  `session_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `workflow_id` varchar(255) NOT NULL,
  `completed_at` datetime(3) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `rep_channel` enum('left','right') DEFAULT NULL,
  `rep_speaker` varchar(255) DEFAULT NULL,
  `submitted_transcript` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`submitted_transcript`)),
  `stt_job_id` varchar(255) DEFAULT NULL,
  `media_duration_ms` int(10) unsigned DEFAULT NULL,
  `media_channels` tinyint(3) unsigned DEFAULT NULL,
  `media_has_video` tinyint(1) DEFAULT NULL,
  `media_container` varchar(64) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `recordings_company_id_idempotency_key_unique` (`company_id`,`idempotency_key`),
  KEY `recordings_user_id_foreign` (`user_id`),
  KEY `recordings_roleplay_id_foreign` (`roleplay_id`),
  KEY `recordings_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  CONSTRAINT `recordings_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `recordings_roleplay_id_foreign` FOREIGN KEY (`roleplay_id`) REFERENCES `roleplays` (`id`) ON DELETE SET NULL,
  CONSTRAINT `recordings_user_id_foreign` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `roleplay_sessions` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `roleplay_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `user_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `score` double NOT NULL,
  `did_pass` tinyint(1) NOT NULL,
  `length_ms` int(10) unsigned NOT NULL,
  `wpm` double NOT NULL,
  `name_count` int(10) unsigned DEFAULT NULL,
  `num_questions` int(10) unsigned DEFAULT NULL,
  `num_filler_words` int(10) unsigned DEFAULT NULL,
  `audio_storage_key` varchar(512) DEFAULT NULL,
  `video_storage_key` varchar(512) DEFAULT NULL,
  `audio_external_url` text DEFAULT NULL,
  `recording_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `roleplay_sessions_recording_id_unique` (`recording_id`),
  KEY `roleplay_sessions_roleplay_id_foreign` (`roleplay_id`),
  KEY `roleplay_sessions_user_id_foreign` (`user_id`),
  KEY `roleplay_sessions_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  KEY `roleplay_sessions_company_id_user_id_created_at_id_index` (`company_id`,`user_id`,`created_at`,`id`),
  KEY `roleplay_sessions_company_id_roleplay_id_created_at_id_index` (`company_id`,`roleplay_id`,`created_at`,`id`),
  CONSTRAINT `roleplay_sessions_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `roleplay_sessions_roleplay_id_foreign` FOREIGN KEY (`roleplay_id`) REFERENCES `roleplays` (`id`) ON DELETE CASCADE,
  CONSTRAINT `roleplay_sessions_user_id_foreign` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `roleplays` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `title` varchar(255) NOT NULL,
  `instructions` text DEFAULT NULL,
  `objective` text DEFAULT NULL,
  `passing_score` int(11) NOT NULL DEFAULT 70,
  `is_live` tinyint(1) NOT NULL DEFAULT 0,
  `is_blind` tinyint(1) NOT NULL DEFAULT 0,
  `language` varchar(8) NOT NULL DEFAULT 'en',
  `conversation_starters` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`conversation_starters`)),
  `keyterms` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`keyterms`)),
  `timer_in_seconds` int(10) unsigned DEFAULT NULL,
  `show_results` tinyint(1) NOT NULL DEFAULT 1,
  `max_attempts` int(10) unsigned DEFAULT NULL,
  `should_act_as_customer` tinyint(1) NOT NULL DEFAULT 1,
  `require_video_recording` tinyint(1) NOT NULL DEFAULT 0,
  `conversation_type` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`conversation_type`)),
  `customer_persona` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`customer_persona`)),
  `customer_background` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`customer_background`)),
  `custom_attributes` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`custom_attributes`)),
  `scorecard` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`scorecard`)),
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  KEY `roleplays_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  CONSTRAINT `roleplays_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `script_segments` (
  `script_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `order` int(11) NOT NULL,
  `og_text` text NOT NULL,
  PRIMARY KEY (`script_id`,`order`),
  CONSTRAINT `script_segments_script_id_foreign` FOREIGN KEY (`script_id`) REFERENCES `memorization_scripts` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `session_counts` (
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `scope` enum('company','user','roleplay') NOT NULL,
  `scope_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `sessions` int(10) unsigned NOT NULL,
  PRIMARY KEY (`company_id`,`scope`,`scope_id`),
  CONSTRAINT `session_counts_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `session_responses` (
  `session_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `kind` enum('criterion','metric') NOT NULL,
  `position` int(10) unsigned NOT NULL,
  `title` varchar(255) NOT NULL,
  `passed` tinyint(1) NOT NULL,
  `explanation` text NOT NULL,
  `weight` double NOT NULL,
  `section_title` varchar(255) NOT NULL,
  PRIMARY KEY (`session_id`,`kind`,`position`),
  CONSTRAINT `session_responses_session_id_foreign` FOREIGN KEY (`session_id`) REFERENCES `roleplay_sessions` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `session_snippets` (
  `session_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `position` int(10) unsigned NOT NULL,
  `is_user` tinyint(1) NOT NULL,
  `text` text NOT NULL,
  PRIMARY KEY (`session_id`,`position`),
  CONSTRAINT `session_snippets_session_id_foreign` FOREIGN KEY (`session_id`) REFERENCES `roleplay_sessions` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `teams` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `name` varchar(255) NOT NULL,
  `type` enum('standard','integration') NOT NULL DEFAULT 'standard',
  `integration_marker` tinyint(4) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `teams_company_id_integration_marker_unique` (`company_id`,`integration_marker`),
  KEY `teams_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  CONSTRAINT `teams_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `users` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `team_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `email` varchar(320) NOT NULL,
  `first_name` varchar(255) NOT NULL,
  `last_name` varchar(255) DEFAULT NULL,
  `role` enum('Rep','Manager','Integration') NOT NULL,
  `status` enum('active','disabled') NOT NULL DEFAULT 'active',
  `external_id` varchar(255) DEFAULT NULL,
  `last_logged_in_at` datetime(3) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `users_company_id_email_unique` (`company_id`,`email`),
  UNIQUE KEY `users_company_id_external_id_unique` (`company_id`,`external_id`),
  KEY `users_team_id_foreign` (`team_id`),
  KEY `users_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  KEY `users_company_id_status_role_index` (`company_id`,`status`,`role`),
  CONSTRAINT `users_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `users_team_id_foreign` FOREIGN KEY (`team_id`) REFERENCES `teams` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `webhook_deliveries` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `endpoint_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `event_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `event_type` varchar(128) NOT NULL,
  `attempt` int(10) unsigned NOT NULL,
  `outcome` enum('delivered','failed') NOT NULL,
  `status_code` int(11) DEFAULT NULL,
  `error` text DEFAULT NULL,
  `duration_ms` int(10) unsigned NOT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `webhook_deliveries_endpoint_id_event_id_attempt_unique` (`endpoint_id`,`event_id`,`attempt`),
  KEY `webhook_deliveries_endpoint_id_created_at_id_index` (`endpoint_id`,`created_at`,`id`),
  CONSTRAINT `webhook_deliveries_endpoint_id_foreign` FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `webhook_endpoints` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `url` varchar(2048) NOT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `events` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`events`)),
  `secret` varchar(128) NOT NULL,
  `enabled` tinyint(1) NOT NULL DEFAULT 1,
  `disabled_reason` varchar(255) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  KEY `webhook_endpoints_company_id_created_at_id_index` (`company_id`,`created_at`,`id`),
  CONSTRAINT `webhook_endpoints_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

CREATE TABLE `webhook_events` (
  `id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `company_id` char(36) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  `type` varchar(128) NOT NULL,
  `payload` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL CHECK (json_valid(`payload`)),
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  KEY `webhook_events_company_id_created_at_index` (`company_id`,`created_at`),
  CONSTRAINT `webhook_events_company_id_foreign` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;

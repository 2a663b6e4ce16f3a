// Generated from openapi.json by openapi-typescript (`npm run openapi`); do not edit.
// test/content/openapiFiles.test.ts checks that it matches the document.

export interface paths {
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The process is alive
     * @description Liveness: answers 200 while the process runs, whatever its dependencies (see /readyz for those). Needs no credential.
     */
    get: operations['healthz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The database and Temporal are reachable
     * @description Answers 503 naming each dependency that does not answer.
     */
    get: operations['readyz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange an API key for a bearer token
     * @description The token authenticates GET /api/company/get-active-user-count. It expires after BEARER_TOKEN_TTL (1 hour by default), or when the API key it came from is revoked.
     *
     *     Requires the API key scope `analytics:read`.
     */
    post: operations['createBearerToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the company's API keys
     * @description Every key of the company, revoked ones included, newest first, with its scopes and when it was last used. Keys themselves are never shown again.
     *
     *     Requires the API key scope `keys:manage`.
     */
    get: operations['listApiKeys'];
    put?: never;
    /**
     * Issue an API key
     * @description Issues a key of the caller's company with the given scopes (default: the calling key's). The key is in this answer only. A key cannot grant a scope it does not hold: 403 `insufficient_scope` naming it. A company holds at most API_KEYS_PER_COMPANY active keys (50 by default): one more is 409 `limit_reached`.
     *
     *     Requires the API key scope `keys:manage`.
     */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Requests with the key, and with the bearer tokens minted from it, get 401 from then on. An unknown, another company's or an already revoked key is a 404. A key cannot revoke a key holding a scope it does not hold itself: 403 `insufficient_scope` naming it.
     *
     *     Requires the API key scope `keys:manage`.
     */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    /**
     * Change an API key's pinned API version
     * @description Requests with the key (and the bearer tokens minted from it) that send no Sales-Practice-Version header are answered in this version from now on. An unknown, another company's or a revoked key is a 404.
     *
     *     Requires the API key scope `keys:manage`.
     */
    patch: operations['updateApiKey'];
    trace?: never;
  };
  '/api/roleplay/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List roleplay sessions
     * @description Newest first (ties broken by id), optionally only one user’s or one roleplay’s. pagination.total counts the filtered sessions.
     *
     *     Requires the API key scope `sessions:read`.
     */
    get: operations['listRoleplaySessions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/roleplay/session/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a roleplay session result
     * @description audioUrl and videoUrl, when present, are links signed by this service that stop working after 15 minutes.
     *
     *     Requires the API key scope `sessions:read`.
     */
    get: operations['getRoleplaySession'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/roleplay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List roleplays
     * @description Every premade roleplay of the company (drafts included), newest first. Not paginated.
     *
     *     Requires the API key scope `roleplays:read`.
     */
    get: operations['listRoleplays'];
    put?: never;
    /**
     * Create a roleplay
     * @description Not in the specification: lets an integration set roleplays up. Created as a draft unless isLive is true.
     *
     *     Requires the API key scope `roleplays:write`.
     */
    post: operations['createRoleplay'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/roleplay/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a roleplay
     * @description One roleplay of the caller's company, as the list shows it; write-only fields and the scorecard are never returned. Another company's id is a 404.
     *
     *     Requires the API key scope `roleplays:read`.
     */
    get: operations['getRoleplay'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a roleplay
     * @description Changes only the supplied fields (at least one). isLive=true publishes a draft, isLive=false takes a live roleplay back to draft. customAttributes replaces the whole object.
     *
     *     Requires the API key scope `roleplays:write`.
     */
    patch: operations['updateRoleplay'];
    trace?: never;
  };
  '/api/memorization/script': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List memorization scripts
     * @description Newest first (ties broken by id).
     *
     *     Requires the API key scope `scripts:read`.
     */
    get: operations['listMemorizationScripts'];
    put?: never;
    /**
     * Create a memorization script
     * @description Not in the specification: lets an integration set scripts up.
     *
     *     Requires the API key scope `scripts:write`.
     */
    post: operations['createMemorizationScript'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/memorization/script/{scriptId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a memorization script
     * @description One script of the caller's company with its segments ordered by `order`. Another company's id is a 404.
     *
     *     Requires the API key scope `scripts:read`.
     */
    get: operations['getMemorizationScript'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/media/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a stored recording through a signed link
     * @description The audioUrl/videoUrl links of session results and the downloadUrl of a completed export point here. No credential: the signature is the permission. A changed link answers 403, an expired one (MEDIA_URL_TTL, 15 minutes by default) 410 `link_expired`, whose message says what to GET again for a fresh link: the session result, or the export.
     */
    get: operations['downloadRecording'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List users
     * @description Without child_company_id: the caller's users in the read shape, with pagination. With child_company_id (a direct child of the caller, otherwise 403): `{users}` in the update-record shape, including outstanding invitations as `invited` records; offset and limit apply to it too. Newest first.
     *
     *     Requires the API key scope `users:read`.
     */
    get: operations['listUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a user
     * @description childCompanyId (camelCase here) reads a user of a direct child company (otherwise 403).
     *
     *     Requires the API key scope `users:read`.
     */
    get: operations['getUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a user or an outstanding invitation
     * @description Changes only the supplied firstName, lastName and role (at least one). The id may be an outstanding invitation, whose names and role are then changed. A disabled user is not updatable (409); neither is the role of an integration user (409).
     *
     *     Requires the API key scope `users:write`.
     */
    patch: operations['updateUser'];
    trace?: never;
  };
  '/api/user/{userId}/erase': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where a person's erasure stands
     * @description `status` is `none` (never requested), `erasing` (the workflow runs) or `erased` (done, with `completedAt`). childCompanyId reads a user of a direct child company (otherwise 403).
     *
     *     Requires the API key scope `users:read`.
     */
    get: operations['getUserErasure'];
    put?: never;
    /**
     * Erase a person
     * @description Starts the erasure of a user: recordings still in progress are cancelled; their stored media, transcripts and session snippets are deleted; name, email and external identifier are replaced by a tombstone and the user is disabled. Session scores, measures and counts stay. Answers 202 with the erasure (follow it at the Location, GET /api/user/{userId}/erase); the end is announced with a `user.erased` webhook event. Idempotent: asking again while it runs or after it finished answers the same and starts nothing. From the request on, the user cannot be updated, invited or given recordings (409 `user_erased`). childCompanyId erases a user of a direct child company (otherwise 403).
     *
     *     Requires the API key scope `users:write`.
     */
    post: operations['eraseUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/invite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a person, or resend their outstanding invitation
     * @description No outstanding invitation for the email in this company: a new invitation (resendCount 0, expirationDate = createdAt + 30 days) and the email is sent. An outstanding one (pending and unexpired): it is resent instead — same id, resendCount + 1, the email sent again, team and role take the new values, expiry unchanged. An active or disabled user with that email in the company: 409. A team of another company, or an unknown team: 404.
     *
     *     Requires the API key scope `users:write`.
     */
    post: operations['inviteUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the company's outstanding invitations
     * @description Pending invitations whose expiry lies ahead, newest first. Extension of the spec.
     *
     *     Requires the API key scope `users:read`.
     */
    get: operations['listInvitations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an outstanding invitation
     * @description Its link stops working (410) and its workflow ends. Answers the invitation as it was. Invitations that are not outstanding are 404. Extension of the spec.
     *
     *     Requires the API key scope `users:write`.
     */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation with its token
     * @description Creates the active user (role Rep for a User invitation, Manager for a Manager one) in the invitation's team and answers it as a user record. Unknown token: 404. Expired, revoked or already used token: 410. No credential: the token is the credential. Extension of the spec.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invitations/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The invitation link (HTML page)
     * @description The page the invitation email links to: the invitation and a form that accepts it through POST /api/invitations/accept. Answers text/html, also for unknown (404) and unusable (410) tokens.
     */
    get: operations['invitationPage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/team': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the caller's teams
     * @description Team ids are what POST /api/user/invite takes as teamId. Newest first.
     *
     *     Requires the API key scope `users:read`.
     */
    get: operations['listTeams'];
    put?: never;
    /**
     * Create a team
     * @description Creates a standard team. Team names need not be unique.
     *
     *     Requires the API key scope `users:write`.
     */
    post: operations['createTeam'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/company/get-active-user-count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active-user counts (bearer token)
     * @description Active means status active. reps counts Rep users, managers Manager users, lms Integration users; total is their sum. childCompanies are the direct children of the caller; totalCounts sums mainCompany and every child.
     *
     *     Requires the API key scope `analytics:read`.
     */
    get: operations['getCompanyActiveUserCount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/analytics/get-active-user-count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active-user counts (API key)
     * @description Active means status active. reps counts Rep users, managers Manager users, lms Integration users; total is their sum. childCompanies are the direct children of the caller; totalCounts sums mainCompany and every child.
     *
     *     Requires the API key scope `analytics:read`.
     */
    get: operations['getAnalyticsActiveUserCount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the caller's webhook endpoints
     * @description Oldest first. Secrets are never listed.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description Subscribes an http(s) URL to event kinds. The answer carries the signing secret (whsec_...) once; it cannot be read again, only rotated. A company has at most WEBHOOK_ENDPOINTS_PER_COMPANY endpoints (20 by default): one more is 409 `limit_reached`.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a webhook endpoint
     * @description Removes the endpoint and its delivery records; deliveries still pending for it are dropped.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /**
     * Change a webhook endpoint
     * @description Changes `url`, `events`, `description` or `enabled`; only the fields sent change. `{"enabled": true}` is the way back for an endpoint disabled after its receiver answered 410 Gone or failed for WEBHOOK_DISABLE_AFTER: the next event is delivered again, and the answer's `eventsToRecover` says how many kept events it has not received (POST …/recover sends them). The secret is unchanged (see rotate-secret).
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/api/webhook-endpoints/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace a webhook endpoint's signing secret
     * @description The new secret is shown once and signs every delivery from now on, retries of earlier events included. The previous secret keeps signing beside it for WEBHOOK_ROTATION_OVERLAP (24 hours by default) or `expiresInSeconds` when shorter (0: it stops at once): each delivery then carries both signatures (two `v1=` in X-Service-Signature, two space-separated entries in `webhook-signature`), so receivers verify with either while they move to the new one. Rotating again forgets the secret before the previous one.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-endpoints/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List delivery attempts to a webhook endpoint
     * @description One record per attempt (event id, type, status code, error, attempt number, outcome, time), newest first.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-endpoints/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event to a webhook endpoint
     * @description Sends a signed `webhook.test` event through the same delivery workflow as every event (one attempt) and answers with the attempt: `delivered` or `failed` with the status code and error, or `pending` when it was not made within WEBHOOK_ATTEMPT_WAIT. A 410 Gone answer disables the endpoint as for any event. 409 `endpoint_disabled` for a disabled endpoint.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    post: operations['testWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the event of a delivery again
     * @description Sends the event of this delivery record to the endpoint again now (one attempt): the same event id and payload, so receivers de-duplicate it, with a fresh signature and timestamp. Answers with the attempt, numbered after the earlier attempts of the event. 409 `endpoint_disabled` for a disabled endpoint; 410 `event_unavailable` for an event sent before events were kept.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    post: operations['redeliverWebhookEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-endpoints/{id}/recover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver again the events an endpoint missed
     * @description Every event created in [`since`, `until`) that the endpoint subscribes to and has not received (no attempt answered 2xx) is queued for delivery again, once each: the same body bytes and `webhook-id`, a fresh signature, on the usual retry schedule. Answers how many were queued; one still being recovered from an earlier request is not queued twice. At most WEBHOOK_RECOVER_BATCH (1000) per request, oldest first; `nextSince` says where to go on. 409 `endpoint_disabled` for a disabled endpoint (enable it first).
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    post: operations['recoverWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhook-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the webhook event types and their payload schemas
     * @description Every event type the service sends, whether endpoints subscribe to it, and the JSON Schema of the body a receiver gets. The same schemas are in this document under `webhooks`.
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    get: operations['listWebhookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the company's events
     * @description Every event the service produced for the company (recording events whether or not an endpoint subscribed, and the events it sent), newest first, with the body as delivered and, per endpoint it was sent to, whether it was received. Paged by cursor: pass the last id as `starting_after`; new events never shift a page; a `starting_after` that is not one of the company's kept events is 404. Kept for WEBHOOK_EVENT_RETENTION (30 days by default).
     *
     *     Requires the API key scope `webhooks:manage`.
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recording': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List recordings
     * @description The company's recordings, newest first, as GET /api/recording/{id} shows them but without the analysis (`result`). Filters combine: `status`, `userId`, `roleplayId`, `externalId`, `userUniqueIdentifier`, `priority`, `createdAfter` (inclusive), `createdBefore` (exclusive).
     *
     *     Requires the API key scope `recordings:read`.
     */
    get: operations['listRecordings'];
    put?: never;
    /**
     * Submit a recording (or its transcript) for transcription and analysis
     * @description Answers 200 once processing is durably queued; processing runs asynchronously and ends with a `recording.processing.completed` or `recording.processing.failed` webhook. Send an `Idempotency-Key` header to make retries safe (the same answer again, nothing started twice). 503 means nothing was kept: retry. Extension: send `transcript` (WebVTT or segments) instead of `recordingPresignedUrl` to analyse a call you already transcribed.
     *
     *     Requires the API key scope `recordings:write`.
     */
    post: operations['submitRecording'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recording/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Processing status of a submitted recording
     * @description Status (accepted, fetching, transcribing, analyzing, completed, failed), the failure reason, and the analysis once completed.
     *
     *     Requires the API key scope `recordings:read`.
     */
    get: operations['getRecording'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recording/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a recording in progress
     * @description Cancels the recording's processing workflow. The recording ends `failed` with "Processing was cancelled" and the `recording.processing.failed` webhook is sent. Answers the recording once the cancellation is recorded (or after RECORDING_CANCEL_WAIT, 10 s by default, with the status it has then). 409 `recording_finished` once completed or failed.
     *
     *     Requires the API key scope `recordings:write`.
     */
    post: operations['cancelRecording'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recording/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a failed recording again
     * @description Starts a new run of the recording's workflow under the same recording id; the recording is `accepted` again and ends with a new completed or failed webhook. What earlier runs kept is reused: the stored file and, when transcription had succeeded, the transcript (speech-to-text is not paid twice). 409 `recording_not_failed` unless failed; 409 `recording_busy` while the previous run is still sending its webhooks; 409 `recording_media_deleted` once retention deleted its media.
     *
     *     Requires the API key scope `recordings:write`.
     */
    post: operations['retryRecording'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recording/{id}/transcript': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The time-coded transcript of a recording
     * @description Extension: the transcript the service keeps, as utterances with times in milliseconds, the speaker (rep, customer or unknown) and their label, and whether the times were measured or placed. Send `Accept: text/vtt` for WebVTT with the speakers as voices (`<v Dana Reyes>`). 409 `transcript_not_ready` until transcription finished (a submitted transcript is there at once); 410 `transcript_expired` once retention (RECORDING_RETENTION) deleted it, 410 `transcript_erased` once the person's erasure was requested.
     *
     *     Requires the API key scope `recordings:read`.
     */
    get: operations['getRecordingTranscript'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Export everything the company has
     * @description Starts an export of the calling company (or, with `childCompanyId`, of a direct child; otherwise 403) into one zip archive: newline-delimited JSON per kind, each item as the API returns it in the version this request is answered in, a manifest with counts and a SHA-256 per file, and the stored audio with `includeMedia` (docs/api.md, "Company export"). Answers 202; follow it at the Location (GET /api/exports/{exportId}); the end is announced with an `export.completed` or `export.failed` webhook event to the calling company's endpoints. One export of a company runs at a time: another while one runs is 409 `export_running` naming it.
     *
     *     Requires the API key scope `exports:write`.
     */
    post: operations['createExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/exports/{exportId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where an export stands
     * @description Status, progress per kind (items written of items to write), the archive's size and, once completed, a signed download link valid for 15 minutes (ask again for a fresh one). The archive is kept for EXPORT_RETENTION (7 days) and then reads `expired`; a person's erasure deletes the company's archives (`withdrawn`: export again). Exports of a child company are read by the parent that asked for them.
     *
     *     Requires the API key scope `exports:read`.
     */
    get: operations['getExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'recording.processing.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * recording.processing.completed event
     * @description A recording was transcribed and analysed; `data.result` is the analysis. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookRecordingProcessingCompleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'recording.processing.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * recording.processing.failed event
     * @description A recording failed for good or was cancelled; `data.reason` says why. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookRecordingProcessingFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'user.erased': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * user.erased event
     * @description A person's erasure finished: their recordings' media, transcripts and snippets are deleted and the user is a tombstone. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookUserErased'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'export.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * export.completed event
     * @description A company export's archive is written (POST /api/exports); sent to the endpoints of the company that asked for it. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookExportCompleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'export.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * export.failed event
     * @description A company export failed for good; sent to the endpoints of the company that asked for it. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookExportFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.endpoint.disabled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * webhook.endpoint.disabled event
     * @description One of the company's endpoints failed every attempt for WEBHOOK_DISABLE_AFTER (5 days by default) and was disabled; sent to the company's other enabled endpoints, whatever they subscribe to. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookWebhookEndpointDisabled'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * webhook.test event
     * @description Sent by POST /api/webhook-endpoints/{id}/test to check that an endpoint receives and verifies events. Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).
     */
    post: operations['webhookWebhookTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    ErrorBody: {
      error: {
        /** @description Stable machine-readable code. */
        code: string;
        /** @description Human-readable sentence. */
        message: string;
        details: {
          in: 'body' | 'query' | 'path' | 'header';
          field: string;
          message: string;
        }[];
        requestId?: string;
        /** @description The W3C trace id of the request, when the service traces (OpenTelemetry). */
        traceId?: string;
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  healthz: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
    };
  };
  readyz: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ready",
           *       "checks": {
           *         "database": "ok",
           *         "temporal": "ok"
           *       }
           *     }
           */
          'application/json': {
            /** @constant */
            status: 'ready';
            checks: {
              /** @constant */
              database: 'ok';
              /** @constant */
              temporal: 'ok';
            };
          };
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createBearerToken: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "accessToken": "string",
           *       "tokenType": "Bearer",
           *       "expiresAt": "2019-08-24T14:15:22Z"
           *     }
           */
          'application/json': {
            accessToken: string;
            /** @constant */
            tokenType: 'Bearer';
            /** Format: date-time */
            expiresAt: string;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "name": "string",
           *           "prefix": "string",
           *           "scopes": [
           *             "roleplays:read"
           *           ],
           *           "lastUsedAt": "2019-08-24T14:15:22Z",
           *           "revokedAt": "2019-08-24T14:15:22Z",
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "apiVersion": "2026-11-21"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string | null;
              /** @description The visible start of the key (`spk_<prefix>_…`), to tell keys apart. */
              prefix: string;
              scopes: (
                | 'roleplays:read'
                | 'roleplays:write'
                | 'sessions:read'
                | 'scripts:read'
                | 'scripts:write'
                | 'users:read'
                | 'users:write'
                | 'recordings:read'
                | 'recordings:write'
                | 'webhooks:manage'
                | 'analytics:read'
                | 'keys:manage'
                | 'exports:write'
                | 'exports:read'
              )[];
              lastUsedAt: string | null;
              revokedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /**
               * @description The API version requests with this key are answered in when they send no Sales-Practice-Version header: the current one when the key was created; PATCH changes it.
               * @enum {string}
               */
              apiVersion?: '2026-11-21' | '2026-11-23';
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "string",
         *       "scopes": [
         *         "roleplays:read"
         *       ],
         *       "apiVersion": "2026-11-21"
         *     }
         */
        'application/json': {
          /** @description A label, e.g. the integration using the key. */
          name?: string;
          /** @description Default: the calling key's scopes. A key cannot grant a scope it does not hold (403). */
          scopes?: (
            | 'roleplays:read'
            | 'roleplays:write'
            | 'sessions:read'
            | 'scripts:read'
            | 'scripts:write'
            | 'users:read'
            | 'users:write'
            | 'recordings:read'
            | 'recordings:write'
            | 'webhooks:manage'
            | 'analytics:read'
            | 'keys:manage'
            | 'exports:write'
            | 'exports:read'
          )[];
          /**
           * @description The API version to pin the key to. Default: the current version.
           * @enum {string}
           */
          apiVersion?: '2026-11-21' | '2026-11-23';
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "name": "string",
           *       "prefix": "string",
           *       "scopes": [
           *         "roleplays:read"
           *       ],
           *       "lastUsedAt": "2019-08-24T14:15:22Z",
           *       "revokedAt": "2019-08-24T14:15:22Z",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "apiVersion": "2026-11-21",
           *       "key": "spk_"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string | null;
            /** @description The visible start of the key (`spk_<prefix>_…`), to tell keys apart. */
            prefix: string;
            scopes: (
              | 'roleplays:read'
              | 'roleplays:write'
              | 'sessions:read'
              | 'scripts:read'
              | 'scripts:write'
              | 'users:read'
              | 'users:write'
              | 'recordings:read'
              | 'recordings:write'
              | 'webhooks:manage'
              | 'analytics:read'
              | 'keys:manage'
              | 'exports:write'
              | 'exports:read'
            )[];
            lastUsedAt: string | null;
            revokedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The API version requests with this key are answered in when they send no Sales-Practice-Version header: the current one when the key was created; PATCH changes it.
             * @enum {string}
             */
            apiVersion?: '2026-11-21' | '2026-11-23';
            /** @description The key itself, shown only in this response; stored only hashed. */
            key: string;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      204: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateApiKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "apiVersion": "2026-11-21"
         *     }
         */
        'application/json': {
          /**
           * @description The API version requests with this key are answered in from now on (when they send no header).
           * @enum {string}
           */
          apiVersion: '2026-11-21' | '2026-11-23';
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "name": "string",
           *       "prefix": "string",
           *       "scopes": [
           *         "roleplays:read"
           *       ],
           *       "lastUsedAt": "2019-08-24T14:15:22Z",
           *       "revokedAt": "2019-08-24T14:15:22Z",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "apiVersion": "2026-11-21"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string | null;
            /** @description The visible start of the key (`spk_<prefix>_…`), to tell keys apart. */
            prefix: string;
            scopes: (
              | 'roleplays:read'
              | 'roleplays:write'
              | 'sessions:read'
              | 'scripts:read'
              | 'scripts:write'
              | 'users:read'
              | 'users:write'
              | 'recordings:read'
              | 'recordings:write'
              | 'webhooks:manage'
              | 'analytics:read'
              | 'keys:manage'
              | 'exports:write'
              | 'exports:read'
            )[];
            lastUsedAt: string | null;
            revokedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The API version requests with this key are answered in when they send no Sales-Practice-Version header: the current one when the key was created; PATCH changes it.
             * @enum {string}
             */
            apiVersion?: '2026-11-21' | '2026-11-23';
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listRoleplaySessions: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
        /**
         * @description Only sessions of this user.
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        userId?: string;
        /**
         * @description Only sessions of this roleplay.
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        roleplayId?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *           "userName": "string",
           *           "roleplayId": "a61543db-8448-4d35-9d20-9a7a2feeb83d",
           *           "roleplayTitle": "string",
           *           "score": 0,
           *           "didPass": true,
           *           "length": 0,
           *           "createdAt": "2019-08-24T14:15:22Z"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            /** @description Newest first, ties broken by id. */
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              userId: string;
              /** @description First and last name of the user, separated by a space. */
              userName: string;
              /** Format: uuid */
              roleplayId: string;
              roleplayTitle: string;
              score: number;
              didPass: boolean;
              /** @description Duration in milliseconds. */
              length: number;
              /** Format: date-time */
              createdAt: string;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRoleplaySession: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "activityType": "premade-roleplay",
           *       "activityId": "bdfd0655-55e6-45e6-8bbc-6ed31d3820b5",
           *       "didPass": true,
           *       "length": 0,
           *       "wpm": 0,
           *       "score": 0,
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "user": {
           *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *         "firstName": "string",
           *         "lastName": "string"
           *       },
           *       "premadeRoleplay": {
           *         "title": "string",
           *         "passingScore": 0
           *       },
           *       "snippets": [
           *         {
           *           "isUser": true,
           *           "text": "string"
           *         }
           *       ],
           *       "nameCount": 0,
           *       "numQuestions": 0,
           *       "numFillerWords": 0,
           *       "customerPersona": {
           *         "imageUrl": "string"
           *       },
           *       "promptResponses": "(deprecated)",
           *       "criteriaResponses": [
           *         {
           *           "title": "string",
           *           "passed": true,
           *           "explanation": "string",
           *           "weight": 0,
           *           "sectionTitle": "string",
           *           "assessable": false,
           *           "evidence": [
           *             {
           *               "quote": "string",
           *               "startMs": 0,
           *               "speaker": "rep"
           *             }
           *           ],
           *           "noEvidenceReason": "string",
           *           "supported": false
           *         }
           *       ],
           *       "metricResponses": [
           *         {
           *           "title": "string",
           *           "passed": true,
           *           "explanation": "string",
           *           "weight": 0,
           *           "sectionTitle": "string",
           *           "assessable": false,
           *           "evidence": [
           *             {
           *               "quote": "string",
           *               "startMs": 0,
           *               "speaker": "rep"
           *             }
           *           ],
           *           "noEvidenceReason": "string",
           *           "supported": false
           *         }
           *       ],
           *       "audioUrl": "http://example.com",
           *       "videoUrl": "http://example.com"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @constant */
            activityType: 'premade-roleplay';
            /**
             * Format: uuid
             * @description The roleplay id.
             */
            activityId: string;
            didPass: boolean;
            /** @description Duration in milliseconds. */
            length: number;
            wpm: number;
            score: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            user: {
              /** Format: uuid */
              id: string;
              firstName: string;
              /** @description Empty when the user has no last name. */
              lastName: string;
            };
            premadeRoleplay: {
              title: string;
              passingScore: number;
            };
            /** @description In conversation order. */
            snippets: {
              isUser: boolean;
              text: string;
            }[];
            nameCount?: number;
            numQuestions?: number;
            numFillerWords?: number;
            /** @description Present only when the persona has a picture. */
            customerPersona?: {
              imageUrl: string;
            };
            /**
             * @deprecated
             * @description Never sent; use criteriaResponses and metricResponses.
             * @constant
             */
            promptResponses?: '(deprecated)';
            criteriaResponses?: {
              title: string;
              /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
              passed: boolean;
              explanation: string;
              weight: number;
              sectionTitle: string;
              /**
               * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
               * @constant
               */
              assessable?: false;
              /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
              evidence: {
                /** @description Words said in the call, verbatim as the transcript has them. */
                quote: string;
                /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                startMs: number;
                /** @description Who said them. */
                speaker: 'rep' | 'customer';
              }[];
              /** @description Why evidence is empty; present exactly when it is. */
              noEvidenceReason?: string;
              /**
               * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
               * @constant
               */
              supported?: false;
            }[];
            metricResponses?: {
              title: string;
              /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
              passed: boolean;
              explanation: string;
              weight: number;
              sectionTitle: string;
              /**
               * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
               * @constant
               */
              assessable?: false;
              /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
              evidence: {
                /** @description Words said in the call, verbatim as the transcript has them. */
                quote: string;
                /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                startMs: number;
                /** @description Who said them. */
                speaker: 'rep' | 'customer';
              }[];
              /** @description Why evidence is empty; present exactly when it is. */
              noEvidenceReason?: string;
              /**
               * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
               * @constant
               */
              supported?: false;
            }[];
            audioUrl?: string | null;
            videoUrl?: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listRoleplays: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example [
           *       {
           *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *         "title": "string",
           *         "instructions": "string",
           *         "passingScore": 0,
           *         "isLive": true,
           *         "conversationType": {
           *           "title": "string",
           *           "roleplayType": "Train"
           *         },
           *         "customerPersona": {
           *           "name": "string",
           *           "imageUrl": "string",
           *           "tags": [
           *             "string"
           *           ]
           *         },
           *         "customerBackground": {
           *           "title": "string",
           *           "tags": [
           *             "string"
           *           ]
           *         },
           *         "customAttributes": {
           *           "property1": "string",
           *           "property2": "string"
           *         }
           *       }
           *     ]
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            title: string;
            instructions: string | null;
            passingScore: number;
            isLive: boolean;
            conversationType: {
              title: string;
              /**
               * @description `Train` (practice) or `Interview` (assessment). Defaults to `Train` when a roleplay is created without it.
               * @enum {string}
               */
              roleplayType: 'Train' | 'Interview';
            };
            customerPersona: {
              name: string;
              /** @description Empty when the persona has no picture. */
              imageUrl: string;
              tags: string[];
            };
            customerBackground: {
              title: string;
              tags: string[];
            };
            /** @description Always sent by this service; {} when none were set. */
            customAttributes?: {
              [key: string]: string | number | boolean | null;
            };
          }[];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createRoleplay: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "string",
         *       "instructions": "string",
         *       "objective": "string",
         *       "passingScore": 0,
         *       "isLive": true,
         *       "isBlind": true,
         *       "language": "en",
         *       "conversationStarters": [
         *         "string"
         *       ],
         *       "keyterms": [
         *         "string"
         *       ],
         *       "timerInSeconds": 0,
         *       "showResults": true,
         *       "maxAttempts": 0,
         *       "shouldActAsCustomer": true,
         *       "requireVideoRecording": true,
         *       "customAttributes": {
         *         "property1": "string",
         *         "property2": "string"
         *       },
         *       "conversationType": {
         *         "title": "string",
         *         "roleplayType": "Train"
         *       },
         *       "customerPersona": {
         *         "name": "string",
         *         "imageUrl": "",
         *         "tags": [
         *           "string"
         *         ]
         *       },
         *       "customerBackground": {
         *         "title": "string",
         *         "tags": [
         *           "string"
         *         ]
         *       },
         *       "scorecard": {
         *         "criteria": [
         *           {
         *             "title": "string",
         *             "description": "string",
         *             "weight": 0,
         *             "sectionTitle": "string"
         *           }
         *         ],
         *         "metrics": [
         *           {
         *             "title": "string",
         *             "description": "string",
         *             "weight": 0,
         *             "sectionTitle": "string"
         *           }
         *         ]
         *       }
         *     }
         */
        'application/json': {
          title: string;
          instructions?: string | null;
          objective?: string | null;
          /** @description Minimum score to pass. */
          passingScore?: number;
          /** @description true = live and accessible to users; false = draft. */
          isLive?: boolean;
          /** @description true hides scoring criteria from the user. Write-only. */
          isBlind?: boolean;
          /**
           * @description Roleplay language.
           * @enum {string}
           */
          language?: 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
          /** @description Write-only. */
          conversationStarters?: string[];
          /** @description Write-only. */
          keyterms?: string[];
          timerInSeconds?: number | null;
          /** @description Write-only. */
          showResults?: boolean;
          maxAttempts?: number | null;
          /** @description true = the AI plays the customer. Write-only. */
          shouldActAsCustomer?: boolean;
          /** @description Write-only. */
          requireVideoRecording?: boolean;
          /** @description Key-value pairs for external integrations: at most 50 keys of 1 to 100 characters; values are strings (at most 1000 characters), numbers, booleans or null. Writing it replaces the whole object. */
          customAttributes?: {
            [key: string]: string | number | boolean | null;
          };
          conversationType: {
            title: string;
            /**
             * @description `Train` (practice) or `Interview` (assessment). Defaults to `Train` when a roleplay is created without it.
             * @enum {string}
             */
            roleplayType?: 'Train' | 'Interview';
          };
          customerPersona: {
            name: string;
            /** @description Picture of the persona; empty or absent for none. */
            imageUrl?: '' | string;
            tags?: string[];
          };
          customerBackground: {
            title: string;
            tags?: string[];
          };
          /** @description What sessions of this roleplay are scored on. Stored, not returned by the roleplay endpoints. */
          scorecard?: {
            criteria: {
              title: string;
              description: string;
              weight: number;
              sectionTitle: string;
            }[];
            metrics: {
              title: string;
              description: string;
              weight: number;
              sectionTitle: string;
            }[];
          };
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "title": "string",
           *       "instructions": "string",
           *       "passingScore": 0,
           *       "isLive": true,
           *       "conversationType": {
           *         "title": "string",
           *         "roleplayType": "Train"
           *       },
           *       "customerPersona": {
           *         "name": "string",
           *         "imageUrl": "string",
           *         "tags": [
           *           "string"
           *         ]
           *       },
           *       "customerBackground": {
           *         "title": "string",
           *         "tags": [
           *           "string"
           *         ]
           *       },
           *       "customAttributes": {
           *         "property1": "string",
           *         "property2": "string"
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            title: string;
            instructions: string | null;
            passingScore: number;
            isLive: boolean;
            conversationType: {
              title: string;
              /**
               * @description `Train` (practice) or `Interview` (assessment). Defaults to `Train` when a roleplay is created without it.
               * @enum {string}
               */
              roleplayType: 'Train' | 'Interview';
            };
            customerPersona: {
              name: string;
              /** @description Empty when the persona has no picture. */
              imageUrl: string;
              tags: string[];
            };
            customerBackground: {
              title: string;
              tags: string[];
            };
            /** @description Always sent by this service; {} when none were set. */
            customAttributes?: {
              [key: string]: string | number | boolean | null;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRoleplay: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "title": "string",
           *       "instructions": "string",
           *       "passingScore": 0,
           *       "isLive": true,
           *       "conversationType": {
           *         "title": "string",
           *         "roleplayType": "Train"
           *       },
           *       "customerPersona": {
           *         "name": "string",
           *         "imageUrl": "string",
           *         "tags": [
           *           "string"
           *         ]
           *       },
           *       "customerBackground": {
           *         "title": "string",
           *         "tags": [
           *           "string"
           *         ]
           *       },
           *       "customAttributes": {
           *         "property1": "string",
           *         "property2": "string"
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            title: string;
            instructions: string | null;
            passingScore: number;
            isLive: boolean;
            conversationType: {
              title: string;
              /**
               * @description `Train` (practice) or `Interview` (assessment). Defaults to `Train` when a roleplay is created without it.
               * @enum {string}
               */
              roleplayType: 'Train' | 'Interview';
            };
            customerPersona: {
              name: string;
              /** @description Empty when the persona has no picture. */
              imageUrl: string;
              tags: string[];
            };
            customerBackground: {
              title: string;
              tags: string[];
            };
            /** @description Always sent by this service; {} when none were set. */
            customAttributes?: {
              [key: string]: string | number | boolean | null;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateRoleplay: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "string",
         *       "instructions": "string",
         *       "objective": "string",
         *       "passingScore": 0,
         *       "isLive": true,
         *       "isBlind": true,
         *       "language": "en",
         *       "conversationStarters": [
         *         "string"
         *       ],
         *       "keyterms": [
         *         "string"
         *       ],
         *       "timerInSeconds": 0,
         *       "showResults": true,
         *       "maxAttempts": 0,
         *       "shouldActAsCustomer": true,
         *       "requireVideoRecording": true,
         *       "customAttributes": {
         *         "property1": "string",
         *         "property2": "string"
         *       }
         *     }
         */
        'application/json': {
          title?: string;
          instructions?: string | null;
          objective?: string | null;
          /** @description Minimum score to pass. */
          passingScore?: number;
          /** @description true = live and accessible to users; false = draft. */
          isLive?: boolean;
          /** @description true hides scoring criteria from the user. Write-only. */
          isBlind?: boolean;
          /**
           * @description Roleplay language.
           * @enum {string}
           */
          language?: 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
          /** @description Write-only. */
          conversationStarters?: string[];
          /** @description Write-only. */
          keyterms?: string[];
          timerInSeconds?: number | null;
          /** @description Write-only. */
          showResults?: boolean;
          maxAttempts?: number | null;
          /** @description true = the AI plays the customer. Write-only. */
          shouldActAsCustomer?: boolean;
          /** @description Write-only. */
          requireVideoRecording?: boolean;
          /** @description Key-value pairs for external integrations: at most 50 keys of 1 to 100 characters; values are strings (at most 1000 characters), numbers, booleans or null. Writing it replaces the whole object. */
          customAttributes?: {
            [key: string]: string | number | boolean | null;
          };
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "title": "string",
           *       "instructions": "string",
           *       "passingScore": 0,
           *       "isLive": true,
           *       "conversationType": {
           *         "title": "string",
           *         "roleplayType": "Train"
           *       },
           *       "customerPersona": {
           *         "name": "string",
           *         "imageUrl": "string",
           *         "tags": [
           *           "string"
           *         ]
           *       },
           *       "customerBackground": {
           *         "title": "string",
           *         "tags": [
           *           "string"
           *         ]
           *       },
           *       "customAttributes": {
           *         "property1": "string",
           *         "property2": "string"
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            title: string;
            instructions: string | null;
            passingScore: number;
            isLive: boolean;
            conversationType: {
              title: string;
              /**
               * @description `Train` (practice) or `Interview` (assessment). Defaults to `Train` when a roleplay is created without it.
               * @enum {string}
               */
              roleplayType: 'Train' | 'Interview';
            };
            customerPersona: {
              name: string;
              /** @description Empty when the persona has no picture. */
              imageUrl: string;
              tags: string[];
            };
            customerBackground: {
              title: string;
              tags: string[];
            };
            /** @description Always sent by this service; {} when none were set. */
            customAttributes?: {
              [key: string]: string | number | boolean | null;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listMemorizationScripts: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "title": "string",
           *           "passingScore": 0,
           *           "numLevels": 1,
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "coverImageUrl": "string"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            /** @description Newest first, ties broken by id. */
            data: {
              /** Format: uuid */
              id: string;
              title: string;
              passingScore: number;
              numLevels: number;
              /** Format: date-time */
              createdAt: string;
              coverImageUrl: string | null;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createMemorizationScript: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "string",
         *       "passingScore": 0,
         *       "numLevels": 1,
         *       "userInstructions": "string",
         *       "segments": [
         *         {
         *           "order": 0,
         *           "ogText": "string"
         *         }
         *       ],
         *       "coverImageUrl": "http://example.com"
         *     }
         */
        'application/json': {
          title: string;
          passingScore: number;
          numLevels: number;
          userInstructions: string;
          /** @description Each order at most once; returned sorted by order. */
          segments: {
            order: number;
            ogText: string;
          }[];
          coverImageUrl?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "title": "string",
           *       "passingScore": 0,
           *       "numLevels": 1,
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "userInstructions": "string",
           *       "segments": [
           *         {
           *           "order": 0,
           *           "ogText": "string"
           *         }
           *       ],
           *       "coverImageUrl": "string"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            title: string;
            passingScore: number;
            numLevels: number;
            /** Format: date-time */
            createdAt: string;
            userInstructions: string;
            /** @description Ascending by order. */
            segments: {
              order: number;
              ogText: string;
            }[];
            coverImageUrl?: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getMemorizationScript: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        scriptId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "title": "string",
           *       "passingScore": 0,
           *       "numLevels": 1,
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "userInstructions": "string",
           *       "segments": [
           *         {
           *           "order": 0,
           *           "ogText": "string"
           *         }
           *       ],
           *       "coverImageUrl": "string"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            title: string;
            passingScore: number;
            numLevels: number;
            /** Format: date-time */
            createdAt: string;
            userInstructions: string;
            /** @description Ascending by order. */
            segments: {
              order: number;
              ogText: string;
            }[];
            coverImageUrl?: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  downloadRecording: {
    parameters: {
      query: {
        /**
         * @description Expiry, epoch milliseconds.
         * @example 0
         */
        expires: number;
        /**
         * @description HMAC-SHA256 of the key and expiry, hex.
         * @example 0000000000000000000000000000000000000000000000000000000000000000
         */
        signature: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /**
         * @description Storage key, base64url-encoded.
         * @example A
         */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description No longer available. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listUsers: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
        /**
         * @description Operate on this direct child company (otherwise 403).
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        child_company_id?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "firstName": "string",
           *           "lastName": "string",
           *           "email": "user@example.com",
           *           "role": "Rep",
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "teamId": "a4ede8ba-7c0a-4485-8763-cbd9b282fbec"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json':
            | {
                data: {
                  /** Format: uuid */
                  id: string;
                  firstName: string;
                  lastName: string | null;
                  /** Format: email */
                  email: string;
                  role: 'Rep' | 'Manager' | 'Integration';
                  /** Format: date-time */
                  createdAt: string;
                  teamId: string | null;
                }[];
                pagination: {
                  total: number;
                  offset: number;
                  limit: number;
                  hasMore: boolean;
                };
              }
            | {
                /** @description The child company's users and outstanding invitations, newest first, windowed by offset and limit (no pagination object: ask for the next offset until fewer than limit come back). */
                users: {
                  /**
                   * Format: uuid
                   * @description The user id; for an invited record, the invitation id.
                   */
                  id: string;
                  /** Format: email */
                  email: string;
                  firstName: string | null;
                  lastName: string | null;
                  /** @description `Disabled` for disabled users, `Manager` for managers, `User` otherwise (reps and integration users). */
                  role: 'User' | 'Manager' | 'Disabled';
                  status: 'invited' | 'active' | 'disabled';
                  externalId: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  invitationUrl: string | null;
                }[];
              };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getUser: {
    parameters: {
      query?: {
        /**
         * @description Operate on this direct child company (otherwise 403).
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        childCompanyId?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "firstName": "string",
           *       "lastName": "string",
           *       "email": "user@example.com",
           *       "role": "Rep",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "teamId": "a4ede8ba-7c0a-4485-8763-cbd9b282fbec"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            firstName: string;
            lastName: string | null;
            /** Format: email */
            email: string;
            role: 'Rep' | 'Manager' | 'Integration';
            /** Format: date-time */
            createdAt: string;
            teamId: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "firstName": "string",
         *       "lastName": "string",
         *       "role": "User",
         *       "childCompanyId": "2c5ba9a3-323f-4fd6-947d-0cde6238e05f"
         *     }
         */
        'application/json': {
          firstName?: string;
          lastName?: string;
          /** @description `User` (a rep) or `Manager`. */
          role?: 'User' | 'Manager';
          /**
           * Format: uuid
           * @description Update the user of this direct child company (otherwise 403).
           */
          childCompanyId?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "email": "user@example.com",
           *       "firstName": "string",
           *       "lastName": "string",
           *       "role": "User",
           *       "status": "invited",
           *       "externalId": "string",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "invitationUrl": "http://example.com"
           *     }
           */
          'application/json': {
            /**
             * Format: uuid
             * @description The user id; for an invited record, the invitation id.
             */
            id: string;
            /** Format: email */
            email: string;
            firstName: string | null;
            lastName: string | null;
            /** @description `Disabled` for disabled users, `Manager` for managers, `User` otherwise (reps and integration users). */
            role: 'User' | 'Manager' | 'Disabled';
            status: 'invited' | 'active' | 'disabled';
            externalId: string | null;
            /** Format: date-time */
            createdAt: string;
            invitationUrl: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getUserErasure: {
    parameters: {
      query?: {
        /**
         * @description Operate on this direct child company (otherwise 403).
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        childCompanyId?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *       "status": "none",
           *       "requestedAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "workflowId": "string"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            userId: string;
            /** @description `none`: no erasure was requested; `erasing`: the erasure workflow is running; `erased`: the user is a tombstone. */
            status: 'none' | 'erasing' | 'erased';
            requestedAt: string | null;
            completedAt: string | null;
            workflowId: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  eraseUser: {
    parameters: {
      query?: {
        /**
         * @description Operate on this direct child company (otherwise 403).
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        childCompanyId?: string;
      };
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *       "status": "none",
           *       "requestedAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "workflowId": "string"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            userId: string;
            /** @description `none`: no erasure was requested; `erasing`: the erasure workflow is running; `erased`: the user is a tombstone. */
            status: 'none' | 'erasing' | 'erased';
            requestedAt: string | null;
            completedAt: string | null;
            workflowId: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  inviteUser: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "user@example.com",
         *       "teamId": "a4ede8ba-7c0a-4485-8763-cbd9b282fbec",
         *       "role": "User"
         *     }
         */
        'application/json': {
          /**
           * Format: email
           * @description Address to send the invitation to.
           */
          email: string;
          /**
           * Format: uuid
           * @description A team of the calling company (otherwise 404).
           */
          teamId: string;
          /** @description `User` (a standard rep) or `Manager` (a team manager): the invite vocabulary of spec 4.6. */
          role: 'User' | 'Manager';
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "email": "user@example.com",
           *       "teamId": "a4ede8ba-7c0a-4485-8763-cbd9b282fbec",
           *       "role": "User",
           *       "expirationDate": "2019-08-24T14:15:22Z",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "resendCount": 0
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /**
             * Format: email
             * @description Address the invitation was sent to.
             */
            email: string;
            /**
             * Format: uuid
             * @description Team the user will be assigned to.
             */
            teamId: string;
            /** @description `User` (a standard rep) or `Manager` (a team manager): the invite vocabulary of spec 4.6. */
            role: 'User' | 'Manager';
            /**
             * Format: date-time
             * @description createdAt + INVITATION_TTL (30 days by default); a resend does not move it.
             */
            expirationDate: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Times the invitation email has been resent; 0 for new invitations. */
            resendCount: number;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listInvitations: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "email": "user@example.com",
           *           "teamId": "a4ede8ba-7c0a-4485-8763-cbd9b282fbec",
           *           "role": "User",
           *           "expirationDate": "2019-08-24T14:15:22Z",
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "resendCount": 0
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /**
               * Format: email
               * @description Address the invitation was sent to.
               */
              email: string;
              /**
               * Format: uuid
               * @description Team the user will be assigned to.
               */
              teamId: string;
              /** @description `User` (a standard rep) or `Manager` (a team manager): the invite vocabulary of spec 4.6. */
              role: 'User' | 'Manager';
              /**
               * Format: date-time
               * @description createdAt + INVITATION_TTL (30 days by default); a resend does not move it.
               */
              expirationDate: string;
              /** Format: date-time */
              createdAt: string;
              /** @description Times the invitation email has been resent; 0 for new invitations. */
              resendCount: number;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "email": "user@example.com",
           *       "teamId": "a4ede8ba-7c0a-4485-8763-cbd9b282fbec",
           *       "role": "User",
           *       "expirationDate": "2019-08-24T14:15:22Z",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "resendCount": 0
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /**
             * Format: email
             * @description Address the invitation was sent to.
             */
            email: string;
            /**
             * Format: uuid
             * @description Team the user will be assigned to.
             */
            teamId: string;
            /** @description `User` (a standard rep) or `Manager` (a team manager): the invite vocabulary of spec 4.6. */
            role: 'User' | 'Manager';
            /**
             * Format: date-time
             * @description createdAt + INVITATION_TTL (30 days by default); a resend does not move it.
             */
            expirationDate: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Times the invitation email has been resent; 0 for new invitations. */
            resendCount: number;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "string",
         *       "firstName": "string",
         *       "lastName": "string"
         *     }
         */
        'application/json': {
          /** @description The token of the invitation link. */
          token: string;
          firstName: string;
          lastName?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "email": "user@example.com",
           *       "firstName": "string",
           *       "lastName": "string",
           *       "role": "User",
           *       "status": "invited",
           *       "externalId": "string",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "invitationUrl": "http://example.com"
           *     }
           */
          'application/json': {
            /**
             * Format: uuid
             * @description The user id; for an invited record, the invitation id.
             */
            id: string;
            /** Format: email */
            email: string;
            firstName: string | null;
            lastName: string | null;
            /** @description `Disabled` for disabled users, `Manager` for managers, `User` otherwise (reps and integration users). */
            role: 'User' | 'Manager' | 'Disabled';
            status: 'invited' | 'active' | 'disabled';
            externalId: string | null;
            /** Format: date-time */
            createdAt: string;
            invitationUrl: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description No longer available. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  invitationPage: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example string */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listTeams: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "name": "string",
           *           "type": "standard",
           *           "createdAt": "2019-08-24T14:15:22Z"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @description `integration` for the team that holds users created by integrations (one per company). */
              type: 'standard' | 'integration';
              /** Format: date-time */
              createdAt: string;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createTeam: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "string"
         *     }
         */
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "name": "string",
           *       "type": "standard",
           *       "createdAt": "2019-08-24T14:15:22Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description `integration` for the team that holds users created by integrations (one per company). */
            type: 'standard' | 'integration';
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCompanyActiveUserCount: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "totalCounts": {
           *         "total": 0,
           *         "reps": 0,
           *         "managers": 0,
           *         "lms": 0
           *       },
           *       "mainCompany": {
           *         "companyId": "8bb73d03-06b4-47c7-80c7-59301f770eda",
           *         "companyName": "string",
           *         "counts": {
           *           "total": 0,
           *           "reps": 0,
           *           "managers": 0,
           *           "lms": 0
           *         },
           *         "users": [
           *           {
           *             "firstName": "string",
           *             "lastName": "string",
           *             "role": "Rep",
           *             "lastLoggedIn": "2019-08-24T14:15:22Z"
           *           }
           *         ]
           *       },
           *       "childCompanies": [
           *         {
           *           "companyId": "8bb73d03-06b4-47c7-80c7-59301f770eda",
           *           "companyName": "string",
           *           "counts": {
           *             "total": 0,
           *             "reps": 0,
           *             "managers": 0,
           *             "lms": 0
           *           },
           *           "users": [
           *             {
           *               "firstName": "string",
           *               "lastName": "string",
           *               "role": "Rep",
           *               "lastLoggedIn": "2019-08-24T14:15:22Z"
           *             }
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @description total = reps + managers + lms. */
            totalCounts: {
              total: number;
              /** @description Active users with role Rep. */
              reps: number;
              /** @description Active users with role Manager. */
              managers: number;
              /** @description Active users with role Integration. */
              lms: number;
            };
            mainCompany: {
              /** Format: uuid */
              companyId: string;
              companyName: string;
              /** @description total = reps + managers + lms. */
              counts: {
                total: number;
                /** @description Active users with role Rep. */
                reps: number;
                /** @description Active users with role Manager. */
                managers: number;
                /** @description Active users with role Integration. */
                lms: number;
              };
              /** @description The company's active users. */
              users: {
                firstName: string;
                /** @description Empty string when the user has no last name. */
                lastName: string;
                role: 'Rep' | 'Manager' | 'Integration';
                /** @description When the user last logged in; null for a user who has never logged in (the spec types it date-time only). */
                lastLoggedIn: string | null;
              }[];
            };
            /** @description The caller's direct child companies (not grandchildren). */
            childCompanies: {
              /** Format: uuid */
              companyId: string;
              companyName: string;
              /** @description total = reps + managers + lms. */
              counts: {
                total: number;
                /** @description Active users with role Rep. */
                reps: number;
                /** @description Active users with role Manager. */
                managers: number;
                /** @description Active users with role Integration. */
                lms: number;
              };
              /** @description The company's active users. */
              users: {
                firstName: string;
                /** @description Empty string when the user has no last name. */
                lastName: string;
                role: 'Rep' | 'Manager' | 'Integration';
                /** @description When the user last logged in; null for a user who has never logged in (the spec types it date-time only). */
                lastLoggedIn: string | null;
              }[];
            }[];
          };
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAnalyticsActiveUserCount: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "totalCounts": {
           *         "total": 0,
           *         "reps": 0,
           *         "managers": 0,
           *         "lms": 0
           *       },
           *       "mainCompany": {
           *         "companyId": "8bb73d03-06b4-47c7-80c7-59301f770eda",
           *         "companyName": "string",
           *         "counts": {
           *           "total": 0,
           *           "reps": 0,
           *           "managers": 0,
           *           "lms": 0
           *         },
           *         "users": [
           *           {
           *             "firstName": "string",
           *             "lastName": "string",
           *             "role": "Rep",
           *             "lastLoggedIn": "2019-08-24T14:15:22Z"
           *           }
           *         ]
           *       },
           *       "childCompanies": [
           *         {
           *           "companyId": "8bb73d03-06b4-47c7-80c7-59301f770eda",
           *           "companyName": "string",
           *           "counts": {
           *             "total": 0,
           *             "reps": 0,
           *             "managers": 0,
           *             "lms": 0
           *           },
           *           "users": [
           *             {
           *               "firstName": "string",
           *               "lastName": "string",
           *               "role": "Rep",
           *               "lastLoggedIn": "2019-08-24T14:15:22Z"
           *             }
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @description total = reps + managers + lms. */
            totalCounts: {
              total: number;
              /** @description Active users with role Rep. */
              reps: number;
              /** @description Active users with role Manager. */
              managers: number;
              /** @description Active users with role Integration. */
              lms: number;
            };
            mainCompany: {
              /** Format: uuid */
              companyId: string;
              companyName: string;
              /** @description total = reps + managers + lms. */
              counts: {
                total: number;
                /** @description Active users with role Rep. */
                reps: number;
                /** @description Active users with role Manager. */
                managers: number;
                /** @description Active users with role Integration. */
                lms: number;
              };
              /** @description The company's active users. */
              users: {
                firstName: string;
                /** @description Empty string when the user has no last name. */
                lastName: string;
                role: 'Rep' | 'Manager' | 'Integration';
                /** @description When the user last logged in; null for a user who has never logged in (the spec types it date-time only). */
                lastLoggedIn: string | null;
              }[];
            };
            /** @description The caller's direct child companies (not grandchildren). */
            childCompanies: {
              /** Format: uuid */
              companyId: string;
              companyName: string;
              /** @description total = reps + managers + lms. */
              counts: {
                total: number;
                /** @description Active users with role Rep. */
                reps: number;
                /** @description Active users with role Manager. */
                managers: number;
                /** @description Active users with role Integration. */
                lms: number;
              };
              /** @description The company's active users. */
              users: {
                firstName: string;
                /** @description Empty string when the user has no last name. */
                lastName: string;
                role: 'Rep' | 'Manager' | 'Integration';
                /** @description When the user last logged in; null for a user who has never logged in (the spec types it date-time only). */
                lastLoggedIn: string | null;
              }[];
            }[];
          };
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "url": "http://example.com",
           *           "description": "string",
           *           "events": [
           *             "recording.processing.completed"
           *           ],
           *           "enabled": true,
           *           "disabledReason": "string",
           *           "apiVersion": "2026-11-21",
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "updatedAt": "2019-08-24T14:15:22Z"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uri */
              url: string;
              description: string | null;
              events: (
                | 'recording.processing.completed'
                | 'recording.processing.failed'
                | 'user.erased'
                | 'export.completed'
                | 'export.failed'
              )[];
              /** @description False once the receiver answered 410 Gone; nothing is sent to a disabled endpoint. */
              enabled: boolean;
              disabledReason: string | null;
              /**
               * @description The API version its events are rendered in and named with (`Sales-Practice-Version` on each delivery): the current one when the endpoint was created; PATCH changes it.
               * @enum {string}
               */
              apiVersion?: '2026-11-21' | '2026-11-23';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "http://example.com",
         *       "events": [
         *         "recording.processing.completed"
         *       ],
         *       "description": "string",
         *       "apiVersion": "2026-11-21"
         *     }
         */
        'application/json': {
          /**
           * Format: uri
           * @description An http(s) URL that receives POSTed events.
           */
          url: string;
          /** @description Event kinds to receive. */
          events: (
            | 'recording.processing.completed'
            | 'recording.processing.failed'
            | 'user.erased'
            | 'export.completed'
            | 'export.failed'
          )[];
          description?: string;
          /**
           * @description The API version to render its events in. Default: the current version.
           * @enum {string}
           */
          apiVersion?: '2026-11-21' | '2026-11-23';
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "url": "http://example.com",
           *       "description": "string",
           *       "events": [
           *         "recording.processing.completed"
           *       ],
           *       "enabled": true,
           *       "disabledReason": "string",
           *       "apiVersion": "2026-11-21",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "secret": "whsec_A"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            description: string | null;
            events: (
              | 'recording.processing.completed'
              | 'recording.processing.failed'
              | 'user.erased'
              | 'export.completed'
              | 'export.failed'
            )[];
            /** @description False once the receiver answered 410 Gone; nothing is sent to a disabled endpoint. */
            enabled: boolean;
            disabledReason: string | null;
            /**
             * @description The API version its events are rendered in and named with (`Sales-Practice-Version` on each delivery): the current one when the endpoint was created; PATCH changes it.
             * @enum {string}
             */
            apiVersion?: '2026-11-21' | '2026-11-23';
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Signing secret, shown only in this response. Store it: it verifies X-Service-Signature and the Standard Webhooks headers. */
            secret: string;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      204: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "http://example.com",
         *       "events": [
         *         "recording.processing.completed"
         *       ],
         *       "description": "string",
         *       "enabled": true,
         *       "apiVersion": "2026-11-21"
         *     }
         */
        'application/json': {
          /**
           * Format: uri
           * @description An http(s) URL that receives POSTed events.
           */
          url?: string;
          /** @description Event kinds to receive. */
          events?: (
            | 'recording.processing.completed'
            | 'recording.processing.failed'
            | 'user.erased'
            | 'export.completed'
            | 'export.failed'
          )[];
          description?: string | null;
          /** @description true re-enables an endpoint (e.g. one disabled after a 410 Gone); false stops deliveries to it. */
          enabled?: boolean;
          /**
           * @description The API version its events are rendered in from now on.
           * @enum {string}
           */
          apiVersion?: '2026-11-21' | '2026-11-23';
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "url": "http://example.com",
           *       "description": "string",
           *       "events": [
           *         "recording.processing.completed"
           *       ],
           *       "enabled": true,
           *       "disabledReason": "string",
           *       "apiVersion": "2026-11-21",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "eventsToRecover": 0
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            description: string | null;
            events: (
              | 'recording.processing.completed'
              | 'recording.processing.failed'
              | 'user.erased'
              | 'export.completed'
              | 'export.failed'
            )[];
            /** @description False once the receiver answered 410 Gone; nothing is sent to a disabled endpoint. */
            enabled: boolean;
            disabledReason: string | null;
            /**
             * @description The API version its events are rendered in and named with (`Sales-Practice-Version` on each delivery): the current one when the endpoint was created; PATCH changes it.
             * @enum {string}
             */
            apiVersion?: '2026-11-21' | '2026-11-23';
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Only when this request re-enabled a disabled endpoint: the kept events it subscribes to, since it was created, that it has not received; POST …/recover delivers them. */
            eventsToRecover?: number;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "expiresInSeconds": 0
         *     }
         */
        'application/json': {
          /** @description How long the previous secret keeps signing beside the new one, at most WEBHOOK_ROTATION_OVERLAP (24 hours by default, also when absent); 0 stops it at once. */
          expiresInSeconds?: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "url": "http://example.com",
           *       "description": "string",
           *       "events": [
           *         "recording.processing.completed"
           *       ],
           *       "enabled": true,
           *       "disabledReason": "string",
           *       "apiVersion": "2026-11-21",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "secret": "whsec_A",
           *       "previousSecretExpiresAt": "2019-08-24T14:15:22Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            description: string | null;
            events: (
              | 'recording.processing.completed'
              | 'recording.processing.failed'
              | 'user.erased'
              | 'export.completed'
              | 'export.failed'
            )[];
            /** @description False once the receiver answered 410 Gone; nothing is sent to a disabled endpoint. */
            enabled: boolean;
            disabledReason: string | null;
            /**
             * @description The API version its events are rendered in and named with (`Sales-Practice-Version` on each delivery): the current one when the endpoint was created; PATCH changes it.
             * @enum {string}
             */
            apiVersion?: '2026-11-21' | '2026-11-23';
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Signing secret, shown only in this response. Store it: it verifies X-Service-Signature and the Standard Webhooks headers. */
            secret: string;
            previousSecretExpiresAt: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "eventId": "d6703cc8-9e79-415d-ac03-a4dc7f6ab43c",
           *           "eventType": "string",
           *           "attempt": 1,
           *           "outcome": "delivered",
           *           "statusCode": 0,
           *           "error": "string",
           *           "durationMs": 0,
           *           "createdAt": "2019-08-24T14:15:22Z"
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              eventId: string;
              eventType: string;
              /** @description Attempt number for this event at this endpoint, from 1. */
              attempt: number;
              outcome: 'delivered' | 'failed';
              statusCode: number | null;
              error: string | null;
              durationMs: number;
              /** Format: date-time */
              createdAt: string;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  testWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "eventId": "d6703cc8-9e79-415d-ac03-a4dc7f6ab43c",
           *       "attempt": 1,
           *       "outcome": "delivered",
           *       "delivery": {
           *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *         "eventId": "d6703cc8-9e79-415d-ac03-a4dc7f6ab43c",
           *         "eventType": "string",
           *         "attempt": 1,
           *         "outcome": "delivered",
           *         "statusCode": 0,
           *         "error": "string",
           *         "durationMs": 0,
           *         "createdAt": "2019-08-24T14:15:22Z"
           *       }
           *     }
           */
          'application/json': {
            /**
             * Format: uuid
             * @description The event sent (for a redelivery, the original event id).
             */
            eventId: string;
            /** @description Attempt number of this event at this endpoint. */
            attempt: number;
            /** @description `pending`: the attempt was not made within WEBHOOK_ATTEMPT_WAIT; it still will be, see the deliveries. */
            outcome: 'delivered' | 'failed' | 'pending';
            delivery: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              eventId: string;
              eventType: string;
              /** @description Attempt number for this event at this endpoint, from 1. */
              attempt: number;
              outcome: 'delivered' | 'failed';
              statusCode: number | null;
              error: string | null;
              durationMs: number;
              /** Format: date-time */
              createdAt: string;
            } | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  redeliverWebhookEvent: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "eventId": "d6703cc8-9e79-415d-ac03-a4dc7f6ab43c",
           *       "attempt": 1,
           *       "outcome": "delivered",
           *       "delivery": {
           *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *         "eventId": "d6703cc8-9e79-415d-ac03-a4dc7f6ab43c",
           *         "eventType": "string",
           *         "attempt": 1,
           *         "outcome": "delivered",
           *         "statusCode": 0,
           *         "error": "string",
           *         "durationMs": 0,
           *         "createdAt": "2019-08-24T14:15:22Z"
           *       }
           *     }
           */
          'application/json': {
            /**
             * Format: uuid
             * @description The event sent (for a redelivery, the original event id).
             */
            eventId: string;
            /** @description Attempt number of this event at this endpoint. */
            attempt: number;
            /** @description `pending`: the attempt was not made within WEBHOOK_ATTEMPT_WAIT; it still will be, see the deliveries. */
            outcome: 'delivered' | 'failed' | 'pending';
            delivery: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              eventId: string;
              eventType: string;
              /** @description Attempt number for this event at this endpoint, from 1. */
              attempt: number;
              outcome: 'delivered' | 'failed';
              statusCode: number | null;
              error: string | null;
              durationMs: number;
              /** Format: date-time */
              createdAt: string;
            } | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description No longer available. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  recoverWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "since": "2026-11-24T06:00:00.000Z",
         *       "until": "2026-11-25T18:00:00.000Z"
         *     }
         */
        'application/json': {
          /**
           * Format: date-time
           * @description Events created at or after this time.
           */
          since: string;
          /**
           * Format: date-time
           * @description Events created before this time; now when absent.
           */
          until?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "queued": 0,
           *       "alreadyQueued": 0,
           *       "since": "2019-08-24T14:15:22Z",
           *       "until": "2019-08-24T14:15:22Z",
           *       "nextSince": "2019-08-24T14:15:22Z"
           *     }
           */
          'application/json': {
            /** @description Events queued for delivery: each one the endpoint subscribes to and has not received. */
            queued: number;
            /** @description Events of the window whose recovery from an earlier request is still being delivered. */
            alreadyQueued: number;
            /** Format: date-time */
            since: string;
            /** Format: date-time */
            until: string;
            nextSince: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listWebhookEvents: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "type": "string",
           *           "description": "string",
           *           "subscribable": true,
           *           "schema": {}
           *         }
           *       ]
           *     }
           */
          'application/json': {
            data: {
              /** @description The event type, as in the body's `type`. */
              type: string;
              description: string;
              /** @description Whether an endpoint can subscribe to it in `events` (the test event is sent on request only). */
              subscribable: boolean;
              /** @description JSON Schema (2020-12) of the whole request body a receiver gets. */
              schema: Record<string, never>;
            }[];
          };
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /**
         * @description Only events of this type (the types of GET /api/webhook-events).
         * @example recording.processing.completed
         */
        type?:
          | 'recording.processing.completed'
          | 'recording.processing.failed'
          | 'user.erased'
          | 'export.completed'
          | 'export.failed'
          | 'webhook.test'
          | 'webhook.endpoint.disabled';
        /**
         * @description Only events created at or after this time.
         * @example 2019-08-24T14:15:22Z
         */
        since?: string;
        /**
         * @description Only events created before this time.
         * @example 2019-08-24T14:15:22Z
         */
        until?: string;
        /**
         * @description Cursor: the id of the last event of the previous page; the page starts with the next older event.
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        starting_after?: string;
        /**
         * @description Maximum events returned.
         * @example 20
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "type": "string",
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "payload": {},
           *           "deliveries": [
           *             {
           *               "endpointId": "c8d2c7e1-e4b1-4108-9e29-3429a36a1ef3",
           *               "status": "delivered",
           *               "attempts": 1,
           *               "lastAttemptAt": "2019-08-24T14:15:22Z"
           *             }
           *           ]
           *         }
           *       ],
           *       "hasMore": true
           *     }
           */
          'application/json': {
            /** @description Newest first. */
            data: {
              /**
               * Format: uuid
               * @description The event id: the `webhook-id` header and the body's `id` of every delivery.
               */
              id: string;
              /** @description The event type. */
              type: string;
              /** Format: date-time */
              createdAt: string;
              /** @description The body as delivered (every delivery sends these bytes); its schema per type is in GET /api/webhook-events. */
              payload: Record<string, never>;
              /** @description Per endpoint that was sent the event: whether it received it. Empty when none was. */
              deliveries: {
                /** Format: uuid */
                endpointId: string;
                /** @description `delivered` once an attempt got a 2xx; `failed` while none did (it may still be retrying). */
                status: 'delivered' | 'failed';
                /** @description Attempts made at this endpoint. */
                attempts: number;
                /** Format: date-time */
                lastAttemptAt: string;
              }[];
            }[];
            /** @description Whether older events match: ask again with `starting_after` = the last id of `data`. */
            hasMore: boolean;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listRecordings: {
    parameters: {
      query?: {
        /**
         * @description Records to skip.
         * @example 0
         */
        offset?: number;
        /**
         * @description Maximum records returned.
         * @example 100
         */
        limit?: number;
        /**
         * @description Only recordings in this status.
         * @example accepted
         */
        status?: 'accepted' | 'fetching' | 'transcribing' | 'analyzing' | 'completed' | 'failed';
        /**
         * @description Only recordings of this user.
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        userId?: string;
        /**
         * @description Only recordings submitted for this roleplay.
         * @example 497f6eca-6276-4993-bfeb-53cbbbba6f08
         */
        roleplayId?: string;
        /**
         * @description Only the recording submitted with this externalId.
         * @example string
         */
        externalId?: string;
        /**
         * @description Only recordings submitted with this userUniqueIdentifier.
         * @example string
         */
        userUniqueIdentifier?: string;
        /**
         * @description Only recordings of this priority.
         * @example normal
         */
        priority?: 'normal' | 'bulk';
        /**
         * @description Only recordings created at or after this instant.
         * @example 2019-08-24T14:15:22Z
         */
        createdAfter?: string;
        /**
         * @description Only recordings created before this instant.
         * @example 2019-08-24T14:15:22Z
         */
        createdBefore?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *           "status": "accepted",
           *           "failureReason": "string",
           *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *           "sessionId": "f6567dd8-e069-418e-8893-7d22fcf12459",
           *           "roleplayId": "a61543db-8448-4d35-9d20-9a7a2feeb83d",
           *           "storeRecording": true,
           *           "priority": "normal",
           *           "createdAt": "2019-08-24T14:15:22Z",
           *           "updatedAt": "2019-08-24T14:15:22Z",
           *           "completedAt": "2019-08-24T14:15:22Z",
           *           "mediaDeletedAt": "2019-08-24T14:15:22Z",
           *           "externalId": "string",
           *           "metadata": {
           *             "crmCallId": "call-8812",
           *             "region": "emea"
           *           },
           *           "redactPii": true
           *         }
           *       ],
           *       "pagination": {
           *         "total": 0,
           *         "offset": 0,
           *         "limit": 1,
           *         "hasMore": true
           *       }
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              status: 'accepted' | 'fetching' | 'transcribing' | 'analyzing' | 'completed' | 'failed';
              failureReason: string | null;
              userId: string | null;
              sessionId: string | null;
              roleplayId: string | null;
              storeRecording: boolean;
              /** @description As submitted (`normal` when none was given). */
              priority: 'normal' | 'bulk';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              completedAt: string | null;
              /** @description When retention (RECORDING_RETENTION) deleted the stored media and the transcripts; null while they are kept. After that the session offers no audioUrl/videoUrl and result.snippets is empty; scores and measures stay. */
              mediaDeletedAt: string | null;
              /** @description Your reference, as submitted; absent when none was given. */
              externalId?: string;
              /**
               * @description Your key-value pairs, as submitted; absent when none were given or once the person was erased.
               * @example {
               *       "crmCallId": "call-8812",
               *       "region": "emea"
               *     }
               */
              metadata?: {
                [key: string]: string;
              };
              /** @description Whether personal data is redacted from this recording (its `redactPii`, else the company default). */
              redactPii: boolean;
            }[];
            pagination: {
              total: number;
              offset: number;
              limit: number;
              hasMore: boolean;
            };
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  submitRecording: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "userUniqueIdentifier": "rep-42",
         *       "userName": "Dana Reyes",
         *       "recordingPresignedUrl": "https://files.example.com/call.mp3",
         *       "storeRecording": true
         *     }
         */
        'application/json': {
          /** @description External user identifier. */
          userUniqueIdentifier: string;
          /** @description Name of the recording creator; used when a new Integration user is created. */
          userName: string;
          /**
           * Format: uri
           * @description http(s) URL the audio/video file is fetched from. Exactly one of recordingPresignedUrl and transcript.
           */
          recordingPresignedUrl?: string;
          /** @description Extension: a transcript instead of audio (no storage, no speech-to-text): WebVTT text or segments in seconds. Exactly one of recordingPresignedUrl and transcript; storeRecording must be false. Malformed WebVTT is a 400 naming the line. */
          transcript?:
            | string
            | {
                /** @description Name or label of the speaker. */
                speaker: string;
                /** @description Seconds from the start of the call. */
                start: number;
                /** @description Seconds from the start of the call; not before start. */
                end: number;
                /** @description What was said; at most 20000 characters, the longest utterance analysed. */
                text: string;
              }[];
          /** @description Extension, with transcript: the speaker who is the rep (default: the transcript's first speaker). */
          repSpeaker?: string;
          /** @description Extension, with recordingPresignedUrl: the channel of a stereo recording the rep is on (default: the channel that speaks first). */
          repChannel?: 'left' | 'right';
          /** @description true: the file is downloaded and stored before processing. Must be false with a transcript. */
          storeRecording: boolean;
          /**
           * Format: uuid
           * @description Extension: also store the result as a session of this roleplay of your company.
           */
          roleplayId?: string;
          /** @description Extension: your own reference for the recording (your call id), unique in your company: a second submission with it is 409 `external_id_taken` naming the recording that has it. Echoed in the recording, the list (filter `externalId`) and the recording's webhook events. */
          externalId?: string;
          /**
           * @description Extension: your key-value pairs for the recording (at most 50 keys, keys up to 40 characters, string values up to 500), echoed in the recording, the list and the recording's webhook events. Erasing the person removes them: do not rely on keeping personal data here.
           * @example {
           *       "crmCallId": "call-8812",
           *       "region": "emea"
           *     }
           */
          metadata?: {
            [key: string]: string;
          };
          /** @description Extension: `normal` (default) for live calls; `bulk` for imports and backfills, processed only when no normal work of any company waits (Temporal priority 5 against 3). Companies share the service fairly either way: one company's backlog never holds up another's. A bulk recording's webhooks are delivered at normal priority; a retry keeps the recording's priority. */
          priority?: 'normal' | 'bulk';
          /** @description Extension: true keeps card numbers (with their expiry and CVV), bank account and routing numbers, email addresses, phone numbers and US social security numbers out of everything the service keeps, sends and shows: each is replaced by its type in brackets (`[CREDIT_CARD_NUMBER]`), and silenced in the stored audio. Default: the company's default (false unless an operator set it). */
          redactPii?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "accepted",
           *       "recordingId": "bbd0b35c-32e1-4c5f-b1be-7f8fdbe015f2"
           *     }
           */
          'application/json': {
            /** @constant */
            status: 'accepted';
            /**
             * Format: uuid
             * @description Extension: follow the processing at GET /api/recording/{recordingId}.
             */
            recordingId: string;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRecording: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "status": "accepted",
           *       "failureReason": "string",
           *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *       "sessionId": "f6567dd8-e069-418e-8893-7d22fcf12459",
           *       "roleplayId": "a61543db-8448-4d35-9d20-9a7a2feeb83d",
           *       "storeRecording": true,
           *       "priority": "normal",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "mediaDeletedAt": "2019-08-24T14:15:22Z",
           *       "externalId": "string",
           *       "metadata": {
           *         "crmCallId": "call-8812",
           *         "region": "emea"
           *       },
           *       "redactPii": true,
           *       "result": {
           *         "analyzer": "builtin",
           *         "language": "en",
           *         "length": 0,
           *         "wpm": 0,
           *         "speakerAttribution": "channels",
           *         "talkRatio": 0,
           *         "longestMonologue": 0,
           *         "longestCustomerStory": 0,
           *         "interactivity": 0,
           *         "patience": 0,
           *         "numQuestions": 0,
           *         "customerQuestions": 0,
           *         "numFillerWords": 0,
           *         "fillerWords": [
           *           {
           *             "word": "string",
           *             "count": 1
           *           }
           *         ],
           *         "customerName": "string",
           *         "customerNameSource": "persona",
           *         "nameCount": 0,
           *         "score": 0,
           *         "passingScore": 0,
           *         "didPass": true,
           *         "snippets": [
           *           {
           *             "isUser": true,
           *             "text": "string"
           *           }
           *         ],
           *         "criteriaResponses": [
           *           {
           *             "title": "string",
           *             "passed": true,
           *             "explanation": "string",
           *             "weight": 0,
           *             "sectionTitle": "string",
           *             "assessable": false,
           *             "evidence": [
           *               {
           *                 "quote": "string",
           *                 "startMs": 0,
           *                 "speaker": "rep"
           *               }
           *             ],
           *             "noEvidenceReason": "string",
           *             "supported": false
           *           }
           *         ],
           *         "metricResponses": [
           *           {
           *             "title": "string",
           *             "passed": true,
           *             "explanation": "string",
           *             "weight": 0,
           *             "sectionTitle": "string",
           *             "assessable": false,
           *             "evidence": [
           *               {
           *                 "quote": "string",
           *                 "startMs": 0,
           *                 "speaker": "rep"
           *               }
           *             ],
           *             "noEvidenceReason": "string",
           *             "supported": false
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            status: 'accepted' | 'fetching' | 'transcribing' | 'analyzing' | 'completed' | 'failed';
            failureReason: string | null;
            userId: string | null;
            sessionId: string | null;
            roleplayId: string | null;
            storeRecording: boolean;
            /** @description As submitted (`normal` when none was given). */
            priority: 'normal' | 'bulk';
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            completedAt: string | null;
            /** @description When retention (RECORDING_RETENTION) deleted the stored media and the transcripts; null while they are kept. After that the session offers no audioUrl/videoUrl and result.snippets is empty; scores and measures stay. */
            mediaDeletedAt: string | null;
            /** @description Your reference, as submitted; absent when none was given. */
            externalId?: string;
            /**
             * @description Your key-value pairs, as submitted; absent when none were given or once the person was erased.
             * @example {
             *       "crmCallId": "call-8812",
             *       "region": "emea"
             *     }
             */
            metadata?: {
              [key: string]: string;
            };
            /** @description Whether personal data is redacted from this recording (its `redactPii`, else the company default). */
            redactPii: boolean;
            result: {
              /** @description Which analyzer judged the scorecard. */
              analyzer: 'builtin' | 'llm';
              /** @description Language the filler words and questions were counted in: the one the provider detected when it reports one, else the roleplay's, else en. */
              language: 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
              /** @description Duration in milliseconds. */
              length: number;
              /** @description The rep's words per minute of their own speaking time. */
              wpm: number;
              /** @description How the rep was told from the customer: channels (one side per audio channel), diarization (speaker labels from the provider), transcript (speakers named in a submitted transcript) or none (one unlabelled voice: the measures that need two speakers are left out). */
              speakerAttribution: 'channels' | 'diarization' | 'transcript' | 'none';
              /** @description The rep's share of the speaking time. Left out when speakerAttribution is none. */
              talkRatio?: number;
              /** @description The rep's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestMonologue?: number;
              /** @description The customer's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestCustomerStory?: number;
              /** @description Speaker switches per minute of the call. Left out when speakerAttribution is none. */
              interactivity?: number;
              /** @description Mean pause, in seconds, before the rep speaks after the customer stops. Left out when speakerAttribution is none or the rep never answers the customer. */
              patience?: number;
              /** @description Questions asked by the rep: sentences ending in a question mark, or without terminal punctuation and opening like a question in the analysis language ("how many…", "could we…"). */
              numQuestions: number;
              /** @description Questions asked by the customer. Left out when speakerAttribution is none. */
              customerQuestions?: number;
              /** @description Filler words said by the rep. */
              numFillerWords: number;
              fillerWords: {
                word: string;
                count: number;
              }[];
              /** @description The customer's name as far as it is known (see customerNameSource). */
              customerName: string | null;
              /** @description Where customerName comes from, strongest first: persona (the roleplay's customer persona), speakerName (the customer's speaker name in a submitted transcript; role labels such as "Customer" or "Speaker 2" are not names), selfIntroduction (the customer saying "this is …", "my name is …" in the analysis language), repGreeting (the rep addressing them at the start: "Hi Jordan"); null when the name is not known. Absent only in results analysed before the field existed. */
              customerNameSource?: 'persona' | 'speakerName' | 'selfIntroduction' | 'repGreeting' | null;
              /** @description Times the rep said the customer's first name or full name (whole words, any case; the full name counts once). */
              nameCount: number;
              score: number;
              passingScore: number;
              didPass: boolean;
              snippets: {
                isUser: boolean;
                text: string;
              }[];
              criteriaResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
              metricResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
            } | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  cancelRecording: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "status": "accepted",
           *       "failureReason": "string",
           *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *       "sessionId": "f6567dd8-e069-418e-8893-7d22fcf12459",
           *       "roleplayId": "a61543db-8448-4d35-9d20-9a7a2feeb83d",
           *       "storeRecording": true,
           *       "priority": "normal",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "mediaDeletedAt": "2019-08-24T14:15:22Z",
           *       "externalId": "string",
           *       "metadata": {
           *         "crmCallId": "call-8812",
           *         "region": "emea"
           *       },
           *       "redactPii": true,
           *       "result": {
           *         "analyzer": "builtin",
           *         "language": "en",
           *         "length": 0,
           *         "wpm": 0,
           *         "speakerAttribution": "channels",
           *         "talkRatio": 0,
           *         "longestMonologue": 0,
           *         "longestCustomerStory": 0,
           *         "interactivity": 0,
           *         "patience": 0,
           *         "numQuestions": 0,
           *         "customerQuestions": 0,
           *         "numFillerWords": 0,
           *         "fillerWords": [
           *           {
           *             "word": "string",
           *             "count": 1
           *           }
           *         ],
           *         "customerName": "string",
           *         "customerNameSource": "persona",
           *         "nameCount": 0,
           *         "score": 0,
           *         "passingScore": 0,
           *         "didPass": true,
           *         "snippets": [
           *           {
           *             "isUser": true,
           *             "text": "string"
           *           }
           *         ],
           *         "criteriaResponses": [
           *           {
           *             "title": "string",
           *             "passed": true,
           *             "explanation": "string",
           *             "weight": 0,
           *             "sectionTitle": "string",
           *             "assessable": false,
           *             "evidence": [
           *               {
           *                 "quote": "string",
           *                 "startMs": 0,
           *                 "speaker": "rep"
           *               }
           *             ],
           *             "noEvidenceReason": "string",
           *             "supported": false
           *           }
           *         ],
           *         "metricResponses": [
           *           {
           *             "title": "string",
           *             "passed": true,
           *             "explanation": "string",
           *             "weight": 0,
           *             "sectionTitle": "string",
           *             "assessable": false,
           *             "evidence": [
           *               {
           *                 "quote": "string",
           *                 "startMs": 0,
           *                 "speaker": "rep"
           *               }
           *             ],
           *             "noEvidenceReason": "string",
           *             "supported": false
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            status: 'accepted' | 'fetching' | 'transcribing' | 'analyzing' | 'completed' | 'failed';
            failureReason: string | null;
            userId: string | null;
            sessionId: string | null;
            roleplayId: string | null;
            storeRecording: boolean;
            /** @description As submitted (`normal` when none was given). */
            priority: 'normal' | 'bulk';
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            completedAt: string | null;
            /** @description When retention (RECORDING_RETENTION) deleted the stored media and the transcripts; null while they are kept. After that the session offers no audioUrl/videoUrl and result.snippets is empty; scores and measures stay. */
            mediaDeletedAt: string | null;
            /** @description Your reference, as submitted; absent when none was given. */
            externalId?: string;
            /**
             * @description Your key-value pairs, as submitted; absent when none were given or once the person was erased.
             * @example {
             *       "crmCallId": "call-8812",
             *       "region": "emea"
             *     }
             */
            metadata?: {
              [key: string]: string;
            };
            /** @description Whether personal data is redacted from this recording (its `redactPii`, else the company default). */
            redactPii: boolean;
            result: {
              /** @description Which analyzer judged the scorecard. */
              analyzer: 'builtin' | 'llm';
              /** @description Language the filler words and questions were counted in: the one the provider detected when it reports one, else the roleplay's, else en. */
              language: 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
              /** @description Duration in milliseconds. */
              length: number;
              /** @description The rep's words per minute of their own speaking time. */
              wpm: number;
              /** @description How the rep was told from the customer: channels (one side per audio channel), diarization (speaker labels from the provider), transcript (speakers named in a submitted transcript) or none (one unlabelled voice: the measures that need two speakers are left out). */
              speakerAttribution: 'channels' | 'diarization' | 'transcript' | 'none';
              /** @description The rep's share of the speaking time. Left out when speakerAttribution is none. */
              talkRatio?: number;
              /** @description The rep's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestMonologue?: number;
              /** @description The customer's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestCustomerStory?: number;
              /** @description Speaker switches per minute of the call. Left out when speakerAttribution is none. */
              interactivity?: number;
              /** @description Mean pause, in seconds, before the rep speaks after the customer stops. Left out when speakerAttribution is none or the rep never answers the customer. */
              patience?: number;
              /** @description Questions asked by the rep: sentences ending in a question mark, or without terminal punctuation and opening like a question in the analysis language ("how many…", "could we…"). */
              numQuestions: number;
              /** @description Questions asked by the customer. Left out when speakerAttribution is none. */
              customerQuestions?: number;
              /** @description Filler words said by the rep. */
              numFillerWords: number;
              fillerWords: {
                word: string;
                count: number;
              }[];
              /** @description The customer's name as far as it is known (see customerNameSource). */
              customerName: string | null;
              /** @description Where customerName comes from, strongest first: persona (the roleplay's customer persona), speakerName (the customer's speaker name in a submitted transcript; role labels such as "Customer" or "Speaker 2" are not names), selfIntroduction (the customer saying "this is …", "my name is …" in the analysis language), repGreeting (the rep addressing them at the start: "Hi Jordan"); null when the name is not known. Absent only in results analysed before the field existed. */
              customerNameSource?: 'persona' | 'speakerName' | 'selfIntroduction' | 'repGreeting' | null;
              /** @description Times the rep said the customer's first name or full name (whole words, any case; the full name counts once). */
              nameCount: number;
              score: number;
              passingScore: number;
              didPass: boolean;
              snippets: {
                isUser: boolean;
                text: string;
              }[];
              criteriaResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
              metricResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
            } | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  retryRecording: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "status": "accepted",
           *       "failureReason": "string",
           *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
           *       "sessionId": "f6567dd8-e069-418e-8893-7d22fcf12459",
           *       "roleplayId": "a61543db-8448-4d35-9d20-9a7a2feeb83d",
           *       "storeRecording": true,
           *       "priority": "normal",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "updatedAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "mediaDeletedAt": "2019-08-24T14:15:22Z",
           *       "externalId": "string",
           *       "metadata": {
           *         "crmCallId": "call-8812",
           *         "region": "emea"
           *       },
           *       "redactPii": true,
           *       "result": {
           *         "analyzer": "builtin",
           *         "language": "en",
           *         "length": 0,
           *         "wpm": 0,
           *         "speakerAttribution": "channels",
           *         "talkRatio": 0,
           *         "longestMonologue": 0,
           *         "longestCustomerStory": 0,
           *         "interactivity": 0,
           *         "patience": 0,
           *         "numQuestions": 0,
           *         "customerQuestions": 0,
           *         "numFillerWords": 0,
           *         "fillerWords": [
           *           {
           *             "word": "string",
           *             "count": 1
           *           }
           *         ],
           *         "customerName": "string",
           *         "customerNameSource": "persona",
           *         "nameCount": 0,
           *         "score": 0,
           *         "passingScore": 0,
           *         "didPass": true,
           *         "snippets": [
           *           {
           *             "isUser": true,
           *             "text": "string"
           *           }
           *         ],
           *         "criteriaResponses": [
           *           {
           *             "title": "string",
           *             "passed": true,
           *             "explanation": "string",
           *             "weight": 0,
           *             "sectionTitle": "string",
           *             "assessable": false,
           *             "evidence": [
           *               {
           *                 "quote": "string",
           *                 "startMs": 0,
           *                 "speaker": "rep"
           *               }
           *             ],
           *             "noEvidenceReason": "string",
           *             "supported": false
           *           }
           *         ],
           *         "metricResponses": [
           *           {
           *             "title": "string",
           *             "passed": true,
           *             "explanation": "string",
           *             "weight": 0,
           *             "sectionTitle": "string",
           *             "assessable": false,
           *             "evidence": [
           *               {
           *                 "quote": "string",
           *                 "startMs": 0,
           *                 "speaker": "rep"
           *               }
           *             ],
           *             "noEvidenceReason": "string",
           *             "supported": false
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            status: 'accepted' | 'fetching' | 'transcribing' | 'analyzing' | 'completed' | 'failed';
            failureReason: string | null;
            userId: string | null;
            sessionId: string | null;
            roleplayId: string | null;
            storeRecording: boolean;
            /** @description As submitted (`normal` when none was given). */
            priority: 'normal' | 'bulk';
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            completedAt: string | null;
            /** @description When retention (RECORDING_RETENTION) deleted the stored media and the transcripts; null while they are kept. After that the session offers no audioUrl/videoUrl and result.snippets is empty; scores and measures stay. */
            mediaDeletedAt: string | null;
            /** @description Your reference, as submitted; absent when none was given. */
            externalId?: string;
            /**
             * @description Your key-value pairs, as submitted; absent when none were given or once the person was erased.
             * @example {
             *       "crmCallId": "call-8812",
             *       "region": "emea"
             *     }
             */
            metadata?: {
              [key: string]: string;
            };
            /** @description Whether personal data is redacted from this recording (its `redactPii`, else the company default). */
            redactPii: boolean;
            result: {
              /** @description Which analyzer judged the scorecard. */
              analyzer: 'builtin' | 'llm';
              /** @description Language the filler words and questions were counted in: the one the provider detected when it reports one, else the roleplay's, else en. */
              language: 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
              /** @description Duration in milliseconds. */
              length: number;
              /** @description The rep's words per minute of their own speaking time. */
              wpm: number;
              /** @description How the rep was told from the customer: channels (one side per audio channel), diarization (speaker labels from the provider), transcript (speakers named in a submitted transcript) or none (one unlabelled voice: the measures that need two speakers are left out). */
              speakerAttribution: 'channels' | 'diarization' | 'transcript' | 'none';
              /** @description The rep's share of the speaking time. Left out when speakerAttribution is none. */
              talkRatio?: number;
              /** @description The rep's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestMonologue?: number;
              /** @description The customer's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestCustomerStory?: number;
              /** @description Speaker switches per minute of the call. Left out when speakerAttribution is none. */
              interactivity?: number;
              /** @description Mean pause, in seconds, before the rep speaks after the customer stops. Left out when speakerAttribution is none or the rep never answers the customer. */
              patience?: number;
              /** @description Questions asked by the rep: sentences ending in a question mark, or without terminal punctuation and opening like a question in the analysis language ("how many…", "could we…"). */
              numQuestions: number;
              /** @description Questions asked by the customer. Left out when speakerAttribution is none. */
              customerQuestions?: number;
              /** @description Filler words said by the rep. */
              numFillerWords: number;
              fillerWords: {
                word: string;
                count: number;
              }[];
              /** @description The customer's name as far as it is known (see customerNameSource). */
              customerName: string | null;
              /** @description Where customerName comes from, strongest first: persona (the roleplay's customer persona), speakerName (the customer's speaker name in a submitted transcript; role labels such as "Customer" or "Speaker 2" are not names), selfIntroduction (the customer saying "this is …", "my name is …" in the analysis language), repGreeting (the rep addressing them at the start: "Hi Jordan"); null when the name is not known. Absent only in results analysed before the field existed. */
              customerNameSource?: 'persona' | 'speakerName' | 'selfIntroduction' | 'repGreeting' | null;
              /** @description Times the rep said the customer's first name or full name (whole words, any case; the full name counts once). */
              nameCount: number;
              score: number;
              passingScore: number;
              didPass: boolean;
              snippets: {
                isUser: boolean;
                text: string;
              }[];
              criteriaResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
              metricResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
            } | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRecordingTranscript: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "recordingId": "bbd0b35c-32e1-4c5f-b1be-7f8fdbe015f2",
           *       "provider": "openai",
           *       "language": "string",
           *       "durationMs": 0,
           *       "speakerAttribution": "channels",
           *       "timing": "measured",
           *       "utterances": [
           *         {
           *           "startMs": 0,
           *           "endMs": 0,
           *           "speaker": "rep",
           *           "speakerLabel": "string",
           *           "text": "string",
           *           "timing": "measured"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** Format: uuid */
            recordingId: string;
            /** @description Who made the transcript: a speech-to-text provider, or `submitted` by the caller. */
            provider: 'openai' | 'deepgram' | 'assemblyai' | 'submitted';
            language: string | null;
            durationMs: number;
            /** @description How the speakers were told apart: stereo channels, diarization, the transcript, or not at all. */
            speakerAttribution: 'channels' | 'diarization' | 'transcript' | 'none';
            /** @description `measured`: the speech-to-text provider (or the submitted transcript) timed the words. `placed`: the provider gave text without times and the text was laid over the audio's voiced stretches, so the times are approximate. */
            timing: 'measured' | 'placed';
            utterances: {
              /** @description Milliseconds from the start of the call. */
              startMs: number;
              /** @description Milliseconds from the start of the call; not before startMs. */
              endMs: number;
              /** @description Who spoke: the rep (the submitted repSpeaker or repChannel, else the first labelled speaker), the customer (any other labelled speaker), or unknown (the transcript does not tell speakers apart, or this utterance has no label). */
              speaker: 'rep' | 'customer' | 'unknown';
              speakerLabel: string | null;
              text: string;
              /** @description `measured`: the speech-to-text provider (or the submitted transcript) timed the words. `placed`: the provider gave text without times and the text was laid over the audio's voiced stretches, so the times are approximate. */
              timing: 'measured' | 'placed';
            }[];
          };
          'text/vtt': string;
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description No longer available. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createExport: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).
         * @example x
         */
        'Idempotency-Key'?: string;
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "includeMedia": false,
         *       "childCompanyId": "2c5ba9a3-323f-4fd6-947d-0cde6238e05f"
         *     }
         */
        'application/json': {
          /**
           * @description Put the recordings' stored audio into the archive (`media/`).
           * @default false
           */
          includeMedia?: boolean;
          /**
           * Format: uuid
           * @description Export this direct child company (otherwise 403).
           */
          childCompanyId?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "companyId": "8bb73d03-06b4-47c7-80c7-59301f770eda",
           *       "status": "running",
           *       "includeMedia": true,
           *       "apiVersion": "string",
           *       "progress": {},
           *       "sizeBytes": 0,
           *       "downloadUrl": "http://example.com",
           *       "failureReason": "string",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "expiresAt": "2019-08-24T14:15:22Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The company exported: the caller, or the child it named.
             */
            companyId: string;
            /** @description `running`; `completed` (the archive can be downloaded until `expiresAt`); `failed` (`failureReason` says why); `withdrawn` (a person's erasure deleted the archive: export again); `expired` (EXPORT_RETENTION deleted it). */
            status: 'running' | 'completed' | 'failed' | 'withdrawn' | 'expired';
            includeMedia: boolean;
            /** @description The API version the items are written in: the request's Sales-Practice-Version header when it named one, else the API key's pinned version. */
            apiVersion: string;
            /** @description Per kind (`users`, `teams`, …, `media` with includeMedia): items written of items to write. Empty until the export has counted them. */
            progress: {
              [key: string]: {
                /** @description Items written to the archive so far. */
                written: number;
                /** @description Items to write, as counted when the export began. */
                total: number;
              };
            };
            sizeBytes: number | null;
            downloadUrl: string | null;
            failureReason: string | null;
            /** Format: date-time */
            createdAt: string;
            completedAt: string | null;
            expiresAt: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Conflicts with the current state. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description A dependency is unavailable; retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getExport: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).
         * @example 2026-11-23
         */
        'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
      };
      path: {
        /** @example 497f6eca-6276-4993-bfeb-53cbbbba6f08 */
        exportId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          /** @description The API version this answer was given in. */
          'Sales-Practice-Version'?: '2026-11-21' | '2026-11-23';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
           *       "companyId": "8bb73d03-06b4-47c7-80c7-59301f770eda",
           *       "status": "running",
           *       "includeMedia": true,
           *       "apiVersion": "string",
           *       "progress": {},
           *       "sizeBytes": 0,
           *       "downloadUrl": "http://example.com",
           *       "failureReason": "string",
           *       "createdAt": "2019-08-24T14:15:22Z",
           *       "completedAt": "2019-08-24T14:15:22Z",
           *       "expiresAt": "2019-08-24T14:15:22Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The company exported: the caller, or the child it named.
             */
            companyId: string;
            /** @description `running`; `completed` (the archive can be downloaded until `expiresAt`); `failed` (`failureReason` says why); `withdrawn` (a person's erasure deleted the archive: export again); `expired` (EXPORT_RETENTION deleted it). */
            status: 'running' | 'completed' | 'failed' | 'withdrawn' | 'expired';
            includeMedia: boolean;
            /** @description The API version the items are written in: the request's Sales-Practice-Version header when it named one, else the API key's pinned version. */
            apiVersion: string;
            /** @description Per kind (`users`, `teams`, …, `media` with includeMedia): items written of items to write. Empty until the export has counted them. */
            progress: {
              [key: string]: {
                /** @description Items written to the archive so far. */
                written: number;
                /** @description Items to write, as counted when the export began. */
                total: number;
              };
            };
            sizeBytes: number | null;
            downloadUrl: string | null;
            failureReason: string | null;
            /** Format: date-time */
            createdAt: string;
            completedAt: string | null;
            expiresAt: string | null;
          };
        };
      };
      /** @description Invalid request: the problems are listed in error.details, at most 50 (the message says how many more there were; a large invalid body is checked with its arrays cut to their first 100 items, and the message says "at least"). A body nested more than 64 levels deep is `json_too_deep`, before authentication; a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits"). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Missing, invalid, expired or revoked credential. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Unknown id, or an id of another company. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Rate limit exceeded. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  webhookRecordingProcessingCompleted: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'recording.processing.completed';
          /** Format: date-time */
          createdAt: string;
          data: {
            /** Format: uuid */
            recordingId: string;
            /** @constant */
            status: 'completed';
            /** @description The user the recording belongs to. */
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              userUniqueIdentifier: string;
            };
            /** @description The session created when the recording was submitted with a roleplayId. */
            sessionId: string | null;
            result: {
              /** @description Which analyzer judged the scorecard. */
              analyzer: 'builtin' | 'llm';
              /** @description Language the filler words and questions were counted in: the one the provider detected when it reports one, else the roleplay's, else en. */
              language: 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
              /** @description Duration in milliseconds. */
              length: number;
              /** @description The rep's words per minute of their own speaking time. */
              wpm: number;
              /** @description How the rep was told from the customer: channels (one side per audio channel), diarization (speaker labels from the provider), transcript (speakers named in a submitted transcript) or none (one unlabelled voice: the measures that need two speakers are left out). */
              speakerAttribution: 'channels' | 'diarization' | 'transcript' | 'none';
              /** @description The rep's share of the speaking time. Left out when speakerAttribution is none. */
              talkRatio?: number;
              /** @description The rep's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestMonologue?: number;
              /** @description The customer's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none. */
              longestCustomerStory?: number;
              /** @description Speaker switches per minute of the call. Left out when speakerAttribution is none. */
              interactivity?: number;
              /** @description Mean pause, in seconds, before the rep speaks after the customer stops. Left out when speakerAttribution is none or the rep never answers the customer. */
              patience?: number;
              /** @description Questions asked by the rep: sentences ending in a question mark, or without terminal punctuation and opening like a question in the analysis language ("how many…", "could we…"). */
              numQuestions: number;
              /** @description Questions asked by the customer. Left out when speakerAttribution is none. */
              customerQuestions?: number;
              /** @description Filler words said by the rep. */
              numFillerWords: number;
              fillerWords: {
                word: string;
                count: number;
              }[];
              /** @description The customer's name as far as it is known (see customerNameSource). */
              customerName: string | null;
              /** @description Where customerName comes from, strongest first: persona (the roleplay's customer persona), speakerName (the customer's speaker name in a submitted transcript; role labels such as "Customer" or "Speaker 2" are not names), selfIntroduction (the customer saying "this is …", "my name is …" in the analysis language), repGreeting (the rep addressing them at the start: "Hi Jordan"); null when the name is not known. Absent only in results analysed before the field existed. */
              customerNameSource?: 'persona' | 'speakerName' | 'selfIntroduction' | 'repGreeting' | null;
              /** @description Times the rep said the customer's first name or full name (whole words, any case; the full name counts once). */
              nameCount: number;
              score: number;
              passingScore: number;
              didPass: boolean;
              snippets: {
                isUser: boolean;
                text: string;
              }[];
              criteriaResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
              metricResponses: {
                title: string;
                /** @description true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score. */
                passed: boolean;
                explanation: string;
                weight: number;
                sectionTitle: string;
                /**
                 * @description Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). Such an item is neither passed nor failed and does not count towards the score.
                 * @constant
                 */
                assessable?: false;
                /** @description What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's media and transcript are deleted (retention, user erasure). */
                evidence: {
                  /** @description Words said in the call, verbatim as the transcript has them. */
                  quote: string;
                  /** @description Start of the transcript line the words are in, in milliseconds from the start of the call. */
                  startMs: number;
                  /** @description Who said them. */
                  speaker: 'rep' | 'customer';
                }[];
                /** @description Why evidence is empty; present exactly when it is. */
                noEvidenceReason?: string;
                /**
                 * @description Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the model said about the item is kept), and the item does not count towards the score.
                 * @constant
                 */
                supported?: false;
              }[];
            };
            /** @description The externalId the recording was submitted with. */
            externalId?: string;
            /** @description The metadata the recording was submitted with; absent in events about a person whose erasure was requested. */
            metadata?: {
              [key: string]: string;
            };
            /** @description The priority the recording was submitted with (absent in events kept before priorities existed). */
            priority?: 'normal' | 'bulk';
            /** @description Whether the recording's personal data is redacted (its `redactPii`, else the company default); absent in events written before it existed. */
            redactPii?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookRecordingProcessingFailed: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'recording.processing.failed';
          /** Format: date-time */
          createdAt: string;
          data: {
            /** Format: uuid */
            recordingId: string;
            /** @constant */
            status: 'failed';
            /** @description Null when the recording failed before its user was resolved. */
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              userUniqueIdentifier: string;
            } | null;
            /** @description What failed, e.g. "Transcription failed: …" or "Processing was cancelled". */
            reason: string;
            /** @description The externalId the recording was submitted with. */
            externalId?: string;
            /** @description The metadata the recording was submitted with; absent in events about a person whose erasure was requested. */
            metadata?: {
              [key: string]: string;
            };
            /** @description The priority the recording was submitted with (absent in events kept before priorities existed). */
            priority?: 'normal' | 'bulk';
            /** @description Whether the recording's personal data is redacted (its `redactPii`, else the company default); absent in events written before it existed. */
            redactPii?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookUserErased: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'user.erased';
          /** Format: date-time */
          createdAt: string;
          /** @description Nothing that identifies the person: only the user id the company asked about. */
          data: {
            /** Format: uuid */
            userId: string;
            /**
             * Format: date-time
             * @description When POST /api/user/{userId}/erase was first received.
             */
            requestedAt: string;
            /**
             * Format: date-time
             * @description When the tombstone replaced the name, email and external identifier.
             */
            erasedAt: string;
            /** @description Recordings that were still in progress and were cancelled. */
            recordingsCancelled: number;
            /** @description Recordings whose stored media, transcripts and snippets were deleted. */
            recordingsErased: number;
            /** @description Sessions whose snippets and media were deleted (their scores stay). */
            sessionsErased: number;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookExportCompleted: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'export.completed';
          /** Format: date-time */
          createdAt: string;
          /** @description GET /api/exports/{exportId} gives the download link. */
          data: {
            /** Format: uuid */
            exportId: string;
            /**
             * Format: uuid
             * @description The company exported: the caller, or the child company it named.
             */
            companyId: string;
            /** @constant */
            status: 'completed';
            /** @description The archive's size. */
            sizeBytes: number;
            /** Format: date-time */
            completedAt: string;
            /**
             * Format: date-time
             * @description When the archive is deleted (EXPORT_RETENTION after completedAt).
             */
            expiresAt: string;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookExportFailed: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'export.failed';
          /** Format: date-time */
          createdAt: string;
          data: {
            /** Format: uuid */
            exportId: string;
            /**
             * Format: uuid
             * @description The company exported: the caller, or the child company it named.
             */
            companyId: string;
            /** @constant */
            status: 'failed';
            /** @description What failed; asking for a new export is safe. */
            reason: string;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookWebhookEndpointDisabled: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'webhook.endpoint.disabled';
          /** Format: date-time */
          createdAt: string;
          /** @description Re-enable it with PATCH {"enabled": true} once its receiver works, then POST …/recover what it missed. */
          data: {
            /** Format: uuid */
            endpointId: string;
            /** @description Why it was disabled, as in the endpoint's `disabledReason`. */
            reason: string;
            /**
             * Format: date-time
             * @description The first failed attempt after its last delivered one.
             */
            failingSince: string;
            /** Format: date-time */
            disabledAt: string;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookWebhookTest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: uuid
           * @description Event id: the same on every retry and redelivery; de-duplicate on it.
           */
          id: string;
          /** @constant */
          type: 'webhook.test';
          /** Format: date-time */
          createdAt: string;
          data: {
            /** Format: uuid */
            endpointId: string;
            message: string;
          };
        };
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}

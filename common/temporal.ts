import { defineSearchAttributeKey } from '@temporalio/common';

// The one place where names shared by the API and the worker live: workflow id formats and search
// attribute keys (the task queue is a setting, TEMPORAL_TASK_QUEUE in config.ts). Workflows import this
// module, so it must stay deterministic.

export const searchAttributes = {
  CompanyId: defineSearchAttributeKey('CompanyId', 'KEYWORD'),
  RecordingId: defineSearchAttributeKey('RecordingId', 'KEYWORD'),
  RecordingStatus: defineSearchAttributeKey('RecordingStatus', 'KEYWORD'),
  /** The recording's user once resolved (patch `user-id-search-attribute`): a person's recordings in the Web UI. */
  UserId: defineSearchAttributeKey('UserId', 'KEYWORD'),
} as const;

/** The search attributes `admin temporal:setup` registers (cli/temporalSetup.ts); the tests' dev server starts with them. */
export const searchAttributeDefinitions: ReadonlyArray<{ name: string; type: 'Keyword' }> = [
  { name: 'CompanyId', type: 'Keyword' },
  { name: 'RecordingId', type: 'Keyword' },
  { name: 'RecordingStatus', type: 'Keyword' },
  { name: 'UserId', type: 'Keyword' },
];

/** The one schedule the worker keeps (worker/sweepSchedule.ts); its runs are `retention-sweep-<time>`. */
export const SWEEP_SCHEDULE_ID = 'retention-sweep';
/** The daily recording-retention schedule of earlier releases, which the worker removes. */
export const LEGACY_RETENTION_SCHEDULE_ID = 'recording-retention';

export const workflowIds = {
  recording: (recordingId: string): string => `recording-${recordingId}`,
  /** One workflow per invitation, by its row id: a workflow id is listed for the namespace's retention, so it names no person. */
  invitation: (invitationId: string): string => `invitation-${invitationId.toLowerCase()}`,
  /** One delivery workflow per event and endpoint: a replayed or retried notify never sends twice. */
  webhookDelivery: (eventId: string, endpointId: string): string => `webhook-${eventId}-${endpointId}`,
  /** One erasure per person: a second request finds the same workflow (docs/security.md, "Erasure of a person"). */
  userErasure: (companyId: string, userId: string): string => `user-erasure-${companyId}-${userId}`.toLowerCase(),
  /** One offboarding per company; it carries no CompanyId search attribute (it would outlive the company). */
  companyOffboarding: (companyId: string): string => `company-offboarding-${companyId}`.toLowerCase(),
  /** One workflow per export row (POST /api/exports); the row, not the id, keeps one export per company running. */
  companyExport: (exportId: string): string => `company-export-${exportId.toLowerCase()}`,
};

/**
 * Temporal's task queue priority keys (1 runs first; the server's default range is 1–5 and unset means 3).
 * Every start names its own (common/workflowStarts/priority.ts); workflow code reads them too, to start a
 * bulk recording's webhook deliveries at normal priority (a child would otherwise inherit bulk).
 */
export const priorityKeys = {
  /** Live work: every company's recordings, deliveries, invitations, erasures. */
  normal: 3,
  /** `"priority": "bulk"` recordings (imports, backfills): dispatched only when no normal task waits. */
  bulk: 5,
} as const;

/**
 * The signal a recording's run is woken by when a released place of its company was handed to it (issue 50:
 * activities/companyLimit.ts sends it, workflows/companyLimit.ts waits for it); its argument is the waiting
 * step's key.
 */
export const COMPANY_PLACE_SIGNAL = 'companyPlace';

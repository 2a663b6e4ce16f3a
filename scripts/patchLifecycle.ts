import type { temporal } from '@temporalio/proto';

// Every patched() id of the workflows with its lifecycle (docs/operations.md, "Patches"): what it guards,
// when it landed, the workflow types whose runs reach it, and where it stands. `npm run replay-check`
// reports, per id, the oldest open run that still needs the id's old branch; scripts/patch-table.ts renders
// the documentation's table from this list and the committed histories (test/histories).

export type PatchState = 'patched' | 'deprecated';

export interface PatchEntry {
  id: string;
  /** Workflow types whose code calls patched(id) (webhookNotify runs inside both of its callers). */
  workflowTypes: string[];
  guards: string;
  /** The commit that added it: date and short hash. */
  landed: string;
  /** `patched`: both branches kept; `deprecated`: deprecatePatch(id), old branch deleted. */
  state: PatchState;
}

export const PATCHES: PatchEntry[] = [
  {
    id: 'media-step',
    workflowTypes: ['recordingIntake'],
    guards:
      'The media step (probe, 16 kHz rendition, pieces within the provider limits) before speech-to-text; the old branch transcribes the file in one call.',
    landed: '2026-11-22 (7208866)',
    state: 'patched',
  },
  {
    id: 'transcript-submissions',
    workflowTypes: ['recordingIntake'],
    guards:
      'A submitted transcript skips fetching and speech-to-text. Only runs of submitted transcripts call it, so audio runs never need its old branch.',
    landed: '2026-11-22 (c85c4fc)',
    state: 'patched',
  },
  {
    id: 'webhook-retry-from-worker',
    workflowTypes: ['recordingIntake', 'userErasure'],
    guards:
      "Deliveries take the worker's retry policy (webhookRetryPolicy activity); older runs use the policy in their input.",
    landed: '2026-11-22 (949cdc9)',
    state: 'patched',
  },
  {
    id: 'user-id-search-attribute',
    workflowTypes: ['recordingIntake'],
    guards: 'The run upserts the UserId search attribute once the user is resolved (a command in history).',
    landed: '2026-11-23 (8cd4e55)',
    state: 'patched',
  },
  {
    id: 'claim-check',
    workflowTypes: ['recordingIntake'],
    guards:
      "Ids only in the run's history: the user resolved to an id, the analysis kept on the recording (analyzeAndKeepRecording), webhook events written to MySQL and delivered by id. Older runs pass the person's data as activity results and arguments.",
    landed: '2026-11-25 (5be2ccb)',
    state: 'patched',
  },
  {
    id: 'first-piece-first',
    workflowTypes: ['recordingIntake'],
    guards:
      "With a provider that labels speakers per request, each side's first piece is transcribed alone, and later pieces send the speakers it labelled (reference clips); older runs scheduled every piece at once.",
    landed: '2026-11-25 (699256b)',
    state: 'patched',
  },
  {
    id: 'folded-steps',
    workflowTypes: ['recordingIntake'],
    guards:
      "A recording costs ~5 workflow tasks: each long step sets its status as its first write, the short database steps are local activities, and a webhook's first attempt is made by the run (a delivery child only to retry). Older runs keep the stepwise shape (workflows/recordingIntakeStepwise.ts).",
    landed: '2026-11-25 (4525782)',
    state: 'patched',
  },
  {
    id: 'keep-every-event',
    workflowTypes: ['recordingIntake'],
    guards:
      "A recording's event is written to webhook_events before the targets are listed, whether or not an endpoint subscribes (GET /api/events, recover). Older runs list the targets first and keep the event only when one subscribes.",
    landed: '2026-11-26 (475a339)',
    state: 'patched',
  },
  {
    id: 'otel-tracing',
    workflowTypes: [
      'connectivityCheck',
      'invitation',
      'recordingIntake',
      'recordingRetention',
      'userErasure',
      'webhookDelivery',
    ],
    guards:
      "Temporal's OpenTelemetry workflow interceptors (workflows/tracing.ts): spans for the run and each activity it schedules. They draw span ids from the run's seeded random source, which uuid4() shares, so older runs go untraced and keep their event ids.",
    landed: '2026-11-26 (d602b75)',
    state: 'patched',
  },
];

const PATCH_MARKER = 'core_patch';

/** The patch ids whose markers a history holds (the SDK records one the first time patched(id) runs). */
export function patchMarkersOf(history: temporal.api.history.v1.IHistory): Set<string> {
  const ids = new Set<string>();
  for (const event of history.events ?? []) {
    const marker = event.markerRecordedEventAttributes;
    if (marker?.markerName !== PATCH_MARKER) continue;
    const data = marker.details?.['patch-data']?.payloads?.[0]?.data;
    if (!data) continue;
    const parsed = JSON.parse(Buffer.from(data).toString('utf8')) as { id?: unknown };
    if (typeof parsed.id === 'string') ids.add(parsed.id);
  }
  return ids;
}

/**
 * Whether a run of `workflowType` with this history may still need the old branch of `patch`: it has no
 * marker for it, so a replay takes the old branch wherever it passed the patched() call. (A run that has
 * not reached the call yet would take the new branch; without knowing how far it got, it counts.)
 */
export function needsOldBranch(
  patch: PatchEntry,
  workflowType: string,
  history: temporal.api.history.v1.IHistory,
): boolean {
  return patch.workflowTypes.includes(workflowType) && !patchMarkersOf(history).has(patch.id);
}

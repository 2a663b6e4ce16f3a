import type { temporal } from '@temporalio/proto';
import { previousRelease } from './releases';

// Every patched() id of the workflows with its lifecycle (docs/operations.md, "Patches"): what it guards,
// when it landed, the workflow types whose runs reach it, and where it stands. `npm run replay-check`
// reports, per id, the oldest open run that still needs the id's old branch; scripts/patch-table.ts renders
// the documentation's table from this list and the committed histories (test/histories).

export type PatchState = 'patched' | 'deprecated';

// Releases are the commits listed in RELEASES.md (docs/operations.md, "Releases and upgrades"; scripts/releases.ts
// reads it). The supported upgrade is from the previous release with work in flight, so a patch's old branch stays
// while a run the previous release started can take it; then the call becomes deprecatePatch (old branch deleted),
// and a release later it goes.
/** The release the supported upgrade starts from: the last one listed. */
export const PREVIOUS_RELEASE = previousRelease().name;
/** The release being built on main (listed once its commit exists). */
export const THIS_RELEASE = `the release after ${PREVIOUS_RELEASE}`;
/** The release after that. */
export const RELEASE_AFTER_NEXT = 'the release after next';

export interface PatchEntry {
  id: string;
  /** Workflow types whose code calls patched(id) (webhookNotify runs inside both of its callers). */
  workflowTypes: string[];
  guards: string;
  /** The commit that added it: date and short hash. */
  landed: string;
  /** `patched`: both branches kept; `deprecated`: deprecatePatch(id), old branch deleted. */
  state: PatchState;
  /** When it moves on: the release whose code deprecates it (old branch deleted), and the one that removes the call. */
  deprecateIn: string;
  removeIn: string;
}

export const PATCHES: PatchEntry[] = [
  {
    id: 'first-attempt-activity',
    workflowTypes: ['recordingIntake'],
    guards:
      'The first attempt of a webhook made by the recording run is an ordinary activity (never sent again by a retried workflow task); runs from before made it a local activity. No release started such runs.',
    landed: '2026-11-26 (issue 35)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
  {
    id: 'keep-every-event',
    workflowTypes: ['recordingIntake'],
    guards:
      "A recording's event is written to webhook_events before the targets are listed, whether or not an endpoint subscribes (GET /api/events, recover). Older runs list the targets first and keep the event only when one subscribes.",
    landed: '2026-11-26 (475a339)',
    state: 'deprecated',
    deprecateIn: THIS_RELEASE,
    removeIn: RELEASE_AFTER_NEXT,
  },
  {
    id: 'otel-tracing',
    // The interceptors are bundled with every workflow (worker/bundleWorkflows.ts): every kind the worker
    // registers reaches the call (test/operations/workflowKinds.test.ts keeps this list whole).
    workflowTypes: [
      'companyExport',
      'companyOffboarding',
      'connectivityCheck',
      'invitation',
      'recordingIntake',
      'recordingRetention',
      'retentionSweep',
      'userErasure',
      'webhookDelivery',
    ],
    guards:
      "Temporal's OpenTelemetry workflow interceptors (workflows/tracing.ts): spans for the run and each activity it schedules. They draw span ids from the run's seeded random source, which uuid4() shares, so older runs go untraced and keep their event ids.",
    landed: '2026-11-26 (d602b75)',
    state: 'deprecated',
    deprecateIn: THIS_RELEASE,
    removeIn: RELEASE_AFTER_NEXT,
  },
  {
    id: 'company-activity-limit',
    workflowTypes: ['recordingIntake'],
    guards:
      "The media and speech-to-text activities ask for one of the company's places (COMPANY_MAX_ACTIVE_MEDIA) and the run waits and asks again while the company holds them all (workflows/companyLimit.ts); older runs schedule them without asking, as before.",
    landed: '2026-11-27 (issue 41)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
  {
    id: 'company-place-queue',
    workflowTypes: ['recordingIntake'],
    guards:
      "A run with no free place of its company joins the company's queue of waiters and waits for the signal that hands it a released place, with a long jittered fallback timer (workflows/companyLimit.ts); the download, the silencing and the LLM analysis take a place too. Older runs poll on a timer doubling to 10 s, and only their media and speech-to-text steps take a place.",
    landed: '2026-11-28 (issue 50)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
  {
    id: 'sweep-closed-runs',
    workflowTypes: ['retentionSweep'],
    guards:
      "After the sweeps of expired rows, the retention sweep fails the recordings and exports whose workflow run closed (terminated, timed out) without writing an outcome, with the recording's failed event (activities/closedRuns.ts); older runs end without that step.",
    landed: '2026-11-28 (issue 50)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
  {
    id: 'erasure-withdraws-exports',
    workflowTypes: ['userErasure'],
    guards:
      "After the tombstone, the erasure deletes every unexpired export archive of the person's company (issue 44; the exports read `withdrawn`); older runs end without that step.",
    landed: '2026-11-27 (issue 44)',
    state: 'deprecated',
    deprecateIn: THIS_RELEASE,
    removeIn: RELEASE_AFTER_NEXT,
  },
  {
    id: 'erasure-continues-as-new',
    workflowTypes: ['userErasure'],
    guards:
      'Between two batches of recordings or sessions, the erasure continues as new when Temporal suggests it, carrying where it was and its counts (issue 50 §3); older runs erase every batch in one run.',
    landed: '2026-11-28 (issue 50)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
  {
    id: 'invitation-continues-while-sending',
    workflowTypes: ['invitation'],
    guards:
      'Before each email an invitation owes, the run continues as new when Temporal suggests it (resends that keep arriving while an email is sent never let it wait, where older runs check); older runs check only while they wait.',
    landed: '2026-11-28 (issue 50)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
  {
    id: 'redacted-audio',
    workflowTypes: ['recordingIntake'],
    guards:
      'A stored recording with redactPii: once its transcript is known, the stored file is replaced by one silent where something was redacted (silenceRedactedAudio). Asked only by runs whose transcript has redactions; older runs never reach it (their stitchTranscript returned no redactedSpans).',
    landed: '2026-11-27 (issue 43)',
    state: 'patched',
    deprecateIn: RELEASE_AFTER_NEXT,
    removeIn: 'a release after that',
  },
];

/**
 * What runs or processes of an older release still need that is not a patch: kept until they are drained, with
 * the release that removes it (docs/operations.md's table shows these too).
 */
export interface KeptForPreviousRelease {
  what: string;
  where: string;
  removeIn: string;
}

export const KEPT_FOR_PREVIOUS_RELEASE: KeptForPreviousRelease[] = [
  // The column's name is not spelled out here: test/support/releaseSchema.ts finds a release's uses of a dropped
  // column by a word search of its TypeScript, and would take this text for one.
  {
    what: "The recordings column of the submitted transcript as sent: no longer written since v2026.11.26, emptied by migration 20261127200100; v2026.11.27's retention and erasure still clear it, this release's code no longer names it",
    where: 'a migration dropping it',
    removeIn: RELEASE_AFTER_NEXT,
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

import path from 'node:path';
import type { Client } from '@temporalio/client';
import { ofPreviousRelease } from './replayHistories';
import { keepRunHistory } from './runChain';

// Recorded histories of the retention cleanup (workflows/recordingRetention.ts) and of the sweep run that
// starts it (workflows/retentionSweep.ts), replayed by test/recordings/retentionReplay.test.ts. Written only
// with RECORD_HISTORIES=1 (docs/architecture.md, Tests).

const HISTORIES = path.join(__dirname, '..', 'histories');

export const retentionHistoryDir = (): string => path.join(HISTORIES, 'recordingRetention');
export const sweepHistoryDir = (): string => path.join(HISTORIES, 'retentionSweep');

/** Every committed recordingRetention history; the replay test fails when one is missing. */
export const RETENTION_HISTORIES = ['continued-as-new', 'nothing-due'] as const;
/** Runs of the previous release (RELEASES.md), recorded by its own tests. */
export const PREVIOUS_RELEASE_RETENTION_HISTORIES = ofPreviousRelease(RETENTION_HISTORIES);
export type RetentionHistoryName = (typeof RETENTION_HISTORIES)[number];

/** Every committed retentionSweep history: a run with the recordings' cleanup as a child, and one without. */
export const SWEEP_HISTORIES = ['recordings-swept', 'recordings-kept'] as const;
/** Sweep runs of the previous release (RELEASES.md), recorded by its own retention tests. */
export const PREVIOUS_RELEASE_SWEEP_HISTORIES = ofPreviousRelease(SWEEP_HISTORIES);
export type SweepHistoryName = (typeof SWEEP_HISTORIES)[number];

/** With RECORD_HISTORIES=1, writes the history of that (finished) run to `dir`/<name>.json. */
const keepHistory = (dir: string, client: Client, workflowId: string, runId: string, name: string): Promise<void> =>
  keepRunHistory(client, dir, name, workflowId, runId);

export const keepRetentionHistory = (
  client: Client,
  workflowId: string,
  runId: string,
  name: RetentionHistoryName,
): Promise<void> => keepHistory(retentionHistoryDir(), client, workflowId, runId, name);

export const keepSweepHistory = (
  client: Client,
  workflowId: string,
  runId: string,
  name: SweepHistoryName,
): Promise<void> => keepHistory(sweepHistoryDir(), client, workflowId, runId, name);

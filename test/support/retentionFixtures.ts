import fs from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { historyToJson } from './histories';
import { ofPreviousRelease } from './replayHistories';

// Recorded histories of the retention cleanup (workflows/recordingRetention.ts), replayed by
// test/recordings/retentionReplay.test.ts. Written only with RECORD_HISTORIES=1 (docs/architecture.md, Tests).

const HISTORY_DIR = path.join(__dirname, '..', 'histories', 'recordingRetention');

export const retentionHistoryDir = (): string => HISTORY_DIR;

/** Every committed recordingRetention history; the replay test fails when one is missing. */
export const RETENTION_HISTORIES = ['continued-as-new', 'nothing-due'] as const;
/** Runs of the previous release (RELEASES.md), recorded by its own tests. */
export const PREVIOUS_RELEASE_RETENTION_HISTORIES = ofPreviousRelease(RETENTION_HISTORIES);
export type RetentionHistoryName = (typeof RETENTION_HISTORIES)[number];

/** With RECORD_HISTORIES=1, writes the history of that (finished) run to test/histories/recordingRetention/<name>.json. */
export async function keepRetentionHistory(
  client: Client,
  workflowId: string,
  runId: string,
  name: RetentionHistoryName,
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  await fs.mkdir(HISTORY_DIR, { recursive: true });
  await fs.writeFile(
    path.join(HISTORY_DIR, `${name}.json`),
    historyToJson(await client.workflow.getHandle(workflowId, runId).fetchHistory()),
  );
}

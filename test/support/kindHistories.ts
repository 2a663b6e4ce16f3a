import fs from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { historyToJson } from './histories';
import { ofPreviousRelease } from './replayHistories';

// Recorded histories of the workflow kinds whose runs a deploy most often finds in flight beside the recordings,
// invitations, erasures and retention (those have fixtures of their own): exports (an attempt may take hours),
// offboardings and webhook deliveries (retried for about 27 hours). Replayed by test/operations/workflowKinds.test.ts;
// written only with RECORD_HISTORIES=1 (docs/architecture.md, "Workflow histories"), by the tests named below.

const HISTORIES = path.join(__dirname, '..', 'histories');

/** Every committed history of these kinds, by kind, with the test that records it. */
export const KIND_HISTORIES = {
  // test/exports/exportCrash.test.ts: the worker is killed mid-archive, another resumes from the heartbeat.
  companyExport: ['worker-killed-resumed'],
  // test/companies/offboarding.test.ts: the worker is killed while the run cancels the company's work;
  // test/companies/offboardingContinueAsNew.test.ts: a run that continues as new mid-deletion, and the run it resumed as.
  companyOffboarding: ['worker-killed', 'continued-as-new', 'resumed'],
  // test/webhooks/delivery.test.ts: three 500s, each retried on the schedule, then a 200.
  webhookDelivery: ['retried-until-delivered'],
} as const;

export type HistoryKind = keyof typeof KIND_HISTORIES;
export type KindHistoryName<K extends HistoryKind> = (typeof KIND_HISTORIES)[K][number];

export const kindHistoryDir = (kind: string): string => path.join(HISTORIES, kind);

/** Today's names and the previous release's (`<name>.<release>`, recorded by that release's own tests). */
export const expectedKindHistories = (kind: HistoryKind): string[] => [
  ...KIND_HISTORIES[kind],
  ...ofPreviousRelease(KIND_HISTORIES[kind]),
];

/** With RECORD_HISTORIES=1, writes the history of that (closed) run to test/histories/<kind>/<name>.json. */
export async function keepKindHistory<K extends HistoryKind>(
  client: Client,
  kind: K,
  name: KindHistoryName<K>,
  workflowId: string,
  runId?: string,
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  await fs.mkdir(kindHistoryDir(kind), { recursive: true });
  await fs.writeFile(
    path.join(kindHistoryDir(kind), `${name}.json`),
    historyToJson(await client.workflow.getHandle(workflowId, runId).fetchHistory()),
  );
}

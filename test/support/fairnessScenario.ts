import { expect } from 'chai';
import type { Knex } from 'knex';
import type { RecordingAccepted } from '../../api/schemas/recordings';
import type { ApiRequests } from './api';
import { waitForRecording } from './recordingFixtures';

// Fairness as a user sees it (issue 41 §4): one company's backlog of recordings, then another's one; how long
// that one takes against its time alone, and how much of the backlog is still waiting when it is done. Shared
// by the dev-server tests (test/recordings/fairness.test.ts) and the real cluster's (test/cluster/).

/** A short call as a submitted transcript: no audio, no provider; the work is the analysis and the workflow. */
export const SHORT_CALL = `WEBVTT

1
00:00:00.000 --> 00:00:04.000
<v Sam Seller>Hi Dana, this is Sam from Acme. Do you have a minute?

2
00:00:04.500 --> 00:00:08.000
<v Dana Reyes>Sure, what is it about?

3
00:00:08.500 --> 00:00:12.000
<v Sam Seller>Could we book a demo for Tuesday?
`;

export type SubmissionBody = Record<string, unknown>;

export const transcriptSubmission = (extra: SubmissionBody = {}): SubmissionBody => ({
  userUniqueIdentifier: 'crm-fair',
  userName: 'Sam Seller',
  transcript: SHORT_CALL,
  storeRecording: false,
  ...extra,
});

/** Submits one recording; its id. */
export async function submit(api: ApiRequests, apiKey: string, body: SubmissionBody): Promise<string> {
  const res = await api.request<RecordingAccepted>('POST', '/api/recording', { apiKey, json: body });
  expect(res.status, res.text).to.equal(200);
  return res.body.recordingId;
}

/** Submits `count` recordings, `concurrency` requests at a time, as a backfill script would; their ids. */
export async function submitMany(
  api: ApiRequests,
  apiKey: string,
  count: number,
  body: SubmissionBody,
  concurrency = 8,
): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      next += 1;
      ids.push(await submit(api, apiKey, body));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return ids;
}

/** Submits one recording and waits for it: how long it took from the request to its completion, in ms. */
export async function timeToComplete(
  api: ApiRequests,
  apiKey: string,
  body: SubmissionBody,
  timeoutMs: number,
): Promise<{ ms: number; id: string }> {
  const started = performance.now();
  const id = await submit(api, apiKey, body);
  const done = await waitForRecording(api, apiKey, id, timeoutMs);
  expect(done.status, done.failureReason ?? '').to.equal('completed');
  return { ms: performance.now() - started, id };
}

/** The recordings among `ids` not finished yet (as GET /api/recording would show them). */
export async function unfinished(db: Knex, ids: string[]): Promise<number> {
  const [row] = (await db('recordings')
    .whereIn('id', ids)
    .whereNotIn('status', ['completed', 'failed'])
    .count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row.n);
}

/** Waits until every recording of `ids` has completed (none failed). */
export async function allCompleted(db: Knex, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await db('recordings')
      .whereIn('id', ids)
      .select('status')
      .count({ n: '*' })
      .groupBy('status')) as Array<{ status: string; n: number | string }>;
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    expect(by.failed ?? 0, 'failed recordings').to.equal(0);
    if ((by.completed ?? 0) === ids.length) return;
    if (Date.now() > deadline) throw new Error(`after ${timeoutMs} ms: ${JSON.stringify(by)} of ${ids.length}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The bound for the one recording behind a backlog: within max(10 s, 3 × its time alone). */
export const fairBound = (aloneMs: number): number => Math.max(10_000, 3 * aloneMs);

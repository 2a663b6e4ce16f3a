import type { Client } from '@temporalio/client';
import type { Connection } from 'mysql2/promise';
import { workflowIds } from '../common/temporal';
import type { SpokenSegment } from '../test/support/sttServers';
import { BENCH_CALL } from './endToEnd';
import { cpuPerRecording, readCpu } from './processCpu';
import { recordingCall } from './recordingCall';
import type { ScenarioFigures } from './costDollars';
import type { Stack } from './stack';
import { addCosts, historyCost, type HistoryCost } from './temporalActions';
import { actionsPer, readActionCounter, totalActions } from './temporalMetrics';

// The scenarios of the cost part (bench/cost.ts) and how one is measured: N recordings through the real API
// and worker, between two readings of the processes' CPU, MySQL's statement count and the Temporal server's
// action counter; then the histories of the recordings and their children, counted by Cloud's rules.

export interface Scenario {
  name: string;
  /** Minutes of audio (0: a submitted WebVTT transcript of the two-minute call). */
  minutes: number;
  redactPii?: boolean;
  /** A webhook endpoint is registered, so every recording's events are delivered. */
  webhook?: boolean;
}

export const SCENARIOS: Scenario[] = [
  { name: 'transcript (WebVTT, 2 min)', minutes: 0 },
  { name: '2-minute call', minutes: 2 },
  { name: '25-minute call', minutes: 25 },
  { name: '25-minute call, redactPii', minutes: 25, redactPii: true },
  { name: '25-minute call, webhook', minutes: 25, webhook: true },
  { name: '70-minute call', minutes: 70 },
];

/** BENCH_CALL with a card number in one line: with redactPii the stand-in's answer has a span to silence. */
export const COST_CALL: SpokenSegment[] = BENCH_CALL.map((s, i) =>
  i === 3 ? { ...s, text: 'Sure, put the deposit on my card 4111 1111 1111 1111, please.' } : s,
);

const vttTime = (seconds: number): string => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** The two-minute call as WebVTT, as an integration that transcribes its own calls submits it. */
export const COST_CALL_VTT = [
  'WEBVTT',
  ...COST_CALL.map(
    (s, i) =>
      `${i + 1}\n${vttTime(s.start)} --> ${vttTime(s.end)}\n<v ${s.speaker === 0 ? 'Dana Reyes' : 'Jordan Lee'}>${s.text}`,
  ),
].join('\n\n');

export interface CostContext {
  stack: Stack;
  client: Client;
  apiUrl: string;
  apiKey: string;
  pids: Record<string, number | undefined>;
  /** A connection to the service's MySQL server, for its statement count. */
  mysql: Connection;
  /** Statements the bench's own reading of the count adds to it (measured once, bench/cost.ts). */
  ownStatements: number;
  /** The Temporal server's metrics, when the bench started it. */
  metricsUrl?: string;
  namespace: string;
  log(line: string): void;
}

export async function questions(mysql: Connection): Promise<number> {
  const [rows] = await mysql.query("SHOW GLOBAL STATUS LIKE 'Questions'");
  return Number((rows as Array<{ Value: string }>)[0].Value);
}

async function api(
  ctx: CostContext,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(ctx.apiUrl + path, {
    method,
    headers: { 'x-api-key': ctx.apiKey, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const HOOK_PATH = '/bench/cost-hooks';

/** The company's webhook endpoints: none, or the stack's receiver alone. */
export async function setWebhook(ctx: CostContext, on: boolean): Promise<void> {
  const list = await api(ctx, 'GET', '/api/webhook-endpoints?limit=100');
  for (const e of (list.body as { data: Array<{ id: string }> }).data)
    await api(ctx, 'DELETE', `/api/webhook-endpoints/${e.id}`);
  if (!on) return;
  const created = await api(ctx, 'POST', '/api/webhook-endpoints', {
    url: ctx.stack.receiver!.url + HOOK_PATH,
    events: ['recording.processing.completed', 'recording.processing.failed'],
    description: 'cost bench receiver',
  });
  if (created.status !== 201) throw new Error(`creating the webhook endpoint: ${created.status}`);
  ctx.stack.receiver!.setSecret(HOOK_PATH, (created.body as { secret: string }).secret);
}

/** The submission of a recording of `s`; its audio served by the stack's file host (stored, as a customer keeps it). */
function submission(ctx: CostContext, s: Scenario, n: number): Record<string, unknown> {
  const base = { userUniqueIdentifier: `cost-${n % 4}`, userName: 'Dana Reyes', redactPii: s.redactPii ?? false };
  if (s.minutes === 0) return { ...base, transcript: COST_CALL_VTT, storeRecording: false };
  const audio = recordingCall(s.minutes).audio;
  const url = ctx.stack.files!.serve(`/cost/${s.minutes}m.mp3`, { body: audio, contentType: 'audio/mpeg' });
  return { ...base, recordingPresignedUrl: url, storeRecording: true };
}

/** Submits `count` recordings of `s` (up to 4 at a time) and waits, through Temporal, for them and their children. */
export async function runRecordings(ctx: CostContext, s: Scenario, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const n = next++;
      const res = await api(ctx, 'POST', '/api/recording', submission(ctx, s, n));
      if (res.status !== 200)
        throw new Error(`POST /api/recording answered ${res.status}: ${JSON.stringify(res.body)}`);
      ids.push(workflowIds.recording((res.body as { recordingId: string }).recordingId));
    }
  };
  await Promise.all(Array.from({ length: Math.min(count, 4) }, lane));
  // Waiting through Temporal's long poll, not MySQL: the bench adds no statement to the count it reads.
  await Promise.all(
    ids.map(async (id) => {
      await ctx.client.workflow.getHandle(id).result();
      const { children } = historyCost(await ctx.client.workflow.getHandle(id).fetchHistory());
      await Promise.all(children.map((c) => ctx.client.workflow.getHandle(c).result()));
    }),
  );
  return ids;
}

/** A recording's workflow and its children, counted. */
async function recordingCost(client: Client, workflowId: string): Promise<Omit<HistoryCost, 'children'>> {
  const parent = historyCost(await client.workflow.getHandle(workflowId).fetchHistory());
  let total: Omit<HistoryCost, 'children'> = parent;
  for (const child of parent.children)
    total = addCosts(total, historyCost(await client.workflow.getHandle(child).fetchHistory(), { child: true }));
  return total;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export async function measureScenario(ctx: CostContext, s: Scenario, count: number): Promise<ScenarioFigures> {
  await setWebhook(ctx, s.webhook ?? false);
  if (s.minutes > 0) recordingCall(s.minutes); // made (and cached) before the readings
  const actionsBefore = ctx.metricsUrl ? await readActionCounter(ctx.metricsUrl, ctx.namespace) : undefined;
  const cpuBefore = await readCpu(ctx.pids);
  const questionsBefore = await questions(ctx.mysql);
  const ids = await runRecordings(ctx, s, count);
  const questionsAfter = await questions(ctx.mysql);
  const cpuAfter = await readCpu(ctx.pids);
  const actionsAfter = ctx.metricsUrl ? await readActionCounter(ctx.metricsUrl, ctx.namespace) : undefined;
  const costs = await Promise.all(ids.map((id) => recordingCost(ctx.client, id)));
  const historyActions: Record<string, number> = {};
  for (const key of Object.keys(costs[0].actions))
    historyActions[key] = mean(costs.map((c) => c.actions[key as 'total']));
  const server = actionsBefore && actionsAfter ? actionsPer(actionsBefore, actionsAfter, count) : undefined;
  if (actionsBefore && actionsAfter)
    ctx.log(`server action counter: ${totalActions(actionsBefore)} before, ${totalActions(actionsAfter)} after`);
  const figures: ScenarioFigures = {
    name: s.name,
    audioMinutes: s.minutes,
    storedBytes: s.minutes > 0 ? recordingCall(s.minutes).audio.length : 0,
    recordings: count,
    workflowTasks: mean(costs.map((c) => c.workflowTasks)),
    events: mean(costs.map((c) => c.events)),
    payloadBytes: mean(costs.map((c) => c.payloadBytes)),
    historyActions: historyActions as ScenarioFigures['historyActions'],
    serverActions: server ? { ...server, total: totalActions(server) } : undefined,
    mysqlStatements: (questionsAfter - questionsBefore - ctx.ownStatements) / count,
    cpu: cpuPerRecording(cpuBefore, cpuAfter, count),
  };
  ctx.log(`${s.name}: ${count} recordings, ${figures.historyActions.total} actions each by the histories`);
  return figures;
}

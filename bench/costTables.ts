import { dollars, llmTokens, totalWith, type ScenarioFigures } from './costDollars';
import { PRICES, SPEECH_PROVIDERS } from './costPrices';
import { ACTION_RULES } from './temporalActions';
import { f, table } from './textTable';

// The printed report of the cost part (bench/cost.ts): per recording in Temporal's and MySQL's units and in
// CPU, the actions by rule, the prices with their sources, dollars per recording and for 10,000 calls a month.

interface CostReportInput {
  machine: { nproc: number; loadAverageAtStart: number };
  loadAverageAtEnd: number;
  ownDatabase: boolean;
  recordings: number;
  scenarios: ScenarioFigures[];
}

const MONTHLY_CALLS = 10_000;
const usd = (n: number): string => (n === 0 ? '0' : `$${n.toFixed(n < 0.01 ? 6 : n < 1 ? 4 : 2)}`);

function perRecording(r: CostReportInput): string {
  return [
    `Per recording (mean of ${r.recordings}; load average ${f(r.machine.loadAverageAtStart, 2)} at the start, ${f(r.loadAverageAtEnd, 2)} at the end, ${r.machine.nproc} cores). ` +
      "Actions (history): counted from the recording's history and its children's by Temporal Cloud's rules; actions (server): the dev server's `action` counter over the scenario, heartbeats included. " +
      `MySQL: statements (Questions) over the scenario less the bench's own reading${r.ownDatabase ? ", on a MariaDB of the bench's own" : ', on a server shared with whatever else ran (an overestimate)'}. CPU seconds from /proc.`,
    table(
      [
        'scenario',
        'wf tasks',
        'events',
        'payload KB',
        'actions (history)',
        'actions (server)',
        'MySQL stmts',
        'CPU API',
        'worker',
        'Temporal',
        'MariaDB',
      ],
      r.scenarios.map((s) => [
        s.name,
        f(s.workflowTasks, 1),
        f(s.events, 1),
        f(s.payloadBytes / 1024, 1),
        f(s.historyActions.total, 1),
        s.serverActions ? f(s.serverActions.total, 1) : '—',
        f(s.mysqlStatements, 0),
        f(s.cpu.api ?? 0, 3),
        f(s.cpu.worker ?? 0, 3),
        f(s.cpu.temporal ?? 0, 3),
        f(s.cpu.mariadb ?? 0, 3),
      ]),
    ),
  ].join('\n');
}

function byRule(r: CostReportInput): string {
  const serverTypes = [...new Set(r.scenarios.flatMap((s) => Object.keys(s.serverActions ?? {})))].filter(
    (t) => t !== 'total',
  );
  const lines = [
    'Actions per recording by rule (histories), and the server counter by action type',
    table(
      ['scenario', ...ACTION_RULES, 'total'],
      r.scenarios.map((s) => [
        s.name,
        ...ACTION_RULES.map((k) => f(s.historyActions[k] ?? 0, 1)),
        f(s.historyActions.total, 1),
      ]),
    ),
  ];
  if (serverTypes.length)
    lines.push(
      table(
        ['scenario', ...serverTypes],
        r.scenarios.map((s) => [s.name, ...serverTypes.map((t) => f(s.serverActions?.[t] ?? 0, 1))]),
      ),
    );
  return lines.join('\n');
}

function prices(): string {
  return [
    'Prices (bench/costPrices.ts)',
    ...Object.entries(PRICES).map(
      ([key, p]) =>
        `  ${key}: $${+p.usd.toPrecision(4)} per ${p.unit}. ${p.source}${'published' in p ? `, published ${p.published}` : ''}, read ${p.read}${'note' in p ? ` (${p.note})` : ''}`,
    ),
  ].join('\n');
}

function dollarTables(r: CostReportInput): string {
  const names = SPEECH_PROVIDERS.map((p) => p.name);
  const rows = r.scenarios.map((s) => ({ s, d: dollars(s) }));
  const cheapest = (d: ReturnType<typeof dollars>) => Math.min(...names.map((n) => totalWith(d, n)));
  return [
    `Dollars per recording: Temporal at $${PRICES.temporalActionsPayg.usd}/M actions (history count), speech per provider, the stored audio kept one month (S3 Standard), the API's and worker's CPU on an m7g.large vCPU; the analysis is built in (no LLM) unless LLM_* is set: "LLM if on" is gpt-4o-mini at ~${llmTokens(25).prompt} prompt and ${llmTokens(25).completion} completion tokens for a 25-minute call (an estimate)`,
    table(
      ['scenario', 'Temporal', ...names, 'S3 month', 'compute', 'total (whisper-1)', 'total (cheapest)', 'LLM if on'],
      rows.map(({ s, d }) => [
        s.name,
        usd(d.temporal),
        ...names.map((n) => usd(d.speech[n])),
        usd(d.storageMonth),
        usd(d.compute),
        usd(totalWith(d, names[0])),
        usd(cheapest(d)),
        usd(d.llmIfOn),
      ]),
    ),
    `${MONTHLY_CALLS.toLocaleString('en-US')} calls a month of one kind: Temporal actions and their Pay-As-You-Go price (an Essentials plan includes 1M actions a month and costs at least $100), speech with whisper-1 and with the cheapest provider, the audio the month adds and its storage for a month, compute`,
    table(
      [
        'scenario',
        'actions',
        'Temporal',
        'speech (whisper-1)',
        'speech (cheapest)',
        'audio added GB',
        'S3 month',
        'compute',
        'total (whisper-1)',
      ],
      rows.map(({ s, d }) => [
        s.name,
        f(s.historyActions.total * MONTHLY_CALLS, 0),
        usd(d.temporal * MONTHLY_CALLS),
        usd(d.speech[names[0]] * MONTHLY_CALLS),
        usd(Math.min(...names.map((n) => d.speech[n])) * MONTHLY_CALLS),
        f((s.storedBytes * MONTHLY_CALLS) / 1e9, 1),
        usd(d.storageMonth * MONTHLY_CALLS),
        usd(d.compute * MONTHLY_CALLS),
        usd(totalWith(d, names[0]) * MONTHLY_CALLS),
      ]),
    ),
  ].join('\n');
}

export function formatCost(r: CostReportInput): string[] {
  return [perRecording(r), byRule(r), prices(), dollarTables(r)];
}

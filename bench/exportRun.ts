import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CompanyExport } from '../api/schemas/exports';
import { workflowIds } from '../common/temporal';
import type { Db } from '../db/connection';
import { createCompany } from '../db/queries/companies';
import { createApiKey } from '../db/queries/credentials';
import { waitForExport } from '../test/support/exportFixtures';
import { timeToComplete, transcriptSubmission } from '../test/support/fairnessScenario';
import { longCallTranscript } from '../test/support/longCallTranscript';
import { machine, writeResults } from './entry';
import { httpApi } from './httpApi';
import { startApi, startStack, startWorker, stop, teardown, withBuiltServiceAndDatabase, type Stack } from './stack';
import { f, table } from './textTable';

// Part of `npm run bench` (bench/run.ts): `npm run bench -- export [--sizes 10000,100000] [--smoke] [--out DIR]`,
// or `npm run bench -- export --by-item-size [--calls 300]`: the same count of short calls against 4-hour calls
// (each transcript about 1 MB of JSON, test/support/longCallTranscript.ts; issue 52 §3, issue 54 §2)
// (issue 45 §4). A company export (POST /api/exports through the API process, run by a worker process of
// its own) of a company with N completed recordings, each with its transcript and analysis: recordings
// exported per second (POST → completed) and the worker's peak RSS (VmHWM), per size, and the largest size
// against the smallest (target: flat). The recordings are one real recording (a transcript through the
// API and a worker) copied N times in bulk INSERTs into a database of the bench's own (sp_bench_export); a
// company of each size is kept there, named by its size once complete, and reused by the next run.

const log = (line: string): void => console.error(`[bench] ${line}`);

const BATCH = 1_000;
const TEMPLATE_COMPANY = 'Bench export template';
/** Hours of the long calls of `--by-item-size`. */
const LONG_HOURS = 4;
/** Rows per INSERT of long calls: about 1 MB each, under max_allowed_packet (16 MiB by default). */
const LONG_BATCH = 8;

/** Recordings of a size: `n` of them, the template's short call or each a long call's transcript. */
interface Seed {
  n: number;
  long: boolean;
}
const seedTag = ({ n, long }: Seed): string => `n=${n}${long ? ` ${LONG_HOURS}h` : ''}`;
const sizedName = (seed: Seed): string => `Bench export [${seedTag(seed)}]`;
const seedingName = (seed: Seed): string => `Bench export [seeding ${seedTag(seed)}]`;

function options() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      'by-item-size': { type: 'boolean', default: false },
      calls: { type: 'string', default: '300' },
      smoke: { type: 'boolean', default: false },
      'database-url': { type: 'string', default: 'mysql://root@127.0.0.1:3306/sp_bench_export' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const byItemSize = values['by-item-size'];
  const counts = byItemSize ? [Number(values.calls)] : values.smoke ? [100, 500] : values.sizes.split(',').map(Number);
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--sizes and --calls take counts such as 10000,100000');
  const seeds: Seed[] = byItemSize
    ? [false, true].map((long) => ({ n: counts[0], long }))
    : counts.map((n) => ({ n, long: false }));
  return { seeds, byItemSize, smoke: values.smoke, databaseUrl: values['database-url'], out: values.out };
}

type Row = Record<string, unknown>;

export interface ExportSize {
  recordings: number;
  /** Bytes of transcript JSON per recording (the item size). */
  transcriptBytes: number;
  /** Every item of the archive (recordings, transcripts, users, ...). */
  items: number;
  reusedSeed: boolean;
  seedSeconds: number;
  exportSeconds: number;
  recordingsPerSecond: number;
  /** The worker's VmHWM once started (before the export), and after it. */
  idlePeakRssMiB: number;
  peakRssMiB: number;
}

/** One completed transcript recording of the service's own making (and its user), made once and kept. */
async function template(db: Db, stack: Stack, apiUrl: string): Promise<{ recording: Row; user: Row }> {
  const find = async (): Promise<{ recording: Row; user: Row } | undefined> => {
    const recording = (await db('recordings as r')
      .join('companies as c', 'c.id', 'r.company_id')
      .where({ 'c.name': TEMPLATE_COMPANY, 'r.status': 'completed' })
      .whereNotNull('r.user_id')
      .first('r.*')) as Row | undefined;
    if (!recording) return undefined;
    const user = (await db('users').where({ id: recording.user_id }).first()) as Row;
    return { recording, user };
  };
  const found = await find();
  if (found) return found;
  log('making the template recording: a transcript through the API and a worker');
  await db('companies').where({ name: TEMPLATE_COMPANY }).del();
  const company = await createCompany(db, TEMPLATE_COMPANY);
  const { key } = await createApiKey(db, company.id, 'bench');
  const worker = await startWorker(stack, 'template-worker');
  try {
    await timeToComplete(httpApi(apiUrl), key, transcriptSubmission(), 120_000);
  } finally {
    await stop(stack, worker);
  }
  const made = await find();
  if (!made) throw new Error('the template recording did not complete');
  return made;
}

/** The company of `n` recordings: kept from an earlier run, or seeded now (a partial one is deleted first). */
async function sizedCompany(db: Db, seed: Seed, model: { recording: Row; user: Row }): Promise<[string, boolean]> {
  const { n, long } = seed;
  const kept = (await db('companies')
    .where({ name: sizedName(seed) })
    .first('id')) as { id: string } | undefined;
  if (kept) return [kept.id, true];
  // Recordings and users go with their company (ON DELETE CASCADE).
  await db('companies')
    .where({ name: seedingName(seed) })
    .del();
  const batch = long ? LONG_BATCH : BATCH;
  log(`seeding ${n} recordings${long ? ` of ${LONG_HOURS}-hour calls` : ''}, ${batch} per INSERT`);
  const company = await createCompany(db, seedingName(seed));
  const userId = randomUUID();
  await db('users').insert({
    ...model.user,
    id: userId,
    company_id: company.id,
    email: `bench-export-${userId.slice(0, 8)}@example.com`,
  });
  const base = Date.now() - n * 1000;
  for (let start = 0; start < n; start += batch) {
    const rows = Array.from({ length: Math.min(batch, n - start) }, (_, i) => {
      const id = randomUUID();
      // A second apart, as a company's recordings would be (the export pages by id; the list by time).
      const at = new Date(base + (start + i) * 1000);
      return {
        ...model.recording,
        id,
        company_id: company.id,
        user_id: userId,
        workflow_id: workflowIds.recording(id),
        created_at: at,
        updated_at: at,
        completed_at: at,
        ...(long ? { transcript: JSON.stringify(longCallTranscript(start + i, LONG_HOURS)) } : {}),
      };
    });
    await db('recordings').insert(rows);
  }
  await db.raw('ANALYZE TABLE recordings, users');
  await db('companies')
    .where({ id: company.id })
    .update({ name: sizedName(seed) });
  return [company.id, false];
}

async function exportSize(db: Db, stack: Stack, apiUrl: string, seed: Seed, model: { recording: Row; user: Row }) {
  const { n } = seed;
  const seedStarted = performance.now();
  const [companyId, reusedSeed] = await sizedCompany(db, seed, model);
  const [{ bytes }] = (await db('recordings')
    .where({ company_id: companyId })
    .select(db.raw('avg(length(transcript)) as bytes'))) as Array<{ bytes: string }>;
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { key } = await createApiKey(db, companyId, 'bench');
  const http = httpApi(apiUrl);
  // A fresh worker per size: its VmHWM is this export's peak.
  const worker = await startWorker(stack, `worker-${seedTag(seed).replace(' ', '-')}`);
  try {
    const idlePeakRssMiB = await worker.peakRssMiB();
    log(`exporting ${seedTag(seed)} recordings`);
    const started = performance.now();
    const res = await http.request<CompanyExport>('POST', '/api/exports', { apiKey: key, json: {} });
    if (res.status !== 202) throw new Error(`POST /api/exports: ${res.status} ${res.text}`);
    const done = await waitForExport(http, key, res.body.id, undefined, 3_600_000);
    const exportSeconds = (performance.now() - started) / 1000;
    if (done.status !== 'completed') throw new Error(`export ${done.status}: ${done.failureReason ?? ''}`);
    const progress = done.progress as Record<string, { written: number; total: number }>;
    const recordings = progress.recordings.written;
    if (recordings !== n) throw new Error(`exported ${recordings} recordings of ${n}`);
    const size: ExportSize = {
      recordings,
      transcriptBytes: Math.round(Number(bytes)),
      items: Object.values(progress).reduce((sum, p) => sum + p.written, 0),
      reusedSeed,
      seedSeconds,
      exportSeconds,
      recordingsPerSecond: recordings / exportSeconds,
      idlePeakRssMiB,
      peakRssMiB: await worker.peakRssMiB(),
    };
    return size;
  } finally {
    await stop(stack, worker);
  }
}

const describe = (s: ExportSize): string => `${s.recordings}×${f(s.transcriptBytes / 1024)} KiB`;

export function formatExport(sizes: ExportSize[], ratios: { perSecond: number; peakRss: number }): string {
  const rows = sizes.map((s) => [
    String(s.recordings),
    f(s.transcriptBytes / 1024),
    String(s.items),
    s.reusedSeed ? 'kept' : f(s.seedSeconds),
    f(s.exportSeconds),
    f(s.recordingsPerSecond),
    f((s.recordings * s.transcriptBytes) / 2 ** 20 / s.exportSeconds),
    f(s.idlePeakRssMiB),
    f(s.peakRssMiB),
  ]);
  const [first, last] = [sizes[0], sizes[sizes.length - 1]];
  return [
    table(
      [
        'recordings',
        'transcript KiB',
        'items',
        'seed s',
        'export s',
        'recordings/s',
        'transcript MiB/s',
        'idle RSS MiB',
        'peak RSS MiB',
      ],
      rows,
    ),
    `${describe(last)}/${describe(first)}: recordings/s ${f(ratios.perSecond, 2)}, peak RSS ${f(ratios.peakRss, 2)} (target: flat, 1.0)`,
  ].join('\n');
}

export async function main(): Promise<void> {
  const opts = options();
  const loadAverageAtStart = os.loadavg()[0];
  log('building (npm run build)');
  const sizes: ExportSize[] = [];
  await withBuiltServiceAndDatabase(opts.databaseUrl, async (db) => {
    const stack = await startStack(opts.databaseUrl, undefined, undefined);
    try {
      const api = await startApi(stack, 'api');
      const model = await template(db, stack, api.url);
      for (const seed of opts.seeds) sizes.push(await exportSize(db, stack, api.url, seed, model));
    } finally {
      await teardown(stack);
    }
  });
  const [first, last] = [sizes[0], sizes[sizes.length - 1]];
  const ratios = {
    perSecond: last.recordingsPerSecond / first.recordingsPerSecond,
    peakRss: last.peakRssMiB / first.peakRssMiB,
  };
  console.log(`${formatExport(sizes, ratios)}\n`);
  const date = new Date().toISOString();
  await writeResults(
    opts.out,
    `${date.slice(0, 10)}-export${opts.byItemSize ? '-item-size' : ''}${opts.smoke ? '-smoke' : ''}.json`,
    {
      date,
      machine: machine(loadAverageAtStart),
      sizes,
      lastOverFirst: ratios,
      targets: { flat: 1 },
    },
    log,
  );
}

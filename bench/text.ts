import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { machine, writeResults } from './entry';
import type { TextMeasure } from './textChild';
import {
  PROVIDER_LARGEST,
  providerAnswer,
  REQUEST_LARGEST,
  requestBody,
  transcriptJson,
  webVtt,
  type Shape,
} from './textInputs';
import type { TextPath } from './textPaths';
import { f, table } from './textTable';

// `npm run bench -- text [--only request,webvtt,…] [--smoke] [--out DIR]` (issue 54 §2): every step that reads
// caller or provider text, its CPU time and peak heap per MB of input from 1 KB to the largest it may be given,
// in realistic talk and in issue 49's hostile shapes, with how each grows per tenfold size (linear: 10).
// Each path and shape runs in two processes of its own (bench/textChild.ts): one for CPU, one for memory.

const log = (line: string): void => console.error(`[bench] ${line}`);
const run = promisify(execFile);

const SIZES = [1_000, 10_000, 100_000, 1_000_000];
const SMOKE_SIZES = [1_000, 10_000];

interface PathPlan {
  path: TextPath;
  shapes: Shape[];
  /** The largest input the path may be given, beyond 1 MB; none when 1 MB (the transcript's 1,000,000 characters) is it. */
  largest?: number;
  build: (shape: Shape, bytes: number) => string;
}

const PLAN: PathPlan[] = [
  { path: 'json', shapes: ['talk'], largest: PROVIDER_LARGEST, build: (s, b) => providerAnswer('deepgram', s, b) },
  { path: 'request', shapes: ['talk', 'digits', 'hi'], largest: REQUEST_LARGEST, build: requestBody },
  { path: 'webvtt', shapes: ['talk', 'digits', 'hi', 'tags'], build: webVtt },
  { path: 'redaction', shapes: ['talk', 'digits', 'dots', 'spokenDots', 'ssn', 'hi'], build: transcriptJson },
  {
    path: 'analysis',
    shapes: ['talk', 'hi', 'doYou', 'apostrophes', 'questionMarks', 'digits'],
    build: transcriptJson,
  },
  {
    path: 'openai',
    shapes: ['talk', 'digits'],
    largest: PROVIDER_LARGEST,
    build: (s, b) => providerAnswer('openai', s, b),
  },
  {
    path: 'deepgram',
    shapes: ['talk', 'digits'],
    largest: PROVIDER_LARGEST,
    build: (s, b) => providerAnswer('deepgram', s, b),
  },
  {
    path: 'assemblyai',
    shapes: ['talk', 'digits'],
    largest: PROVIDER_LARGEST,
    build: (s, b) => providerAnswer('assemblyai', s, b),
  },
  { path: 'export', shapes: ['talk', 'digits'], build: transcriptJson },
];

export interface TextRow {
  path: TextPath;
  shape: Shape;
  sizes: Array<{ bytes: number; cpuMs: number; peakHeapBytes: number; msPerMB: number; heapMBPerMB: number }>;
  /** CPU time's growth between consecutive sizes, scaled to a tenfold step (linear: 10). */
  cpuPer10x: number[];
  heapPer10x: number[];
  /** CPU per tenfold step ≤ 15 from 10 KB up, and the heap's from 100 KB up (below, fixed costs dominate). */
  linear: boolean;
}

export interface TextResults {
  date: string;
  machine: ReturnType<typeof machine>;
  loadAverageAtEnd: number;
  smoke: boolean;
  rows: TextRow[];
}

/** b's growth over a, as if the size had grown tenfold: 10^(log(b/a) / log(size ratio)). */
const per10x = (a: number, b: number, sizeA: number, sizeB: number): number =>
  10 ** (Math.log(Math.max(b, 1e-6) / Math.max(a, 1e-6)) / Math.log(sizeB / sizeA));

async function measure(name: TextPath, mode: 'cpu' | 'memory', files: string[]): Promise<TextMeasure[]> {
  const flags = ['--import', 'tsx', '--expose-gc', ...(mode === 'memory' ? ['--max-semi-space-size=1'] : [])];
  const { stdout } = await run(
    process.execPath,
    [...flags, path.join(__dirname, 'textChild.ts'), name, mode, ...files],
    {
      cwd: path.join(__dirname, '..'),
      maxBuffer: 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as TextMeasure[];
}

async function measureRow(plan: PathPlan, shape: Shape, sizes: number[], dir: string): Promise<TextRow> {
  const files: string[] = [];
  for (const size of sizes) {
    const file = path.join(dir, `${plan.path}-${shape}-${size}.txt`);
    await writeFile(file, plan.build(shape, size));
    files.push(file);
  }
  const cpu = await measure(plan.path, 'cpu', files);
  const memory = await measure(plan.path, 'memory', files);
  const rows = cpu.map((c, i) => {
    const mb = c.bytes / 1e6;
    const heap = memory[i].peakHeapBytes ?? 0;
    return {
      bytes: c.bytes,
      cpuMs: c.cpuMs ?? 0,
      peakHeapBytes: heap,
      msPerMB: (c.cpuMs ?? 0) / mb,
      heapMBPerMB: heap / 1e6 / mb,
    };
  });
  const steps = (pick: (r: TextRow['sizes'][number]) => number): number[] =>
    rows.slice(1).map((r, i) => per10x(pick(rows[i]), pick(r), rows[i].bytes, r.bytes));
  const cpuPer10x = steps((r) => r.cpuMs);
  const heapPer10x = steps((r) => r.peakHeapBytes);
  const from = (bytes: number): number => rows.findIndex((r) => r.bytes >= bytes * 0.9);
  const linear =
    cpuPer10x.slice(Math.max(0, from(10_000))).every((g) => g <= 15) &&
    heapPer10x.slice(Math.max(0, from(100_000))).every((g) => g <= 15);
  return { path: plan.path, shape, sizes: rows, cpuPer10x, heapPer10x, linear };
}

const kb = (bytes: number): string =>
  bytes >= 1e6 ? `${f(bytes / 1e6, 1)} MB` : bytes >= 1e3 ? `${f(bytes / 1e3, 0)} KB` : `${bytes} B`;

export function formatText(results: TextResults): string {
  const header = [
    'path',
    'shape',
    'sizes',
    'CPU ms per MB, each size',
    'CPU ×/10×',
    'heap MB per MB, each size',
    'heap ×/10×',
    'linear',
  ];
  const rows = results.rows.map((r) => [
    r.path,
    r.shape,
    `${kb(r.sizes[0].bytes)}–${kb(r.sizes.at(-1)!.bytes)}`,
    r.sizes.map((s) => f(s.msPerMB, 0)).join(' '),
    r.cpuPer10x.map((g) => f(g, 1)).join(' '),
    r.sizes.map((s) => f(s.heapMBPerMB, 1)).join(' '),
    r.heapPer10x.map((g) => f(g, 1)).join(' '),
    r.linear ? 'yes' : 'NO',
  ]);
  return [
    `text paths (${results.date}, ${results.machine.nproc} cores, load ${f(results.machine.loadAverageAtStart, 1)} → ${f(results.loadAverageAtEnd, 1)})`,
    table(header, rows),
  ].join('\n');
}

export async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const only = values.only?.split(',');
  const loadAverageAtStart = os.loadavg()[0];
  const results: TextResults = {
    date: new Date().toISOString(),
    machine: machine(loadAverageAtStart),
    loadAverageAtEnd: 0,
    smoke: values.smoke,
    rows: [],
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-text-'));
  try {
    for (const plan of PLAN.filter((p) => !only || only.includes(p.path))) {
      const sizes = values.smoke ? SMOKE_SIZES : plan.largest ? [...SIZES, plan.largest] : SIZES;
      for (const shape of values.smoke ? plan.shapes.slice(0, 1) : plan.shapes) {
        log(`${plan.path} ${shape}`);
        results.rows.push(await measureRow(plan, shape, sizes, dir));
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  results.loadAverageAtEnd = os.loadavg()[0];
  console.log(formatText(results));
  await writeResults(values.out, `${results.date.slice(0, 10)}-text${values.smoke ? '-smoke' : ''}.json`, results, log);
}

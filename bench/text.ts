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
const SMOKE_SIZES = [1_000, 100_000];

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
  /** CPU time's growth from a size to a larger one, scaled to a tenfold step (linear: 10). */
  cpuPer10x: Array<{ from: number; to: number; per10x: number }>;
  heapPer10x: Array<{ from: number; to: number; per10x: number }>;
  /** Every CPU step from 10 KB up, and every heap step from 100 KB up, at most 15 per tenfold (issue 49's bound). */
  linear: boolean;
}

export interface TextResults {
  date: string;
  machine: ReturnType<typeof machine>;
  loadAverageAtEnd: number;
  smoke: boolean;
  rows: TextRow[];
}

/** Below these a measure is noise: CPU as test/support/growth.ts takes it, heap as twice the 1 MiB young generation. */
const CPU_FLOOR_MS = 1 / 15;
const HEAP_FLOOR_BYTES = 2 * 1024 * 1024;

/** b's growth over a, as if the size had grown tenfold: 10^(log(b/a) / log(size ratio)). */
const per10x = (a: number, b: number, sizeA: number, sizeB: number): number =>
  10 ** (Math.log(b / a) / Math.log(sizeB / sizeA));

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

/**
 * A path's figures from its measures. Growth is taken from each size to the largest one at least three times
 * smaller (a ratio of sizes near 1, such as 1 MB to the 1 MiB body limit, would magnify noise), each measure
 * raised to its floor first.
 */
export function summarise(path: TextPath, shape: Shape, cpu: TextMeasure[], memory: TextMeasure[]): TextRow {
  const sizes = cpu.map((c, i) => {
    const mb = c.bytes / 1e6;
    const heap = memory[i].peakHeapBytes ?? 0;
    const cpuMs = c.cpuMs ?? 0;
    return { bytes: c.bytes, cpuMs, peakHeapBytes: heap, msPerMB: cpuMs / mb, heapMBPerMB: heap / 1e6 / mb };
  });
  const steps = (pick: (r: TextRow['sizes'][number]) => number, floor: number): TextRow['cpuPer10x'] =>
    sizes.flatMap((r, k) => {
      const i = sizes.findLastIndex((s, j) => j < k && s.bytes * 3 <= r.bytes);
      if (i < 0) return [];
      const from = sizes[i];
      return [
        {
          from: from.bytes,
          to: r.bytes,
          per10x: per10x(Math.max(pick(from), floor), Math.max(pick(r), floor), from.bytes, r.bytes),
        },
      ];
    });
  const cpuPer10x = steps((r) => r.cpuMs, CPU_FLOOR_MS);
  const heapPer10x = steps((r) => r.peakHeapBytes, HEAP_FLOOR_BYTES);
  const linear =
    cpuPer10x.every((g) => g.from < 9_000 || g.per10x <= 15) &&
    heapPer10x.every((g) => g.from < 90_000 || g.per10x <= 15);
  return { path, shape, sizes, cpuPer10x, heapPer10x, linear };
}

async function measureRow(plan: PathPlan, shape: Shape, sizes: number[], dir: string): Promise<TextRow> {
  const files: string[] = [];
  for (const size of sizes) {
    const file = path.join(dir, `${plan.path}-${shape}-${size}.txt`);
    await writeFile(file, plan.build(shape, size));
    files.push(file);
  }
  return summarise(plan.path, shape, await measure(plan.path, 'cpu', files), await measure(plan.path, 'memory', files));
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
    r.sizes.map((s) => f(s.msPerMB, s.msPerMB < 10 ? 1 : 0)).join(' '),
    r.cpuPer10x.map((g) => f(g.per10x, 1)).join(' '),
    r.sizes.map((s) => f(s.heapMBPerMB, 1)).join(' '),
    r.heapPer10x.map((g) => f(g.per10x, 1)).join(' '),
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

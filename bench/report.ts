import { formatCost } from './costReport';
import type { EndToEnd } from './endToEnd';
import type { EndToEndRuns } from './endToEndRuns';
import type { HistoryShape } from './endToEndShape';
import type { RateFigures } from './fixedRate';
import type { IntakeComparison } from './intake';
import type { PartFigures } from './intakeParts';
import type { Comparison } from './load';
import type { MediaReport } from './media';
import type { BenchMode } from './modes';
import { f, table } from './textTable';
import type { Scaling } from './twoOfEach';

// What a run produces: every figure with its baseline and ratio, the targets judged on them, and a
// plain-text table of the same (printed, and pasted into BENCHMARKS.md).

export interface Machine {
  nproc: number;
  memoryGiB: number;
  cpu: string;
  mariadb: string;
  node: string;
  innodbBufferPoolMiB: number;
  /** 1-minute load average when the run started (other work on a shared machine shows here). */
  loadAverage: number;
}

export interface BenchResults {
  date: string;
  mode: BenchMode['name'];
  machine: Machine;
  settings: Omit<BenchMode, 'name'>;
  /** The worker options both workers (real and bare shape) ran with (worker/tuning.ts). */
  workerSettings: Record<string, number | string>;
  seed: { reused: boolean; seconds: number };
  reads: Array<{ endpoint: string } & Comparison & { ratio: number }>;
  fixedRate: Array<
    { endpoint: string; singleRow: boolean } & { service: RateFigures; baseline: RateFigures } & { p99Ratio: number }
  >;
  deepPages: Array<{
    filter: 'none' | 'userId';
    offset: number;
    p99Offset0: number;
    p99Deep: number;
    growth: number;
    baselineGrowth: number;
  }>;
  intake: {
    runs: Array<IntakeComparison & { ratio: number }>;
    minRatio: number;
    parts: { keyLookup: PartFigures; insert: PartFigures };
  };
  endToEnd: EndToEnd;
  /** The bare shape (the real workflow code with empty activities, bench/shape), with the real and bare histories compared. */
  shape: EndToEndRuns['shape'];
  /** Cost per recording of the three runs: CPU by process, workflow tasks, the worker's cache. */
  cost: EndToEndRuns['cost'];
  twoOfEach: {
    reads: Array<{ endpoint: string } & Scaling>;
    intake: Scaling;
    endToEnd: { one: number; two: number; scale: number };
    workerPeakRssMiB: number[];
  };
  memory: {
    apiPeakRssMiB: number;
    workerPeakRssMiB: number;
    shapeWorkerPeakRssMiB: number;
    baselinePeakRssMiB: number;
  };
  media: MediaReport;
  targets: Array<{ target: string; value: number; limit: string; met: boolean }>;
}

export function judge(r: Omit<BenchResults, 'targets'>): BenchResults['targets'] {
  const targets: BenchResults['targets'] = [];
  const add = (target: string, value: number, op: '>=' | '<=' | '<', bound: number): void => {
    targets.push({
      target,
      value,
      limit: `${op} ${bound}`,
      met: op === '>=' ? value >= bound : op === '<=' ? value <= bound : value < bound,
    });
  };
  for (const read of r.reads) add(`${read.endpoint}: throughput / baseline`, read.ratio, '>=', 0.7);
  for (const f of r.fixedRate) {
    add(`${f.endpoint}: p99 / baseline p99 at ${f.service.rate}/s`, f.p99Ratio, '<=', 1.5);
    if (f.singleRow) add(`${f.endpoint}: p99 ms at ${f.service.rate}/s`, f.service.p99, '<', 50);
  }
  for (const d of r.deepPages)
    add(
      `offset ${d.offset} p99 / offset 0 p99 (${d.filter === 'none' ? 'no filter' : 'userId filter'})`,
      d.growth,
      '<=',
      3,
    );
  add(
    `POST /api/recording: acceptances / bare Temporal starts (minimum of ${r.intake.runs.length} runs)`,
    r.intake.minRatio,
    '>=',
    0.85,
  );
  add('End to end: completions / bare workflow of the same shape', r.shape.ratio, '>=', 0.8);
  add('Worker peak RSS MiB (end to end)', r.memory.workerPeakRssMiB, '<', 350);
  add('API peak RSS MiB', r.memory.apiPeakRssMiB, '<', 250);
  add(`Media step (${r.media.minutes}-minute call): bare ffmpeg time / step time`, r.media.ratio, '>=', 0.9);
  add('Media step: peak RSS over the idle process MiB', Math.max(r.media.rssDeltaMiB, 0.01), '<=', 100);
  return targets;
}

export function formatResults(r: BenchResults): string {
  const s = r.settings;
  const lines: string[] = [];
  lines.push(
    `Benchmark ${r.date} (${r.mode}): ${s.counts.users} users, ${s.counts.roleplays} roleplays, ${s.counts.sessions} sessions, ${s.counts.scripts} scripts`,
  );
  lines.push(
    `Machine: ${r.machine.nproc} CPUs (${r.machine.cpu}), ${f(r.machine.memoryGiB)} GiB, load ${f(r.machine.loadAverage, 2)} at start, MariaDB ${r.machine.mariadb} (buffer pool ${r.machine.innodbBufferPoolMiB} MiB), Node ${r.machine.node}`,
  );
  lines.push(
    `Worker settings: ${Object.entries(r.workerSettings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  lines.push('');
  lines.push(
    `Read endpoints, closed loop: ${s.connections} connections, median of ${s.rounds} x ${s.roundSeconds} s after ${s.warmupSeconds} s warm-up; latency in ms`,
  );
  lines.push(
    table(
      ['endpoint', 'req/s', 'p50', 'p99', 'base req/s', 'base p50', 'base p99', 'ratio', 'timeouts'],
      r.reads.map((x) => [
        x.endpoint,
        f(x.service.rps, 0),
        f(x.service.p50),
        f(x.service.p99),
        f(x.baseline.rps, 0),
        f(x.baseline.p50),
        f(x.baseline.p99),
        f(x.ratio, 2),
        `${x.service.timeouts}/${x.baseline.timeouts}`,
      ]),
    ),
  );
  lines.push('');
  lines.push(
    `Read endpoints, open loop at half the baseline's closed-loop rate: ${s.rateRounds} x ${s.rateRoundSeconds} s per side after ${s.rateWarmupSeconds} s; latency in ms from the instant each request was due`,
  );
  lines.push(
    table(
      ['endpoint', 'rate/s', 'p50', 'p99', 'base p50', 'base p99', 'p99 ratio', 'late'],
      r.fixedRate.map((x) => [
        x.endpoint,
        String(x.service.rate),
        f(x.service.p50),
        f(x.service.p99),
        f(x.baseline.p50),
        f(x.baseline.p99),
        f(x.p99Ratio, 2),
        `${x.service.late}/${x.baseline.late}`,
      ]),
    ),
  );
  lines.push('');
  lines.push('Deep pages: p99 ms at offset 0 and deep (closed loop), growth = deep / offset 0');
  lines.push(
    table(
      ['filter', 'offset', 'p99 at 0', 'p99 deep', 'growth', 'baseline growth'],
      r.deepPages.map((d) => [
        d.filter,
        String(d.offset),
        f(d.p99Offset0),
        f(d.p99Deep),
        f(d.growth, 2),
        f(d.baselineGrowth, 2),
      ]),
    ),
  );
  lines.push('');
  lines.push(
    `Recording intake: ${s.intakeConnections} concurrent; ${r.intake.runs.length} runs, each the median of ${s.rounds} x ${s.roundSeconds} s`,
  );
  lines.push(
    table(
      ['run', 'POST /api/recording per s', 'p50 ms', 'bare start per s', 'bare p50 ms', 'ratio'],
      r.intake.runs.map((x, i) => [
        String(i + 1),
        f(x.service.rps, 0),
        f(x.service.p50),
        f(x.baseline.rps, 0),
        f(x.baseline.p50),
        f(x.ratio, 2),
      ]),
    ),
  );
  const p = r.intake.parts;
  lines.push(
    `minimum ratio ${f(r.intake.minRatio, 2)}; alone at the same concurrency: API key lookup p50 ${f(p.keyLookup.p50, 2)} ms (${f(p.keyLookup.perSecond, 0)}/s), recording INSERT p50 ${f(p.insert.p50, 2)} ms (${f(p.insert.perSecond, 0)}/s)`,
  );
  lines.push('');
  const e = r.endToEnd;
  const sh = r.shape;
  lines.push(`End to end: ${e.recordings} recordings, ${s.endToEndConcurrency} submitted at a time`);
  lines.push(
    table(
      ['', 'completed/s', 'p50 ms', 'p99 ms', 'events (stored/by URL)', 'peak RSS MiB'],
      [
        [
          `real pipeline (${e.failed} failed)`,
          f(e.completedPerSecond, 1),
          f(e.p50, 0),
          f(e.p99, 0),
          `${sh.real.stored.events}/${sh.real.byUrl.events}`,
          f(r.memory.workerPeakRssMiB),
        ],
        [
          'bare workflow, same shape',
          f(sh.completedPerSecond, 1),
          f(sh.p50, 0),
          f(sh.p99, 0),
          `${sh.bare.stored.events}/${sh.bare.byUrl.events}`,
          f(r.memory.shapeWorkerPeakRssMiB),
        ],
        ['ratio', f(sh.ratio, 2), '', '', '', ''],
      ],
    ),
  );
  const profile = (h: HistoryShape): string =>
    Object.entries(h.runMs)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${f(ms, 0)}+${f(h.waitMs[name] ?? 0, 0)}`)
      .join(', ');
  lines.push(`one stored recording of the real pipeline, ms running+waiting per activity: ${profile(sh.real.stored)}`);
  lines.push(`the same in the bare shape: ${profile(sh.bare.stored)}`);
  lines.push('');
  lines.push(...formatCost({ ...r, settings: s, workerPeakRssMiB: r.memory.workerPeakRssMiB }));
  lines.push('');
  const t = r.twoOfEach;
  lines.push(`Two of each: two API processes / two workers against one, same MariaDB and Temporal dev server`);
  lines.push(
    table(
      ['', 'one', 'two', 'two / one'],
      [
        ...t.reads.map((x) => [`${x.endpoint} req/s`, f(x.one.rps, 0), f(x.two.rps, 0), f(x.scale, 2)]),
        ['POST /api/recording per s', f(t.intake.one.rps, 0), f(t.intake.two.rps, 0), f(t.intake.scale, 2)],
        ['end to end completed/s', f(t.endToEnd.one, 1), f(t.endToEnd.two, 1), f(t.endToEnd.scale, 2)],
      ],
    ),
  );
  lines.push(`two workers' peak RSS: ${t.workerPeakRssMiB.map((m) => `${f(m)} MiB`).join(', ')}`);
  lines.push('');
  const m = r.media;
  lines.push(
    `Media step, ${m.minutes}-minute call (${m.fileMiB} MiB, ${m.pieces} pieces, ${m.ffmpegCommands} commands): ${f(m.mediaStepSeconds, 1)} s, bare ${f(m.bareSeconds, 1)} s, ratio ${f(m.ratio, 2)}; peak RSS ${m.peakRssMiB} MiB (idle ${m.idlePeakRssMiB} MiB, +${m.rssDeltaMiB} MiB)`,
  );
  lines.push(
    `Peak RSS: API ${f(r.memory.apiPeakRssMiB)} MiB, worker ${f(r.memory.workerPeakRssMiB)} MiB, bare-shape worker ${f(r.memory.shapeWorkerPeakRssMiB)} MiB (baseline server ${f(r.memory.baselinePeakRssMiB)} MiB)`,
  );
  lines.push('');
  lines.push('Targets');
  lines.push(
    table(
      ['target', 'value', 'limit', 'met'],
      r.targets.map((x) => [x.target, f(x.value, 2), x.limit, x.met ? 'yes' : 'NO']),
    ),
  );
  return lines.join('\n');
}

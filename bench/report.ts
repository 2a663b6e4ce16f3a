import type { EndToEnd } from './endToEnd';
import type { IntakeComparison } from './intake';
import type { Comparison } from './load';
import type { BenchMode } from './modes';

// What a run produces: every figure with its baseline and ratio, the targets judged on them, and a
// plain-text table of the same (printed, and pasted into BENCHMARKS.md).

export interface Machine {
  nproc: number;
  memoryGiB: number;
  cpu: string;
  mariadb: string;
  node: string;
  innodbBufferPoolMiB: number;
}

export interface BenchResults {
  date: string;
  mode: BenchMode['name'];
  machine: Machine;
  settings: Pick<BenchMode, 'counts' | 'deepOffset' | 'middleOffset' | 'warmupSeconds' | 'roundSeconds' | 'rounds' | 'connections' | 'intakeConnections' | 'endToEndRecordings'>;
  seed: { reused: boolean; seconds: number };
  reads: Array<{ endpoint: string } & Comparison & { ratio: number }>;
  deepPages: Array<{ filter: 'none' | 'userId'; offset: number; p99Offset0: number; p99Deep: number; growth: number; baselineGrowth: number }>;
  intake: IntakeComparison & { ratio: number };
  endToEnd: EndToEnd;
  memory: { apiPeakRssMiB: number; workerPeakRssMiB: number; baselinePeakRssMiB: number };
  targets: Array<{ target: string; value: number; limit: string; met: boolean }>;
}

export function judge(r: Omit<BenchResults, 'targets'>): BenchResults['targets'] {
  const targets: BenchResults['targets'] = [];
  for (const read of r.reads) {
    targets.push({ target: `${read.endpoint}: throughput / baseline`, value: read.ratio, limit: '>= 0.7', met: read.ratio >= 0.7 });
    targets.push({ target: `${read.endpoint}: p99 ms at ${r.settings.connections} connections`, value: read.service.p99, limit: '< 50', met: read.service.p99 < 50 });
  }
  for (const d of r.deepPages) {
    targets.push({ target: `offset ${d.offset} p99 / offset 0 p99 (${d.filter === 'none' ? 'no filter' : 'userId filter'})`, value: d.growth, limit: '<= 3', met: d.growth <= 3 });
  }
  targets.push({ target: 'POST /api/recording: acceptances / bare Temporal starts', value: r.intake.ratio, limit: '>= 0.8', met: r.intake.ratio >= 0.8 });
  targets.push({ target: 'API peak RSS MiB', value: r.memory.apiPeakRssMiB, limit: '< 250', met: r.memory.apiPeakRssMiB < 250 });
  return targets;
}

const f = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
const row = (cells: string[], widths: number[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [row(header, widths), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => row(r, widths))].join('\n');
}

export function formatResults(r: BenchResults): string {
  const s = r.settings;
  const lines: string[] = [];
  lines.push(`Benchmark ${r.date} (${r.mode}): ${s.counts.users} users, ${s.counts.roleplays} roleplays, ${s.counts.sessions} sessions, ${s.counts.scripts} scripts`);
  lines.push(`Machine: ${r.machine.nproc} CPUs (${r.machine.cpu}), ${f(r.machine.memoryGiB)} GiB, MariaDB ${r.machine.mariadb} (buffer pool ${r.machine.innodbBufferPoolMiB} MiB), Node ${r.machine.node}`);
  lines.push('');
  lines.push(`Read endpoints: ${s.connections} connections, median of ${s.rounds} x ${s.roundSeconds} s after ${s.warmupSeconds} s warm-up; latency in ms`);
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
  lines.push('Deep pages: p99 ms at offset 0 and deep, growth = deep / offset 0');
  lines.push(
    table(
      ['filter', 'offset', 'p99 at 0', 'p99 deep', 'growth', 'baseline growth'],
      r.deepPages.map((d) => [d.filter, String(d.offset), f(d.p99Offset0), f(d.p99Deep), f(d.growth, 2), f(d.baselineGrowth, 2)]),
    ),
  );
  lines.push('');
  lines.push(`Recording intake: ${s.intakeConnections} concurrent, median of ${s.rounds} x ${s.roundSeconds} s`);
  lines.push(
    table(
      ['', 'per s', 'p50 ms', 'p99 ms'],
      [
        ['POST /api/recording', f(r.intake.service.rps, 0), f(r.intake.service.p50), f(r.intake.service.p99)],
        ['bare @temporalio/client start', f(r.intake.baseline.rps, 0), f(r.intake.baseline.p50), f(r.intake.baseline.p99)],
        ['ratio', f(r.intake.ratio, 2), '', ''],
      ],
    ),
  );
  lines.push('');
  const e = r.endToEnd;
  lines.push(`End to end: ${e.recordings} recordings (${e.failed} failed), ${f(e.completedPerSecond, 1)} completed/s, POST -> webhook p50 ${f(e.p50, 0)} ms, p99 ${f(e.p99, 0)} ms`);
  lines.push(`Peak RSS: API ${f(r.memory.apiPeakRssMiB)} MiB, worker ${f(r.memory.workerPeakRssMiB)} MiB (baseline server ${f(r.memory.baselinePeakRssMiB)} MiB)`);
  lines.push('');
  lines.push('Targets');
  lines.push(table(['target', 'value', 'limit', 'met'], r.targets.map((t) => [t.target, f(t.value, 2), t.limit, t.met ? 'yes' : 'NO'])));
  return lines.join('\n');
}

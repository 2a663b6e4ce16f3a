import type { EndToEndRuns, RunCost } from './endToEndRuns';
import { f, table } from './textTable';

// The cost-per-recording lines of the printed report (and of the quick `--reads endToEnd` look): for
// the real pipeline and the bare shape, CPU seconds per recording by process, workflow tasks per
// recording from sampled histories, the worker's cache over the run, and the ratios issue 25 targets.

type CostInput = Pick<EndToEndRuns, 'endToEnd' | 'shape' | 'cost'> & {
  settings: { endToEndConcurrency: number };
  workerPeakRssMiB: number;
};

const PROCESSES = ['api', 'worker', 'temporal', 'mariadb'] as const;

function costRow(name: string, perSecond: number, c: RunCost, peakRssMiB: number): string[] {
  const per = c.cpuPerRecording;
  // A Temporal cluster's persistence (PostgreSQL) is part of Temporal's cost; the dev server keeps its own.
  const cpu = PROCESSES.map((p) => f((per[p] ?? 0) + (p === 'temporal' ? (per['postgres'] ?? 0) : 0), 3));
  const t = c.workflowTasks.mean;
  return [
    name,
    f(perSecond, 2),
    ...cpu,
    f(c.cpuPerRecording.total, 3),
    f(c.loadGeneratorCpuPerRecording, 3),
    f(t.completed, 1),
    f(t.scheduled, 1),
    f(t.events, 1),
    String(c.cache.forcedEvictions),
    String(c.cache.hits),
    String(c.cache.misses),
    f(peakRssMiB),
  ];
}

export function formatCost(r: CostInput): string[] {
  const { cost } = r;
  const sampled = cost.real.workflowTasks.sampled;
  return [
    `Cost per recording, same ${r.endToEnd.recordings} recordings and ${r.settings.endToEndConcurrency} submitted at a time: CPU seconds per recording by process over each run (/proc, children included; the bench process itself is not in the total), workflow tasks per recording (mean of ${sampled} sampled histories, delivery children included), the worker's workflow cache over the run`,
    table(
      [
        '',
        'completed/s',
        'CPU API',
        'worker',
        'Temporal',
        'MariaDB',
        'total',
        '(bench)',
        'wf tasks',
        'scheduled',
        'events',
        'evictions',
        'cache hits',
        'misses',
        'peak RSS MiB',
      ],
      [
        costRow('real pipeline', r.endToEnd.completedPerSecond, cost.real, r.workerPeakRssMiB),
        costRow('bare shape', r.shape.completedPerSecond, cost.shape, r.shape.peakRssMiB),
      ],
    ),
    `ratios: real / bare shape completions ${f(cost.ratios.realOverShapeThroughput, 2)} (>= 0.8); CPU per recording, real pipeline: ${f(cost.real.cpuPerRecording.total, 3)} s`,
  ];
}

import type { EndToEnd } from './endToEnd';
import type { Comparison, Figures } from './load';
import { f, table } from './textTable';

// The printed report of `npm run bench:settings`: a table per part, each setting's figures next to the bare
// baseline of the same run (same transport) and its change against the reference setting (the first row).

export interface SettingResult {
  key: string;
  name: string;
  reads?: Array<Comparison & { endpoint: string }>;
  intake?: Comparison;
  endToEnd?: {
    real: EndToEnd;
    /** CPU seconds per recording by process; `total` leaves out the trace store (reported apart). */
    realCpu: Record<string, number> & { total: number };
    shapeCompletedPerSecond: number;
    shapeCpu: Record<string, number> & { total: number };
    workerPeakRssMiB: number;
  };
  apiPeakRssMiB?: number;
}

/** Signed percentage change, `+12 %`. */
const change = (now: number, then: number | undefined): string =>
  then === undefined || then === 0 ? '' : `${now >= then ? '+' : ''}${f(((now - then) / then) * 100, 0)} %`;

function requestRows(name: string, c: Comparison, ref: Comparison | undefined): string[] {
  const s: Figures = c.service;
  const b: Figures = c.baseline;
  return [
    name,
    f(s.rps, 0),
    f(s.p99, 1),
    f(s.cpuMs ?? NaN, 3),
    f(b.rps, 0),
    f(b.p99, 1),
    f(b.cpuMs ?? NaN, 3),
    f(s.rps / b.rps, 2),
    change(s.rps, ref?.service.rps),
    change(s.p99, ref?.service.p99),
    change(s.cpuMs ?? 0, ref?.service.cpuMs),
    s.apartCpuMs ? f(s.apartCpuMs, 3) : '',
  ];
}

const REQUEST_HEADER = [
  'setting',
  'req/s',
  'p99 ms',
  'CPU ms/req',
  'bare req/s',
  'bare p99',
  'bare CPU',
  'ratio',
  'Δ req/s',
  'Δ p99',
  'Δ CPU',
  'Jaeger CPU ms/req',
];

/**
 * Issue 54: the API's own CPU per accepted recording against the bare client's own CPU per start (the API's
 * part of a start, target at most 1.5x), and what the Temporal server and its database take of a start.
 */
function intakeCpuRows(name: string, c: Comparison): string[] {
  const s = c.service.cpuByProcessMs ?? {};
  const b = c.baseline.cpuByProcessMs ?? {};
  const server = (cpu: Record<string, number>): number =>
    Object.entries(cpu)
      .filter(([process]) => !['api', 'client', 'mariadb'].includes(process))
      .reduce((sum, [, ms]) => sum + ms, 0);
  const api = s['api'] ?? NaN;
  const client = b['client'] ?? NaN;
  const bareTotal = client + server(b) + (b['mariadb'] ?? 0);
  return [
    name,
    f(api, 3),
    f(client, 3),
    f(api / client, 2),
    f(server(s), 3),
    f(server(b), 3),
    f(s['mariadb'] ?? NaN, 3),
    `${f((server(b) / bareTotal) * 100, 0)} %`,
    f(c.service.rps / c.baseline.rps, 2),
  ];
}

const INTAKE_CPU_HEADER = [
  'setting',
  'API ms/accepted',
  'client ms/start',
  'API / client',
  'server+db ms (service)',
  'server+db ms (bare)',
  'MariaDB ms',
  "server's share of a bare start",
  'throughput ratio',
];

const temporalCpu = (cpu: Record<string, number>): number => (cpu['temporal'] ?? 0) + (cpu['postgres'] ?? 0);

export function formatSettings(results: SettingResult[], about: { recordings: number; machine: string }): string {
  const [reference] = results;
  const out: string[] = [
    `Production settings, each against the reference (${reference?.name ?? 'none'}): ${about.machine}, ${new Date().toISOString()}`,
    'CPU per request: every process serving it, from /proc (API or bare baseline, Temporal server + PostgreSQL, MariaDB); Jaeger apart. Δ: against the reference row.',
  ];
  const endpoints = [...new Set(results.flatMap((r) => r.reads?.map((c) => c.endpoint) ?? []))];
  for (const endpoint of endpoints) {
    const ref = reference?.reads?.find((c) => c.endpoint === endpoint);
    const rows = results.flatMap((r) => {
      const c = r.reads?.find((x) => x.endpoint === endpoint);
      return c ? [requestRows(r.name, c, ref)] : [];
    });
    out.push('', `Reads, closed loop: ${endpoint}`, table(REQUEST_HEADER, rows));
  }
  const intake = results.filter((r) => r.intake);
  if (intake.length)
    out.push(
      '',
      'Intake: POST /api/recording against bare starts (same client settings: address, TLS)',
      table(
        REQUEST_HEADER,
        intake.map((r) => requestRows(r.name, r.intake!, reference?.intake)),
      ),
      '',
      "Intake CPU per start by process (/proc; the bare client is this process's own CPU, target API / client <= 1.5; server+db: the Temporal server and its PostgreSQL)",
      table(
        INTAKE_CPU_HEADER,
        intake.map((r) => intakeCpuRows(r.name, r.intake!)),
      ),
    );
  const e2e = results.filter((r) => r.endToEnd);
  if (e2e.length) {
    const ref = reference?.endToEnd;
    out.push(
      '',
      `End to end: ${about.recordings} two-minute recordings, CPU seconds per recording (the bench process, which plays the provider, file host and receiver, apart)`,
      table(
        [
          'setting',
          'completed/s',
          'p99 s',
          'CPU API',
          'worker',
          'Temporal',
          'MariaDB',
          'total',
          'shape/s',
          'shape CPU',
          'real/shape',
          'Δ completed/s',
          'Δ CPU',
          'Jaeger CPU',
          'worker peak MiB',
        ],
        e2e.map((r) => {
          const e = r.endToEnd!;
          return [
            r.name,
            f(e.real.completedPerSecond, 2),
            f(e.real.p99 / 1000, 1),
            f(e.realCpu['api'] ?? 0, 3),
            f(e.realCpu['worker'] ?? 0, 3),
            f(temporalCpu(e.realCpu), 3),
            f(e.realCpu['mariadb'] ?? 0, 3),
            f(e.realCpu.total, 3),
            f(e.shapeCompletedPerSecond, 2),
            f(e.shapeCpu.total, 3),
            f(e.real.completedPerSecond / e.shapeCompletedPerSecond, 2),
            change(e.real.completedPerSecond, ref?.real.completedPerSecond),
            change(e.realCpu.total, ref?.realCpu.total),
            e.realCpu['jaeger'] ? f(e.realCpu['jaeger'], 3) : '',
            f(e.workerPeakRssMiB),
          ];
        }),
      ),
    );
  }
  return out.join('\n');
}

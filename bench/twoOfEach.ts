import { hit, median, type Figures, type LoadSettings, type LoadTarget } from './load';

// Two of each: the same load against one API process and against two (on the same MariaDB and
// Temporal), in alternating rounds of the same run; the two-process figure is the sum of both halves.
// Connections are split evenly, so both sides see the same offered concurrency.

export interface Scaling {
  one: Figures;
  two: Figures;
  /** two / one in requests per second. */
  scale: number;
}

async function split(targets: LoadTarget[], connections: number, seconds: number): Promise<Figures> {
  const each = await Promise.all(
    targets.map((t) => hit(t, Math.max(1, Math.floor(connections / targets.length)), seconds)),
  );
  // Percentiles of the halves: the worse of the two (each half saw the same rate of the same requests).
  return {
    rps: each.reduce((n, f) => n + f.rps, 0),
    p50: Math.max(...each.map((f) => f.p50)),
    p99: Math.max(...each.map((f) => f.p99)),
    timeouts: each.reduce((n, f) => n + f.timeouts, 0),
  };
}

/** `targets[0]` alone against `targets` together, median of alternating rounds. */
export async function compareOneAndTwo(targets: [LoadTarget, LoadTarget], s: LoadSettings): Promise<Scaling> {
  await split(targets, s.connections, s.warmupSeconds);
  const runs = { one: [] as Figures[], two: [] as Figures[] };
  for (let round = 0; round < s.rounds; round += 1) {
    const order = round % 2 === 0 ? (['one', 'two'] as const) : (['two', 'one'] as const);
    for (const side of order)
      runs[side].push(
        side === 'one'
          ? await hit(targets[0], s.connections, s.roundSeconds)
          : await split(targets, s.connections, s.roundSeconds),
      );
  }
  const med = (r: Figures[]): Figures => ({
    rps: median(r.map((x) => x.rps)),
    p50: median(r.map((x) => x.p50)),
    p99: median(r.map((x) => x.p99)),
    timeouts: r.reduce((n, x) => n + x.timeouts, 0),
  });
  const one = med(runs.one);
  const two = med(runs.two);
  return { one, two, scale: two.rps / one.rps };
}

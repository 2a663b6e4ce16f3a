// The two sizes of the benchmark: `full` (the default of `npm run bench`, the figures BENCHMARKS.md
// reports) and `smoke` (tiny counts, seconds, used by test/bench/smoke.test.ts to prove every figure
// is produced). Speed targets are judged only on full runs.

export interface SeedCounts {
  users: number;
  roleplays: number;
  sessions: number;
  /**
   * Sessions owned by one user (an integration account that submits most recordings). Without such a
   * user a `userId`-filtered list never reaches offset 90,000, and that deep page is a figure we report.
   */
  heavyUserSessions: number;
  scripts: number;
}

export interface BenchMode {
  name: 'full' | 'smoke';
  counts: SeedCounts;
  /** The deep page of the list endpoints. */
  deepOffset: number;
  /**
   * The middle of the session list: the deepest page either end of the list is read from, so the worst
   * case of a deep offset (reported beside the deep page).
   */
  middleOffset: number;
  /** Seconds of warm-up load before the measured rounds. */
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
  /** Concurrent connections of the read-endpoint load. */
  connections: number;
  /** Concurrent connections (in-flight starts) of the intake comparison. */
  intakeConnections: number;
  /** Recordings pushed through the worker, POST to webhook (and through the bare shape). */
  endToEndRecordings: number;
  /** Submissions in flight at once. */
  endToEndConcurrency: number;
  /** Open-loop latency at a fixed rate: warm-up and rounds per side (percentiles over all rounds). */
  rateWarmupSeconds: number;
  rateRoundSeconds: number;
  rateRounds: number;
  /** Full intake comparisons (each its own warm-up and rounds); the target takes the minimum. */
  intakeRuns: number;
  /** Length of the call the media step cuts. */
  mediaMinutes: number;
}

export const modes: Record<BenchMode['name'], BenchMode> = {
  full: {
    name: 'full',
    counts: { users: 10_000, roleplays: 200, sessions: 100_000, heavyUserSessions: 91_000, scripts: 1_000 },
    deepOffset: 90_000,
    middleOffset: 50_000,
    warmupSeconds: 5,
    roundSeconds: 10,
    rounds: 3,
    connections: 64,
    intakeConnections: 32,
    endToEndRecordings: 500,
    endToEndConcurrency: 16,
    rateWarmupSeconds: 3,
    rateRoundSeconds: 8,
    rateRounds: 2,
    intakeRuns: 3,
    mediaMinutes: 60,
  },
  smoke: {
    name: 'smoke',
    counts: { users: 200, roleplays: 10, sessions: 500, heavyUserSessions: 460, scripts: 20 },
    deepOffset: 400,
    middleOffset: 250,
    warmupSeconds: 1,
    roundSeconds: 1,
    rounds: 1,
    connections: 8,
    intakeConnections: 4,
    endToEndRecordings: 10,
    endToEndConcurrency: 10,
    rateWarmupSeconds: 1,
    rateRoundSeconds: 1,
    rateRounds: 1,
    intakeRuns: 3,
    mediaMinutes: 1,
  },
};

import type { Clock } from '../../common/clock';

// A clock for the API under test (AppDeps.clock) that stands still until the test moves it: a TTL, a
// lease or an expiry runs out when the test says so, not when the machine gets round to it.

export interface MovableClock {
  clock: Clock;
  /** The clock's time now, in epoch ms. */
  nowMs(): number;
  /** Moves the clock forward. */
  advance(ms: number): void;
}

export function movableClock(start: Date = new Date()): MovableClock {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    nowMs: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

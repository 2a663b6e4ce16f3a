import type { Clock } from '../../common/clock';

// A clock for the code under test (AppDeps.clock, ActivityDeps.clock) that the test moves: a TTL, a lease
// or an expiry runs out when the test says so, not when the machine gets round to it. It stands still
// until moved; a `flowing` one goes on with the system clock, ahead by what it was moved (for times that
// are also checked against the real clock, such as webhook signature timestamps).

export interface MovableClock {
  clock: Clock;
  /** The clock's time now, in epoch ms. */
  nowMs(): number;
  /** Moves the clock forward. */
  advance(ms: number): void;
}

export function movableClock(options: { start?: Date; flowing?: boolean } = {}): MovableClock {
  let offset = 0;
  const standing = (options.start ?? new Date()).getTime();
  const nowMs = () => (options.flowing ? Date.now() : standing) + offset;
  return {
    clock: () => new Date(nowMs()),
    nowMs,
    advance: (ms) => {
      offset += ms;
    },
  };
}

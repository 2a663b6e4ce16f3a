// Where code that keeps TTLs, leases and expiries reads the time: the system clock in the service, a
// clock the test moves in tests (so that no test waits for a TTL to run out). What keeps its own clock
// (MySQL's NOW(3), Temporal's timers, rate-limiter-flexible, lru-cache) is driven by short settings instead.

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The time on `deps`' clock (the system's when none is injected). */
export const nowOn = (deps: { clock?: Clock }): Date => (deps.clock ?? systemClock)();

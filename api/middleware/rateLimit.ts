import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from '../../common/clock';
import { durationMs, type Config } from '../../common/config';
import { ApiError } from '../errors';
import { createSharedBudget, type BudgetStore } from './sharedBudget';

// Request budgets in each RATE_LIMIT_DURATION window: RATE_LIMIT_POINTS for each credential (an API
// key, and the bearer tokens minted from it, which act as that key) and RATE_LIMIT_COMPANY_POINTS for
// the company as a whole, so minting more keys does not multiply what a company may send. A request
// spends one point of each. Every authenticated answer carries the budget closer to running out in the
// IETF draft headers (RateLimit-Limit/-Remaining/-Reset and RateLimit-Policy); a spent budget is a 429
// with Retry-After. Unauthenticated requests never reach the limiter. RATE_LIMIT_STORE=memory counts in
// this process; mysql shares each budget between API processes through leases (./sharedBudget.ts).

export interface RateLimitSubject {
  /** The acting credential (api/middleware/authenticate.ts: `key:<id>` or `token:<id>`). */
  credentialId: string;
  companyId: string;
}

export interface RateLimit {
  /** Spends one point of the credential's budget and one of its company's; throws the 429 when either has none left. */
  consume(ctx: Context, subject: RateLimitSubject): Promise<void>;
}

interface Budget {
  store: BudgetStore;
  points: number;
  duration: number;
  /** Whose budget it is, for the 429's message. */
  holder: string;
}

function createStore(
  config: Config,
  db: Knex,
  points: number,
  duration: number,
  keyPrefix: string,
  clock: Clock | undefined,
): BudgetStore {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  if (config.RATE_LIMIT_STORE === 'memory') return memory;
  return createSharedBudget({ db, points, durationMs: duration * 1000, keyPrefix, insurance: memory, clock });
}

/** `clock` drives the shared store's windows (RateLimiterMemory keeps its own). */
export function createRateLimit(config: Config, db: Knex, clock?: Clock): RateLimit | null {
  if (config.RATE_LIMIT_POINTS === 0) return null;
  const duration = Math.max(1, Math.round(durationMs(config.RATE_LIMIT_DURATION) / 1000));
  const budget = (points: number, keyPrefix: string, holder: string): Budget => ({
    store: createStore(config, db, points, duration, keyPrefix, clock),
    points,
    duration,
    holder,
  });
  const perCredential = budget(config.RATE_LIMIT_POINTS, 'api', 'for each API key');
  const perCompany =
    config.RATE_LIMIT_COMPANY_POINTS === 0
      ? null
      : budget(config.RATE_LIMIT_COMPANY_POINTS, 'company', 'for the whole company');

  const setHeaders = (ctx: Context, spent: Budget, res: RateLimiterRes): number => {
    const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    ctx.set('RateLimit-Policy', `${spent.points};w=${spent.duration}`);
    ctx.set('RateLimit-Limit', String(spent.points));
    ctx.set('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    return resetSeconds;
  };

  /** Spends a point of `spent` under `subject`: its state, or the 429 when it has none left. */
  const spend = async (ctx: Context, spent: Budget, subject: string): Promise<RateLimiterRes> => {
    try {
      return await spent.store.consume(subject);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = String(setHeaders(ctx, spent, rejection));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many requests: the limit is ${spent.points} per ${spent.duration} s ${spent.holder}. Retry after ${retryAfter} s.`,
        [],
        {
          'retry-after': retryAfter,
        },
      );
    }
  };

  return {
    async consume(ctx, { credentialId, companyId }) {
      const own = await spend(ctx, perCredential, credentialId);
      const shared = perCompany ? await spend(ctx, perCompany, companyId) : null;
      // The headers describe the budget closer to running out.
      if (shared && perCompany && shared.remainingPoints < own.remainingPoints) setHeaders(ctx, perCompany, shared);
      else setHeaders(ctx, perCredential, own);
    },
  };
}

import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterMySQL, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { durationMs, type Config } from '../../common/config';
import { parseDatabaseUrl } from '../../db/connection';
import { ApiError } from '../errors';

// Per-credential request budget: RATE_LIMIT_POINTS requests per RATE_LIMIT_DURATION window for each
// API key (each bearer-authenticated company). Every authenticated answer carries the budget in the
// IETF draft headers (RateLimit-Limit/-Remaining/-Reset and RateLimit-Policy); a spent budget is a
// 429 with Retry-After. Unauthenticated requests never reach the limiter.

export interface RateLimit {
  /** Spends one point of `subject`'s budget; throws the 429 when none is left. */
  consume(ctx: Context, subject: string): Promise<void>;
}

function createStore(config: Config, db: Knex, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix: 'api' });
  if (config.RATE_LIMIT_STORE === 'memory') return memory;
  return new RateLimiterMySQL({
    storeClient: db,
    storeType: 'knex',
    dbName: parseDatabaseUrl(config.DATABASE_URL).database,
    tableName: 'rate_limit_points',
    tableCreated: true, // by the migration
    points,
    duration,
    keyPrefix: 'api',
    // A database hiccup must not turn into 500s: count in this process meanwhile.
    insuranceLimiter: memory,
  });
}

export function createRateLimit(config: Config, db: Knex): RateLimit | null {
  const points = config.RATE_LIMIT_POINTS;
  if (points === 0) return null;
  const duration = Math.max(1, Math.round(durationMs(config.RATE_LIMIT_DURATION) / 1000));
  const store = createStore(config, db, points, duration);
  const policy = `${points};w=${duration}`;

  const setHeaders = (ctx: Context, res: RateLimiterRes): number => {
    const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    ctx.set('RateLimit-Policy', policy);
    ctx.set('RateLimit-Limit', String(points));
    ctx.set('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    return resetSeconds;
  };

  return {
    async consume(ctx, subject) {
      try {
        setHeaders(ctx, await store.consume(subject, 1));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfter = String(setHeaders(ctx, rejection));
        throw new ApiError(429, 'rate_limited', `Too many requests: the limit is ${points} per ${duration} s for each API key. Retry after ${retryAfter} s.`, [], {
          'retry-after': retryAfter,
        });
      }
    },
  };
}

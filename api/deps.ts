import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Clock } from '../common/clock';
import type { Config } from '../common/config';
import type { RequestSampler } from '../common/tracing';
import type { MediaLinkSecrets } from '../common/mediaLinks';
import type { ApiMetrics } from '../common/metrics';
import type { CredentialCache } from './credentialCache';

/** Everything the API needs from outside, injected so that tests and the server build the app alike. */
export interface AppDeps {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
  /** Prometheus metrics; createApp makes a fresh set when none is given. */
  metrics?: ApiMetrics;
  /** Valid API keys kept for CREDENTIAL_CACHE_TTL; createApp makes one when none is given. */
  credentialCache?: CredentialCache;
  /** The clock idempotency leases and TTLs, bearer token, invitation and media link expiry are read from (nowOn); tests move it. */
  clock?: Clock;
  /** The secrets media links are checked with; createApp takes them from the configuration at its start. */
  mediaLinkSecrets?: MediaLinkSecrets;
  /**
   * Set when the process traces (OTEL_* set, common/tracing): whether a request is sampled. A sampled one
   * gets a server span; any other nothing more than this decision.
   */
  tracing?: RequestSampler;
}

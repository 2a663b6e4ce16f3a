import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Client } from '@temporalio/client';
import { createApp } from '../../api/app';
import type { Config } from '../../common/config';
import { createLogger } from '../../common/logger';
import { createApiMetrics, type ApiMetrics } from '../../common/metrics';
import { createTemporalClient } from '../../common/temporalClient';
import { testConfig, testEnv } from './env';

// The real app with its logs captured in memory (at `level`) and its own metrics registry, for tests
// that read what an operator would read.

export interface ObservedApi {
  url: string;
  config: Config;
  temporal: Client;
  metrics: ApiMetrics;
  /** Every log line so far, raw. */
  logText(): string;
  /** Every log line so far, parsed. */
  logLines(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startObservedApi(overrides: Partial<Config> = {}, level = 'debug'): Promise<ObservedApi> {
  const config = testConfig(overrides);
  let text = '';
  const logger = createLogger(level, 'api', { write: (line: string) => void (text += line) });
  const temporal = createTemporalClient(config);
  const metrics = createApiMetrics();
  const app = createApp({ db: testEnv().db, temporal, config, logger, metrics });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    config,
    temporal,
    metrics,
    logText: () => text,
    logLines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    async close() {
      server.closeAllConnections();
      server.close();
      await temporal.connection.close();
    },
  };
}

/** One sample of a Prometheus text exposition: the value of `name` with exactly these labels (0 when absent). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]] = pair[2];
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

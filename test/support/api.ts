import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Client } from '@temporalio/client';
import { createApp } from '../../api/app';
import type { Clock } from '../../common/clock';
import type { Config } from '../../common/config';
import type { Db } from '../../db/connection';
import { createTemporalClient } from '../../common/temporalClient';
import { testLogger, testConfig, testEnv } from './env';
import { assertResponseSchema } from './schemaAssert';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  apiKey?: string;
  bearer?: string;
  headers?: Record<string, string>;
  /** JSON-encoded for you. */
  json?: unknown;
  /** Sent as is (for malformed bodies); set contentType yourself. */
  raw?: string | Buffer;
  contentType?: string;
  /** Skip the automatic schema check (only for responses that are not JSON API bodies). */
  skipSchema?: boolean;
}

/** One request to the API at `url` as `options` say, its body parsed when JSON; no schema check (see request). */
export async function sendRequest<T>(
  url: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
  if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
  let body: string | Buffer | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
  }
  const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  const parsed = isJson && text ? (JSON.parse(text) as T) : (text as unknown as T);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export interface TestApi {
  url: string;
  config: Config;
  temporal: Client;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** What a helper needs of an API: its requests (a test's in-process API, or a bench's API process: bench/httpApi.ts). */
export type ApiRequests = Pick<TestApi, 'request'>;

/**
 * Serves the real app on a loopback port; every JSON response is checked against its schema. `db` is
 * the run's database unless a test brings another (a restored backup); `clock` is one the test moves
 * (test/support/movableClock.ts) instead of waiting for a TTL.
 */
export async function startApi(
  overrides: Partial<Config> = {},
  db: Db = testEnv().db,
  options: { clock?: Clock } = {},
): Promise<TestApi> {
  const config = testConfig(overrides);
  const temporal = createTemporalClient(config);
  const app = createApp({ db, temporal, config, logger: testLogger, clock: options.clock });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const res = await sendRequest<T>(url, method, path, options);
    if (!options.skipSchema)
      assertResponseSchema(
        method,
        path,
        res.status,
        res.body,
        res.headers.get('content-type') ?? undefined,
        res.headers.get('sales-practice-version') ?? undefined,
      );
    return res;
  }

  return {
    url,
    config,
    temporal,
    request,
    async close() {
      server.closeAllConnections();
      server.close();
      await temporal.connection.close();
    },
  };
}

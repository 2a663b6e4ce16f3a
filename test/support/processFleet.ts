import path from 'node:path';
import { expect } from 'chai';
import type { RecordingView } from '../../api/schemas/recordings';
import type { Config } from '../../common/config';
import { assertResponseSchema } from './schemaAssert';
import { spawnCommand, type ServiceProcess } from './serviceProcess';
import { freePort } from './temporalServer';

// API and worker processes as a fleet runs them: each its own OS process configured by its environment,
// from this checkout or from another build's (`cwd`), spoken to over loopback HTTP.

const ROOT = path.resolve(__dirname, '..', '..');

export interface ApiProcess {
  url: string;
  process: ServiceProcess;
  /** A request with an API key; the answer is checked against the operation's schema. */
  request<T>(
    method: 'GET' | 'POST',
    urlPath: string,
    apiKey: string,
    json?: unknown,
  ): Promise<{ status: number; body: T }>;
}

/** `node --require tsx/cjs api/main.ts` in `cwd` on a free port; resolves once it reached MySQL and Temporal. */
export async function startApiProcess(settings: Partial<Config>, cwd = ROOT): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnCommand(
    process.execPath,
    ['--require', 'tsx/cjs', 'api/main.ts'],
    { ...settings, PORT: port, HOST: '127.0.0.1', PUBLIC_URL: url },
    {},
    cwd,
  );
  await child.waitFor('"msg":"database and temporal are available"');
  return {
    url,
    process: child,
    async request<T>(method: 'GET' | 'POST', urlPath: string, apiKey: string, json?: unknown) {
      const res = await fetch(url + urlPath, {
        method,
        headers: { 'x-api-key': apiKey, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const body = (await res.json()) as T;
      assertResponseSchema(method, urlPath.split('?')[0], res.status, body);
      return { status: res.status, body };
    },
  };
}

/** `node --require tsx/cjs worker/main.ts` in `cwd`; resolves once it polls. */
export async function startWorkerProcess(settings: Partial<Config>, cwd = ROOT): Promise<ServiceProcess> {
  const child = spawnCommand(
    process.execPath,
    ['--require', 'tsx/cjs', 'worker/main.ts'],
    { WORKER_METRICS_PORT: 0, ...settings },
    {},
    cwd,
  );
  await child.waitFor('"msg":"worker started"', 180_000);
  return child;
}

/** POST /api/recording through `api`; the accepted recording's id. */
export async function submitThrough(api: ApiProcess, apiKey: string, body: Record<string, unknown>): Promise<string> {
  const res = await api.request<{ recordingId: string; status: string }>('POST', '/api/recording', apiKey, {
    userUniqueIdentifier: 'crm-fleet',
    userName: 'Sam Seller',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.recordingId;
}

/** Polls GET /api/recording/{id} through `api` until it is completed or failed. */
export async function finishedThrough(
  api: ApiProcess,
  apiKey: string,
  id: string,
  timeoutMs = 180_000,
): Promise<RecordingView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request<RecordingView>('GET', `/api/recording/${id}`, apiKey);
    expect(res.status).to.equal(200);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`recording ${id} still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

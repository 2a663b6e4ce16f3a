import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { CONVERSATION, SAMPLE_AUDIO } from '../support/recordingFixtures';
import { spawnService, type ServiceProcess } from '../support/serviceProcess';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '../support/temporalServer';
import { startWorker } from '../support/worker';

// The API as its own process (`node --require tsx/cjs api/main.ts`): SIGTERM in the middle of a load of
// reads and recording submissions, and a start while Temporal is not there yet.

interface Outcome {
  requestId: string;
  kind: 'teams' | 'submit';
  sentAt: number;
  doneAt: number;
  status?: number;
  recordingId?: string;
  error?: string;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('API process lifecycle', function () {
  this.timeout(180_000);
  const running: ServiceProcess[] = [];
  after(async () => {
    for (const p of running) await p.kill();
  });

  describe('SIGTERM under load', () => {
    let files: FileServer;
    let stt: SttServer;
    let storageDir: string;
    let tenant: TenantFixture;
    let settings: Partial<Config>;
    let baseUrl: string;

    before(async () => {
      files = await startFileServer();
      stt = await startOpenAiSttServer({ segments: CONVERSATION });
      storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-lifecycle-'));
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      settings = {
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        TEMPORAL_TASK_QUEUE: `lifecycle-${randomBytes(4).toString('hex')}`,
        STORAGE_DIR: storageDir,
        STT_PROVIDER: 'openai',
        STT_BASE_URL: stt.url,
        STT_API_KEY: 'lifecycle-stt-key',
        RATE_LIMIT_POINTS: 100_000,
        SHUTDOWN_TIMEOUT: '20s',
      };
      tenant = await createTenant('Lifecycle Co');
    });
    after(async () => {
      await Promise.all([files.close(), stt.close()]);
      await fs.rm(storageDir, { recursive: true, force: true });
    });

    it('answers every request it accepted, exits 0, and every accepted recording completes once a worker runs', async () => {
      const api = spawnService('api/main.ts', settings);
      running.push(api);
      await api.waitFor('"msg":"database and temporal are available"');
      const audioUrl = files.serve('/lifecycle/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });

      const outcomes: Outcome[] = [];
      let signalAt = Infinity;
      let n = 0;
      const loop = async (loopNo: number): Promise<void> => {
        for (;;) {
          n += 1;
          const kind: Outcome['kind'] = loopNo < 2 ? 'submit' : 'teams';
          const requestId = `load-${loopNo}-${n}`;
          const headers: Record<string, string> = { 'x-api-key': tenant.apiKey, 'x-request-id': requestId };
          const init: RequestInit =
            kind === 'submit'
              ? {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify({
                    userUniqueIdentifier: `crm-${loopNo}`,
                    userName: 'Load Tester',
                    recordingPresignedUrl: audioUrl,
                    storeRecording: false,
                  }),
                }
              : { method: 'GET', headers };
          const outcome: Outcome = { requestId, kind, sentAt: Date.now(), doneAt: 0 };
          outcomes.push(outcome);
          try {
            const res = await fetch(`${baseUrl}${kind === 'submit' ? '/api/recording' : '/api/team'}`, {
              ...init,
              signal: AbortSignal.timeout(30_000),
            });
            const body = (await res.json()) as { recordingId?: string };
            outcome.status = res.status;
            outcome.recordingId = body.recordingId;
          } catch (err) {
            outcome.error =
              err instanceof Error
                ? `${err.message} ${String((err.cause as Error | undefined)?.message ?? '')}`
                : String(err);
          }
          outcome.doneAt = Date.now();
          // Before the signal every request must work; after it, a refused connection ends the loop.
          if (outcome.error && outcome.sentAt < signalAt && Date.now() < signalAt)
            throw new Error(`request failed before SIGTERM: ${outcome.error}`);
          if (outcome.error || Date.now() > signalAt + 30_000) return;
        }
      };
      const loops = [0, 1, 2, 3, 4, 5].map((i) => loop(i));
      // The signal comes once the load is under way: requests of both kinds answered (a positive signal, not a pause).
      const answeredSoFar = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind && o.status).length;
      await waitUntil(
        'the load to be under way',
        async () => answeredSoFar('submit') >= 4 && answeredSoFar('teams') >= 30,
        60_000,
      );
      signalAt = Date.now();
      api.signal('SIGTERM');
      await Promise.all(loops);
      expect(await api.exited, api.output().slice(-3000)).to.equal(0);

      const answered = outcomes.filter((o) => o.status !== undefined);
      expect(answered.length).to.be.greaterThan(30);
      expect(answered.filter((o) => o.status !== 200).map((o) => `${o.requestId} ${o.status}`)).to.deep.equal([]);
      // Requests in flight when the signal came were finished, not dropped.
      expect(answered.filter((o) => o.sentAt < signalAt && o.doneAt > signalAt).length).to.be.at.least(1);
      // Whatever the server took in (it logs every request it handled), the client got an answer for.
      const handled = new Set(
        api
          .logLines()
          .filter((l) => l.msg === 'request')
          .map((l) => String(l.requestId)),
      );
      const failed = outcomes.filter((o) => o.error !== undefined);
      expect(failed.filter((o) => handled.has(o.requestId)).map((o) => `${o.requestId}: ${o.error}`)).to.deep.equal([]);
      expect(api.output()).to.contain('"msg":"shutting down: no new connections, finishing requests in flight"');
      expect(api.output()).to.contain('"msg":"stopped"');

      // No recording lost and none half-accepted: the rows are exactly the accepted ones ...
      const accepted = answered.filter((o) => o.kind === 'submit').map((o) => o.recordingId as string);
      expect(accepted.length).to.be.greaterThan(3);
      const db = testEnv().db;
      const rows = (await db('recordings').where('company_id', tenant.company.id).select('id')) as Array<{
        id: string;
      }>;
      expect(rows.map((r) => r.id).sort()).to.deep.equal([...accepted].sort());
      // ... and each reaches completed once a worker runs (the API is gone by now).
      const worker = await startWorker(settings);
      try {
        await waitUntil(
          `${accepted.length} recordings to complete`,
          async () => {
            const states = (await db('recordings').where('company_id', tenant.company.id).select('status')) as Array<{
              status: string;
            }>;
            const stuck = states.filter((s) => s.status === 'failed');
            if (stuck.length > 0) throw new Error(`${stuck.length} recordings failed`);
            return states.every((s) => s.status === 'completed');
          },
          120_000,
        );
      } finally {
        await worker.stop();
      }
    });
  });

  describe('starting before Temporal', () => {
    let temporal: TemporalDevServer | undefined;
    after(async () => {
      await temporal?.stop();
    });

    it('serves /healthz, names temporal in /readyz until it comes up, then is ready', async () => {
      const temporalPort = await freePort();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const api = spawnService('api/main.ts', {
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
      });
      running.push(api);
      await api.waitFor('"msg":"API listening');

      expect((await fetch(`${url}/healthz`)).status).to.equal(200);
      const notReady = await fetch(`${url}/readyz`);
      expect(notReady.status).to.equal(503);
      const body = (await notReady.json()) as { error: { code: string; message: string } };
      expect(body.error.code).to.equal('not_ready');
      expect(body.error.message).to.contain('temporal').and.not.contain('database');
      await api.waitFor(`waiting for temporal at 127.0.0.1:${temporalPort}`);

      temporal = await startTemporalDevServer(temporalPort);
      await waitUntil('/readyz to answer 200', async () => (await fetch(`${url}/readyz`)).status === 200, 60_000);
      await api.waitFor('"msg":"database and temporal are available"');

      api.signal('SIGTERM');
      expect(await api.exited).to.equal(0);
    });
  });
});

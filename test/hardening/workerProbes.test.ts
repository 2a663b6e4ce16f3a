import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Connection } from '@temporalio/client';
import { createDb, parseDatabaseUrl, probeDatabase } from '../../db/connection';
import { createWorkerMetrics, serveWorkerMetrics } from '../../worker/metrics';
import { WorkerReadiness } from '../../worker/readiness';
import { testLogger, testEnv } from '../support/env';
import { freePort } from '../support/temporalServer';

// The worker's probes on its metrics port, as an orchestrator sees them: /healthz while the process
// runs, /readyz only while MySQL and Temporal answer and the Worker polls, asked afresh on every probe.
// (The worker process itself, over TLS and refused: test/operations/mysqlTls.test.ts.)

describe('worker probes: /healthz and /readyz on the metrics port', () => {
  let server: http.Server;
  let base: string;
  let connection: Connection;
  const readiness = new WorkerReadiness();

  before(async () => {
    const started = await serveWorkerMetrics(createWorkerMetrics(), {
      host: '127.0.0.1',
      port: 0,
      coreUrl: null,
      logger: testLogger,
      readiness,
    });
    if (!started) throw new Error('the metrics server did not listen');
    server = started;
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    connection = await Connection.connect({ address: testEnv().config.TEMPORAL_ADDRESS });
  });
  after(async () => {
    server?.close();
    await connection?.close();
  });

  const probe = async (path: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('answers /healthz at once, and /readyz 503 naming each part still starting', async () => {
    expect(await probe('/healthz')).to.deep.equal({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).to.deep.equal({
      status: 503,
      body: { status: 'not_ready', checks: { database: 'starting', temporal: 'starting', polling: 'starting' } },
    });
  });

  it('is ready while all three hold, and not when the database stops answering or the worker stops polling', async () => {
    const { db, config } = testEnv();
    let polling = true;
    readiness.databaseProbe(() => probeDatabase(db, parseDatabaseUrl(config.DATABASE_URL)));
    readiness.temporalProbe(() => connection.workflowService.getSystemInfo({}));
    readiness.pollingState(() => polling);
    expect(await probe('/readyz')).to.deep.equal({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', temporal: 'ok', polling: 'ok' } },
    });

    polling = false; // the Worker is draining (SIGTERM) or failed
    expect((await probe('/readyz')).body).to.deep.include({ status: 'not_ready' });

    // A database nobody listens on: the probe fails within its bound, and /healthz stays 200.
    polling = true;
    const url = new URL(config.DATABASE_URL);
    url.port = String(await freePort());
    const gone = createDb(url.toString(), 1, { warn: () => undefined, error: () => undefined });
    try {
      readiness.databaseProbe(() => probeDatabase(gone, parseDatabaseUrl(url.toString())));
      expect(await probe('/readyz')).to.deep.equal({
        status: 503,
        body: { status: 'not_ready', checks: { database: 'failing', temporal: 'ok', polling: 'ok' } },
      });
      expect((await probe('/healthz')).status).to.equal(200);
    } finally {
      await gone.destroy();
    }
  });
});

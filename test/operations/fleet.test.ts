import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { workflowIds } from '../../common/temporal';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testConfig, testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { quietLongCall } from '../support/mediaFiles';
import {
  finishedThrough,
  startApiProcess,
  startWorkerProcess,
  submitThrough,
  type ApiProcess,
} from '../support/processFleet';
import { CONVERSATION, filesUnder } from '../support/recordingFixtures';
import type { ServiceProcess } from '../support/serviceProcess';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// A fleet as production runs it: three workers, each with its own scratch folder (three machines'
// disks), and two API processes, on one MariaDB database and one Temporal server, sharing the recording
// store. Six 25-minute calls (three pieces each) go in through both APIs; one worker is killed while it
// downloads one of them. Every recording completes once, the caller's file is downloaded once per
// recording (twice for the one the dead worker held), and no live worker keeps scratch files.

const PIECES = 3;

describe('a fleet: three workers and two APIs on one database and one Temporal', function () {
  this.timeout(420_000);
  let files: FileServer;
  let stt: SttServer;
  let storageDir: string;
  const scratch: string[] = [];
  const workers: ServiceProcess[] = [];
  const apis: ApiProcess[] = [];
  let release: () => void = () => undefined;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({
      segments: CONVERSATION,
      // No piece is answered before the test says so: pieces are in flight, on every worker, when one dies.
      gate: new Promise<void>((resolve) => (release = resolve)),
    });
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-fleet-store-'));
    const shared: Partial<Config> = {
      TEMPORAL_TASK_QUEUE: `fleet-${randomBytes(4).toString('hex')}`,
      STORAGE_DIR: storageDir,
      STT_PROVIDER: 'openai',
      // Not a diarizing model: a recording's three pieces go to the provider together (no first piece alone).
      STT_MODEL: 'whisper-1',
      STT_BASE_URL: stt.url,
      STT_API_KEY: 'test-stt-key',
      STT_MAX_CHUNK_DURATION: '10m',
      WORKER_MAX_CONCURRENT_ACTIVITIES: 32,
      // One company holds every piece of five calls with the provider at once: no per-company bound here (that
      // bound is test/recordings/fairness.test.ts's), so the fleet's recovery is what this test sees.
      COMPANY_MAX_HEAVY_ACTIVITIES: 0,
    };
    for (let i = 0; i < 3; i += 1) scratch.push(await fs.mkdtemp(path.join(os.tmpdir(), `sp-fleet-scratch-${i}-`)));
    const started = await Promise.all([
      ...scratch.map((dir) => startWorkerProcess({ ...shared, SCRATCH_DIR: dir })),
      startApiProcess(shared),
      startApiProcess(shared),
    ]);
    workers.push(...(started.slice(0, 3) as ServiceProcess[]));
    apis.push(...(started.slice(3) as ApiProcess[]));
  });
  after(async () => {
    release();
    await Promise.all([...workers, ...apis.map((a) => a.process)].map((p) => p.kill()));
    await Promise.all([files.close(), stt.close()]);
    for (const dir of [storageDir, ...scratch]) await fs.rm(dir, { recursive: true, force: true });
  });

  it('every recording completes once; the file is downloaded once per recording, twice for the one the dead worker held; no scratch files remain', async () => {
    const tenant = await createTenant('Fleet Co');
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const call = quietLongCall(25);
    const ids: string[] = [];
    const fileOf = new Map<string, string>();
    const submit = async (n: number, storeRecording: boolean, stalled = false): Promise<string> => {
      const filePath = `/fleet/call-${n}.mp3`;
      const url = files.serve(filePath, {
        body: call,
        contentType: 'audio/mpeg',
        ...(stalled ? { stallFirstAfter: 256 * 1024 } : {}),
      });
      const id = await submitThrough(apis[n % 2], tenant.apiKey, {
        recordingPresignedUrl: url,
        storeRecording,
        roleplayId: roleplay.id,
      });
      ids.push(id);
      fileOf.set(id, filePath);
      return id;
    };

    // Five calls, through both APIs, stored and not: all cut, their pieces held by the provider.
    for (let n = 0; n < 5; n += 1) await submit(n, n % 2 === 0);
    await until(() => stt.requests.length >= 5 * PIECES, 180_000, 'every piece of the first five with the provider');

    // The sixth call's download hangs on one worker: that worker dies with it, and with the pieces it holds.
    const stalledId = await submit(5, false);
    let holder = -1;
    await until(
      async () => {
        for (let i = 0; i < scratch.length; i += 1)
          if ((await filesUnder(scratch[i])).some((f) => f.includes(stalledId))) holder = i;
        return holder >= 0;
      },
      60_000,
      'a worker downloading the sixth call',
    );
    await workers[holder].kill();
    release();

    const views = await Promise.all(ids.map((id, i) => finishedThrough(apis[i % 2], tenant.apiKey, id, 240_000)));
    for (const view of views) expect(view.status, view.failureReason ?? '').to.equal('completed');

    // Once each: one session (and, below, one completed run of its workflow).
    const db = testEnv().db;
    const sessions = (await db('roleplay_sessions').whereIn('recording_id', ids).select('recording_id')) as Array<{
      recording_id: string;
    }>;
    expect(sessions.map((s) => s.recording_id).sort()).to.deep.equal([...ids].sort());
    const chunks = (await db('recording_chunks').whereIn('recording_id', ids).select('recording_id')) as Array<{
      recording_id: string;
    }>;
    for (const id of ids) expect(chunks.filter((c) => c.recording_id === id)).to.have.length(PIECES);

    // Downloads at the file host: one per recording; the stalled one once more, by the worker that took it over.
    for (const id of ids) expect(files.hits(fileOf.get(id)!), id).to.equal(id === stalledId ? 2 : 1);

    // Pieces ran on workers that did not cut them (which, before the store held pieces, meant another download).
    const connection = await Connection.connect({ address: testConfig().TEMPORAL_ADDRESS });
    try {
      const client = new Client({ connection });
      let elsewhere = 0;
      for (const id of ids) {
        const events = (await client.workflow.getHandle(workflowIds.recording(id)).fetchHistory()).events ?? [];
        const typeOf = new Map(
          events
            .filter((e) => e.activityTaskScheduledEventAttributes)
            .map((e) => [String(e.eventId), e.activityTaskScheduledEventAttributes?.activityType?.name]),
        );
        const ranBy = (type: string): string[] =>
          events
            .filter((e) => typeOf.get(String(e.activityTaskStartedEventAttributes?.scheduledEventId)) === type)
            .map((e) => e.activityTaskStartedEventAttributes?.identity ?? '');
        const [cutBy] = ranBy('prepareMedia');
        elsewhere += ranBy('transcribeRecordingPiece').filter((who) => who !== cutBy).length;
        const runs = client.workflow.list({ query: `WorkflowId = '${workflowIds.recording(id)}'` });
        let count = 0;
        for await (const run of runs) count += run.status.name === 'COMPLETED' ? 1 : 0;
        expect(count, `runs of ${id}`).to.equal(1);
      }
      expect(elsewhere).to.be.above(0);
    } finally {
      await connection.close();
    }

    // Nothing in any live worker's scratch space; in the store only the files kept by storeRecording: true.
    for (let i = 0; i < scratch.length; i += 1)
      if (i !== holder) expect(await filesUnder(scratch[i]), `scratch of worker ${i}`).to.deep.equal([]);
    const stored = ids.filter((_, n) => n % 2 === 0 && n < 5).map((id) => `${tenant.company.id}/${id}.mp3`);
    expect(await filesUnder(storageDir)).to.deep.equal(stored.sort());
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

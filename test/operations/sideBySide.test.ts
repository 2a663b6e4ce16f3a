import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { expect } from 'chai';
import type { TranscriptView } from '../../api/schemas/transcripts';
import type { Config } from '../../common/config';
import { workflowIds } from '../../common/temporal';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testConfig } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { previousRelease } from '../../scripts/releases';
import { checkoutPreviousBuild, type PreviousBuild } from '../support/previousBuild';
import {
  finishedThrough,
  startApiProcess,
  startWorkerProcess,
  submitThrough,
  type ApiProcess,
} from '../support/processFleet';
import { CONVERSATION, filesUnder, SAMPLE_AUDIO } from '../support/recordingFixtures';
import type { ServiceProcess } from '../support/serviceProcess';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// A deploy with old and new processes side by side (docs/operations.md, "Deploying"): the database is
// migrated by this build's migrations (the root hook runs them, as `npm run migrate` does before a
// release), and the previous release's API and worker (the last of RELEASES.md, checked out from this
// repository's history) run against it beside this build's. A recording submitted through the old API
// completes on a new worker, and one submitted through the new API completes on an old worker, redacted when
// it asks for redactPii.

const PREVIOUS = previousRelease();

describe(`deploying: the previous release (${PREVIOUS.name}) and this build side by side on the migrated database`, function () {
  this.timeout(420_000);
  let previous: PreviousBuild;
  let files: FileServer;
  let stt: SttServer;
  let storageDir: string;
  let settings: Partial<Config>;
  const processes: ServiceProcess[] = [];

  before(async () => {
    [previous, files, stt] = await Promise.all([
      checkoutPreviousBuild(PREVIOUS.commit),
      startFileServer(),
      startOpenAiSttServer({ segments: CONVERSATION }),
    ]);
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-deploy-store-'));
    settings = {
      TEMPORAL_TASK_QUEUE: `deploy-${randomBytes(4).toString('hex')}`,
      STORAGE_DIR: storageDir,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_API_KEY: 'test-stt-key',
    };
  });
  after(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await Promise.all([files.close(), stt.close(), previous?.remove()]);
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('runs a release that RELEASES.md says can run beside the next one', () => {
    expect(PREVIOUS.sideBySide, `${PREVIOUS.name}: ${PREVIOUS.notes}`).to.equal(true);
  });

  const scratch = (): Promise<string> => fs.mkdtemp(path.join(os.tmpdir(), 'sp-deploy-scratch-'));
  const identityOf = (worker: ServiceProcess): string => `${worker.pid}@${os.hostname()}`;

  it('a recording sent through the old API completes on a new worker, and one sent through the new API on an old worker', async () => {
    const tenant = await createTenant('Deploy Co');
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const [oldApi, newApi, newWorker] = await Promise.all([
      startApiProcess(settings, previous.dir),
      startApiProcess(settings),
      startWorkerProcess({ ...settings, SCRATCH_DIR: await scratch() }),
    ]);
    processes.push(oldApi.process, newApi.process, newWorker);
    const submit = (api: ApiProcess, n: number): Promise<string> =>
      submitThrough(api, tenant.apiKey, {
        recordingPresignedUrl: files.serve(`/deploy/call-${n}.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' }),
        storeRecording: true,
        roleplayId: roleplay.id,
      });

    // Only the new worker polls: what the old API started runs there.
    const first = await submit(oldApi, 1);
    expect((await finishedThrough(newApi, tenant.apiKey, first)).status).to.equal('completed');

    // The old worker joins and the new one stops (as a rollout that is undone would): what the new API starts runs on the old one.
    const oldScratch = await scratch();
    const oldWorker = await startWorkerProcess({ ...settings, SCRATCH_DIR: oldScratch }, previous.dir);
    processes.push(oldWorker);
    newWorker.signal('SIGTERM');
    expect(await newWorker.exited).to.equal(0);
    const second = await submit(newApi, 2);
    // Read through the new API: the answers are checked against this build's schema, and the old release's
    // answers lack the fields added since (priority, redactPii).
    expect((await finishedThrough(newApi, tenant.apiKey, second)).status).to.equal('completed');

    // A recording with redactPii through the new API, on the old worker: the previous release redacts too, so
    // nothing unredacted is transcribed, kept or sent (docs/operations.md, "Releases and upgrades": a field the
    // worker must act on for privacy is accepted by the API only once the previous release's workers act on it).
    const card = '4111 1111 1111 1111';
    stt.set({
      segments: CONVERSATION.map((s, i) => (i === 3 ? { ...s, text: `Sure, my card is ${card}, thanks.` } : s)),
    });
    const third = await submitThrough(newApi, tenant.apiKey, {
      recordingPresignedUrl: files.serve('/deploy/call-3.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' }),
      storeRecording: false,
      roleplayId: roleplay.id,
      redactPii: true,
    });
    expect((await finishedThrough(newApi, tenant.apiKey, third)).status).to.equal('completed');
    const transcript = await newApi.request<TranscriptView>('GET', `/api/recording/${third}/transcript`, tenant.apiKey);
    const said = transcript.body.utterances.map((u) => u.text).join(' ');
    expect(said).to.include('[CREDIT_CARD_NUMBER]').and.not.to.include('4111');

    const connection = await Connection.connect({ address: testConfig().TEMPORAL_ADDRESS });
    try {
      const client = new Client({ connection });
      const ranBy = async (id: string): Promise<Set<string>> => {
        const events = (await client.workflow.getHandle(workflowIds.recording(id)).fetchHistory()).events ?? [];
        return new Set(
          events.flatMap((e) => {
            const who =
              e.activityTaskStartedEventAttributes?.identity ?? e.workflowTaskStartedEventAttributes?.identity;
            return who ? [who] : [];
          }),
        );
      };
      expect([...(await ranBy(first))]).to.deep.equal([identityOf(newWorker)]);
      expect([...(await ranBy(second))]).to.deep.equal([identityOf(oldWorker)]);
      expect([...(await ranBy(third))]).to.deep.equal([identityOf(oldWorker)]);
    } finally {
      await connection.close();
    }
    expect(await filesUnder(storageDir)).to.deep.equal(
      [first, second].map((id) => `${tenant.company.id}/${id}.mp3`).sort(),
    );
    expect(await filesUnder(oldScratch)).to.deep.equal([]);
  });
});

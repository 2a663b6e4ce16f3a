import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import type { Invitation } from '../../api/schemas/invitations';
import { createTemporalClient } from '../../common/temporalClient';
import { PATCHES } from '../../scripts/patchLifecycle';
import { testConfig, testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { startInvitationWorld, uniqueEmail } from '../support/invitationFixtures';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
} from '../support/recordingFixtures';
import { startOpenAiSttServer } from '../support/sttServers';
import { makeTeam } from '../support/userFixtures';
import { startWebhookReceiver } from '../support/webhookFixtures';

// `npm run replay-check` against a real dev server after real runs of every workflow type: today's code
// replays them; a copy of the workflows with an extra activity call fails naming the execution; the same
// call behind patched() replays the histories recorded before it.

const ROOT = path.resolve(__dirname, '..', '..');
const WORKFLOWS_DIR = path.join(ROOT, 'workflows');
const run = promisify(execFile);

interface CheckOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function replayCheck(taskQueue: string, extra: string[] = []): Promise<CheckOutcome> {
  const args = [
    'tsx',
    'scripts/replay-check.ts',
    '--address',
    testEnv().temporal.address,
    '--namespace',
    'default',
    '--task-queue',
    taskQueue,
    '--since',
    '1h',
    ...extra,
  ];
  try {
    const { stdout, stderr } = await run('npx', args, {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', TEMPORAL_PAYLOAD_KEYS: testConfig().TEMPORAL_PAYLOAD_KEYS },
      maxBuffer: 10 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * The workflows module with connectivityCheck's body changed: a temp folder whose index re-exports the
 * real workflows and a rewritten connectivityCheck.ts (node_modules linked so the bundler resolves the SDK).
 */
async function workflowsWithChangedConnectivityCheck(
  body: string,
): Promise<{ indexPath: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-workflows-'));
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const original = await fs.readFile(path.join(WORKFLOWS_DIR, 'connectivityCheck.ts'), 'utf8');
  const changed = original
    .replace("from '../activities'", `from '${path.join(ROOT, 'activities')}'`)
    .replace("from './activityProfiles'", `from '${path.join(WORKFLOWS_DIR, 'activityProfiles')}'`)
    .replace(
      "import { proxyActivities } from '@temporalio/workflow';",
      "import { patched, proxyActivities } from '@temporalio/workflow';",
    )
    .replace('  return probeDatabase();', body);
  expect(changed, 'connectivityCheck.ts changed shape; update this test').to.not.equal(original);
  expect(changed).to.include(body);
  await fs.writeFile(path.join(dir, 'connectivityCheck.ts'), changed);
  await fs.writeFile(
    path.join(dir, 'index.ts'),
    // Every workflow of today's index; the explicit export shadows the star export's connectivityCheck.
    [`export * from '${WORKFLOWS_DIR}';`, "export { connectivityCheck } from './connectivityCheck';", ''].join('\n'),
  );
  return { indexPath: path.join(dir, 'index.ts'), remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

describe('operations: replay-check against live histories', function () {
  this.timeout(240_000);
  const taskQueue = `replay-check-${randomBytes(4).toString('hex')}`;
  let connectivityId: string;
  let files: FileServer;

  before(async () => {
    // One task queue for every workflow type, as in production.
    files = await startFileServer();
    const receiver = await startWebhookReceiver();
    const stt = await startOpenAiSttServer({ segments: CONVERSATION });
    const stack = await startRecordingStack({
      TEMPORAL_TASK_QUEUE: taskQueue,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
    });
    try {
      const tenant = await createTenant('Replay Check Co');
      await registerWebhook(stack.api, tenant.apiKey, receiver, '/hooks/replay');
      // The first attempt (made by the recording's run) is refused, so a webhookDelivery run retries it.
      receiver.respond('/hooks/replay', (n) => (n === 1 ? { status: 503 } : { status: 200 }));
      const url = files.serve('/replay/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const recordingId = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: url,
        storeRecording: true,
      });
      const recording = await waitForRecording(stack.api, tenant.apiKey, recordingId);
      expect(recording.status).to.equal('completed');
      await receiver.waitFor('/hooks/replay', 2);
      // A person's erasure, run to its end.
      expect(
        (await stack.api.request('POST', `/api/user/${recording.userId ?? ''}/erase`, { apiKey: tenant.apiKey }))
          .status,
      ).to.equal(202);
      await stack.api.temporal.workflow
        .getHandle(workflowIds.userErasure(tenant.company.id, recording.userId ?? ''))
        .result();

      // A retention cleanup as the schedule starts it (ten years: it finds nothing of the other tests' recordings).
      await stack.api.temporal.workflow.execute('recordingRetention', {
        taskQueue,
        workflowId: `retention-${randomBytes(4).toString('hex')}`,
        args: [{ retentionMs: 10 * 365 * 86_400_000 }],
      });
      connectivityId = `connectivity-${randomBytes(4).toString('hex')}`;
      await stack.api.temporal.workflow.execute('connectivityCheck', {
        taskQueue,
        workflowId: connectivityId,
        args: [],
      });
    } finally {
      await stack.stop();
      await stt.close();
      await receiver.close();
    }

    const world = await startInvitationWorld({ TEMPORAL_TASK_QUEUE: taskQueue });
    try {
      const tenant = await createTenant('Replay Check Invites');
      const team = await makeTeam(tenant.company.id, 'Replay');
      const email = uniqueEmail('replay');
      const res = await world.api.request<Invitation>('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email, teamId: team.id, role: 'User' },
      });
      expect(res.status, res.text).to.equal(200);
      await world.smtp.waitForMails(email, 1);
    } finally {
      await world.close();
    }
  });
  after(async () => files.close());

  it('passes on today’s code after runs of every workflow type', async () => {
    const outcome = await replayCheck(taskQueue);
    expect(outcome.code, outcome.stderr).to.equal(0);
    for (const type of [
      'connectivityCheck',
      'invitation',
      'recordingIntake',
      'recordingRetention',
      'userErasure',
      'webhookDelivery',
    ]) {
      expect(outcome.stdout).to.match(new RegExp(`^${type}: [1-9]\\d* replayed$`, 'm'));
    }
    expect(outcome.stdout).to.include('every history replays');
  });

  it('fails, naming the workflow id, on a nondeterministic change', async () => {
    const changed = await workflowsWithChangedConnectivityCheck('  await probeDatabase();\n  return probeDatabase();');
    try {
      const outcome = await replayCheck(taskQueue, ['--workflows-path', changed.indexPath]);
      expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(1);
      expect(outcome.stderr).to.match(
        new RegExp(`^FAIL ${connectivityId} \\(connectivityCheck, run [0-9a-f-]+\\): nondeterminism: `, 'm'),
      );
      expect(outcome.stderr).to.not.match(/^FAIL (recording|invitation|webhook)-/m);
    } finally {
      await changed.remove();
    }
  });

  it('passes when the same change is behind patched()', async () => {
    const changed = await workflowsWithChangedConnectivityCheck(
      "  if (patched('replay-check-extra-probe')) await probeDatabase();\n  return probeDatabase();",
    );
    try {
      const outcome = await replayCheck(taskQueue, ['--workflows-path', changed.indexPath]);
      expect(outcome.code, outcome.stderr).to.equal(0);
      expect(outcome.stdout).to.match(/^connectivityCheck: 1 replayed$/m);
    } finally {
      await changed.remove();
    }
  });

  it('refuses a bad --since', async () => {
    const outcome = await replayCheck(taskQueue, ['--since', 'soon']);
    expect(outcome.code).to.not.equal(0);
    expect(outcome.stderr).to.include('expected a duration such as 7d or 12h');
  });

  it('reports per patch id the oldest open run that may still need its old branch', async () => {
    // The runs above have all ended: nothing keeps an old branch alive.
    const quiet = await replayCheck(taskQueue);
    expect(quiet.code, quiet.stderr).to.equal(0);
    for (const patch of PATCHES)
      expect(quiet.stdout).to.match(
        new RegExp(`^patch ${patch.id} \\(${patch.state}\\): no open run needs its old branch$`, 'm'),
      );

    // Two recording runs no worker takes: open, with no patch marker in their histories.
    const client = createTemporalClient(testConfig());
    const start = () =>
      client.workflow.start('recordingIntake', {
        taskQueue,
        workflowId: workflowIds.recording(randomUUID()),
        args: [{ recordingId: randomUUID(), companyId: randomUUID(), storeRecording: false }],
      });
    const older = await start();
    // The newer run starts on a later millisecond than the older one: once the clock has passed its start.
    const olderStart = (await older.describe()).startTime.getTime();
    while (Date.now() <= olderStart) await new Promise((r) => setImmediate(r));
    const newer = await start();
    try {
      const outcome = await replayCheck(taskQueue);
      expect(outcome.code, outcome.stderr).to.equal(0);
      for (const { id, state } of PATCHES.filter((p) => p.workflowTypes.includes('recordingIntake'))) {
        const line = new RegExp(
          `^patch ${id} \\(${state}\\): 2 open run\\(s\\) may need its old branch; oldest ${older.workflowId} \\(recordingIntake, run ${older.firstExecutionRunId}\\), started \\S+$`,
          'm',
        );
        expect(outcome.stdout, id).to.match(line);
      }
      expect(outcome.stdout).to.not.include(newer.workflowId);
    } finally {
      await Promise.all([older.terminate('test over'), newer.terminate('test over')]);
      await client.connection.close();
    }
  });
});

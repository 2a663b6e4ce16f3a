import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Invitation } from '../../api/schemas/invitations';
import { temporalCliPath } from '../../common/temporalCli';
import { workflowIds } from '../../common/temporal';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { invitationHandle, startInvitationWorld, uniqueEmail } from '../support/invitationFixtures';
import { acceptRecording, startRecordingStack } from '../support/recordingFixtures';
import { makeTeam } from '../support/userFixtures';

// What an operator sees in the Web UI's list and in `temporal workflow describe`: each run's static
// summary names what it is about (recording or invitee) and the company.

const run = promisify(execFile);

const CODEC_TOKEN = randomBytes(16).toString('hex');

/** The summary as `temporal workflow describe` prints it, decoded through the API's codec endpoint when given (summaries are payloads: encrypted). */
async function describedSummary(workflowId: string, codecEndpoint?: string): Promise<string> {
  const codec = codecEndpoint ? ['--codec-endpoint', codecEndpoint, '--codec-auth', `Bearer ${CODEC_TOKEN}`] : [];
  const { stdout } = await run(temporalCliPath(), [
    'workflow',
    'describe',
    '--address',
    testEnv().temporal.address,
    '--workflow-id',
    workflowId,
    '--output',
    'json',
    ...codec,
  ]);
  const described = JSON.parse(stdout) as { executionConfig?: { userMetadata?: { summary?: unknown } } };
  return JSON.stringify(described.executionConfig?.userMetadata?.summary ?? null);
}

describe('operations: workflow summaries', function () {
  this.timeout(60_000);

  it('a recording run is summarised with its recording and company', async () => {
    // No worker: the summary is set by the start itself.
    const stack = await startRecordingStack({ TEMPORAL_CODEC_TOKEN: CODEC_TOKEN }, { worker: false });
    try {
      const tenant = await createTenant();
      const roleplay = await createRoleplayFixture(tenant.company.id);
      const id = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: 'https://files.example.com/a.mp3',
        storeRecording: true,
        roleplayId: roleplay.id,
      });
      const plain = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: 'https://files.example.com/b.mp3',
        storeRecording: false,
      });
      const summary = (recordingId: string) =>
        stack.api.temporal.workflow
          .getHandle(workflowIds.recording(recordingId))
          .describe()
          .then((d) => d.staticSummary());
      expect(await summary(id)).to.equal(`Recording ${id} · company ${tenant.company.id} (stored, for a roleplay)`);
      expect(await summary(plain)).to.equal(`Recording ${plain} · company ${tenant.company.id}`);
      expect(
        await describedSummary(workflowIds.recording(id), `${stack.api.url}/codec`),
        'temporal workflow describe through the codec',
      ).to.include(id);
      expect(
        await describedSummary(workflowIds.recording(id)),
        'temporal workflow describe without the codec: ciphertext',
      ).to.not.include(id);
      await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).terminate('test done');
      await stack.api.temporal.workflow.getHandle(workflowIds.recording(plain)).terminate('test done');
    } finally {
      await stack.stop();
    }
  });

  it('an invitation run is summarised and identified by ids only: its invitation and company, never the address', async () => {
    const world = await startInvitationWorld();
    try {
      const tenant = await createTenant();
      const team = await makeTeam(tenant.company.id);
      const email = uniqueEmail('summary');
      const res = await world.api.request<Invitation>('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email, teamId: team.id, role: 'User' },
      });
      expect(res.status, res.text).to.equal(200);
      const described = await (await invitationHandle(world.api, tenant.company.id, email)).describe();
      expect(described.workflowId).to.equal(`invitation-${res.body.id}`);
      expect(await described.staticSummary()).to.equal(`Invitation ${res.body.id} · company ${tenant.company.id}`);
    } finally {
      await world.close();
    }
  });
});

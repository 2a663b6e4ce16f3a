import { expect } from 'chai';
import type { RecordingAccepted } from '../../api/schemas/recordings';
import { workflowIds } from '../../common/temporal';
import { createTenant } from '../support/fixtures';
import { startRecordingStack, waitForRecording, type RecordingStack } from '../support/recordingFixtures';

// Issue 16.4: each recording's run carries its user as the `UserId` search attribute, so an operator
// finds a person's recordings in the Web UI or with `temporal workflow list --query "UserId='<id>'"`.

const WEBVTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Sam Seller>Hi, this is Sam from Acme. Do you have a minute to talk about routing?

00:00:05.500 --> 00:00:08.000
<v Dana Reyes>Sure, go ahead.
`;

describe('recordings: UserId search attribute', function () {
  this.timeout(90_000);
  let stack: RecordingStack;

  before(async () => {
    stack = await startRecordingStack();
  });
  after(async () => stack.stop());

  /** Workflow ids whose UserId is `userId` (visibility is eventually consistent: waits for `expected` of them). */
  async function runsOfUser(userId: string, expected: number): Promise<string[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const ids: string[] = [];
      for await (const run of stack.api.temporal.workflow.list({ query: `UserId = '${userId}'` }))
        ids.push(run.workflowId);
      if (ids.length >= expected || Date.now() > deadline) return ids.sort();
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it("finds a completed recording's workflow by the id of its user, and only that user's", async () => {
    const tenant = await createTenant();
    const submit = async (externalId: string, userName: string): Promise<string> => {
      const res = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
        apiKey: tenant.apiKey,
        json: { userUniqueIdentifier: externalId, userName, storeRecording: false, transcript: WEBVTT },
      });
      expect(res.status, res.text).to.equal(200);
      return res.body.recordingId;
    };
    const first = await submit('crm-sam', 'Sam Seller');
    const second = await submit('crm-sam', 'Sam Seller');
    const other = await submit('crm-kim', 'Kim Closer');
    const [a, b, c] = await Promise.all(
      [first, second, other].map((id) => waitForRecording(stack.api, tenant.apiKey, id)),
    );
    expect([a.status, b.status, c.status]).to.deep.equal(['completed', 'completed', 'completed']);
    expect(a.userId).to.be.a('string').and.equal(b.userId);
    expect(c.userId).to.not.equal(a.userId);

    expect(await runsOfUser(a.userId ?? '', 2)).to.deep.equal(
      [workflowIds.recording(first), workflowIds.recording(second)].sort(),
    );
    expect(await runsOfUser(c.userId ?? '', 1)).to.deep.equal([workflowIds.recording(other)]);
    const described = await stack.api.temporal.workflow.getHandle(workflowIds.recording(first)).describe();
    expect(described.searchAttributes.UserId).to.deep.equal([a.userId]);
  });
});

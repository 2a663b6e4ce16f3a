import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { expect } from 'chai';
import { attemptOf, IDEMPOTENCY_LEASE_MS, requestHash } from '../../api/idempotency';
import { IDEMPOTENCY_KEY_DESCRIPTION } from '../../api/operation';
import { claimIdempotencyKey } from '../../db/queries/idempotencyKeys';
import type { RecordingView } from '../../api/schemas/recordings';
import { workflowIds } from '../../common/temporal';
import { insertRecording } from '../../db/queries/recordings';
import { startApi } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  acceptRecording,
  startRecordingStack,
  submitRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { freePort } from '../support/temporalServer';

// POST /api/recording and GET /api/recording/{id} without a worker: validation, acceptance,
// idempotency and what a caller sees when Temporal is down.

const FILE_URL = 'https://files.example.test/calls/call-1.mp3?X-Amz-Signature=secret-signature-123';

async function recordingCount(companyId: string): Promise<number> {
  const [{ n }] = (await testEnv().db('recordings').where({ company_id: companyId }).count({ n: '*' })) as Array<{
    n: number | string;
  }>;
  return Number(n);
}

describe('recordings: intake API', () => {
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    stack = await startRecordingStack({}, { worker: false });
  });
  after(async () => stack.stop());
  beforeEach(async () => {
    tenant = await createTenant();
  });

  it('accepts a recording: 200 {status, recordingId}, Location, a row, and a running workflow with search attributes', async () => {
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: FILE_URL,
      storeRecording: true,
    });
    const get = await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey });
    expect(get.status).to.equal(200);
    expect(get.body).to.include({
      id,
      status: 'accepted',
      failureReason: null,
      userId: null,
      sessionId: null,
      storeRecording: true,
      completedAt: null,
      result: null,
    });

    const handle = stack.api.temporal.workflow.getHandle(workflowIds.recording(id));
    const description = await handle.describe();
    expect(description.type).to.equal('recordingIntake');
    expect(description.taskQueue).to.equal(stack.config.TEMPORAL_TASK_QUEUE);
    const attrs = description.typedSearchAttributes;
    expect(attrs.getAll().map((p) => [p.key.name, p.value])).to.deep.include.members([
      ['CompanyId', tenant.company.id],
      ['RecordingId', id],
      ['RecordingStatus', 'accepted'],
    ]);
    // The presigned URL (a credential) never enters workflow history.
    const history = JSON.stringify(await handle.fetchHistory());
    expect(history).to.include(id);
    expect(history).not.to.include('secret-signature-123');
  });

  it('rejects invalid bodies with 400 and keeps nothing', async () => {
    const valid = {
      userUniqueIdentifier: 'crm-1',
      userName: 'Sam',
      recordingPresignedUrl: FILE_URL,
      storeRecording: false,
    };
    const cases: Array<[string, unknown, string]> = [
      ['missing userUniqueIdentifier', { ...valid, userUniqueIdentifier: undefined }, 'userUniqueIdentifier'],
      ['empty userUniqueIdentifier', { ...valid, userUniqueIdentifier: '' }, 'userUniqueIdentifier'],
      ['too long userUniqueIdentifier', { ...valid, userUniqueIdentifier: 'x'.repeat(256) }, 'userUniqueIdentifier'],
      ['empty userName', { ...valid, userName: '' }, 'userName'],
      ['userName not a string', { ...valid, userName: 42 }, 'userName'],
      ['missing recordingPresignedUrl', { ...valid, recordingPresignedUrl: undefined }, 'recordingPresignedUrl'],
      ['not a URL', { ...valid, recordingPresignedUrl: 'not a url' }, 'recordingPresignedUrl'],
      ['ftp URL', { ...valid, recordingPresignedUrl: 'ftp://files.example.test/a.mp3' }, 'recordingPresignedUrl'],
      [
        'URL with credentials',
        { ...valid, recordingPresignedUrl: 'https://user:pw@files.example.test/a.mp3' },
        'recordingPresignedUrl',
      ],
      ['storeRecording as a string', { ...valid, storeRecording: 'true' }, 'storeRecording'],
      ['missing storeRecording', { ...valid, storeRecording: undefined }, 'storeRecording'],
      ['roleplayId not a uuid', { ...valid, roleplayId: 'abc' }, 'roleplayId'],
      ['unknown field', { ...valid, webhookUrl: 'https://x.test' }, 'webhookUrl'],
    ];
    for (const [label, body, field] of cases) {
      const res = await stack.api.request<{ error: { code: string; details: Array<{ field: string }> } }>(
        'POST',
        '/api/recording',
        {
          apiKey: tenant.apiKey,
          json: body,
        },
      );
      expect(res.status, label).to.equal(400);
      expect(
        res.body.error.details.map((d) => d.field),
        label,
      ).to.include(field);
    }
    const noBody = await stack.api.request('POST', '/api/recording', { apiKey: tenant.apiKey });
    expect(noBody.status).to.equal(400);
    const badKey = await submitRecording(
      stack.api,
      tenant.apiKey,
      { recordingPresignedUrl: FILE_URL, storeRecording: true },
      { 'Idempotency-Key': 'k'.repeat(256) },
    );
    expect(badKey.status).to.equal(400);
    expect(await recordingCount(tenant.company.id)).to.equal(0);
  });

  it('needs an API key', async () => {
    const res = await stack.api.request('POST', '/api/recording', {
      json: { userUniqueIdentifier: 'a', userName: 'b', recordingPresignedUrl: FILE_URL, storeRecording: true },
    });
    expect(res.status).to.equal(401);
  });

  it('answers 404 for a roleplayId of another company or an unknown one, keeping nothing', async () => {
    const other = await createTenant();
    const foreign = await createRoleplayFixture(other.company.id);
    for (const roleplayId of [foreign.id, randomUUID()]) {
      const res = await submitRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: FILE_URL,
        storeRecording: true,
        roleplayId,
      });
      expect(res.status).to.equal(404);
    }
    expect(await recordingCount(tenant.company.id)).to.equal(0);
    const own = await createRoleplayFixture(tenant.company.id);
    await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: FILE_URL,
      storeRecording: true,
      roleplayId: own.id,
    });
  });

  it("answers 404 for another company's recording and for unknown ids", async () => {
    const other = await createTenant();
    const id = await acceptRecording(stack.api, other.apiKey, {
      recordingPresignedUrl: FILE_URL,
      storeRecording: false,
    });
    expect((await stack.api.request('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey })).status).to.equal(404);
    expect(
      (await stack.api.request('GET', `/api/recording/${randomUUID()}`, { apiKey: tenant.apiKey })).status,
    ).to.equal(404);
    expect((await stack.api.request('GET', '/api/recording/not-a-uuid', { apiKey: tenant.apiKey })).status).to.equal(
      400,
    );
  });

  it('returns the same recording for a repeated Idempotency-Key, marked Idempotent-Replayed, and starts no second workflow', async () => {
    const body = { recordingPresignedUrl: FILE_URL, storeRecording: true };
    const key = `retry-${randomUUID()}`;
    const firstAnswer = await submitRecording(stack.api, tenant.apiKey, body, { 'Idempotency-Key': key });
    expect(firstAnswer.headers.get('idempotent-replayed')).to.equal(null);
    const first = firstAnswer.body.recordingId;
    const replayed = await submitRecording(stack.api, tenant.apiKey, body, { 'Idempotency-Key': key });
    expect(replayed.status).to.equal(200);
    expect(replayed.body).to.deep.equal(firstAnswer.body);
    expect(replayed.headers.get('idempotent-replayed')).to.equal('true');
    expect(replayed.headers.get('location')).to.equal(`/api/recording/${first}`);
    expect(await recordingCount(tenant.company.id)).to.equal(1);
    // Kept where every other POST keeps its key (api/idempotency.ts), not on the recording.
    expect(
      await testEnv()
        .db('idempotency_keys')
        .where({ company_id: tenant.company.id, operation_id: 'submitRecording' })
        .count({ n: '*' }),
    ).to.deep.equal([{ n: 1 }]);

    // Racing retries of one request converge on the same recording too: while the first holds the key
    // the others are told to retry (409 idempotency_key_in_use, Retry-After), and their retries get its answer.
    const racingKey = `race-${randomUUID()}`;
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        submitRecording(stack.api, tenant.apiKey, body, { 'Idempotency-Key': racingKey }),
      ),
    );
    const ids: string[] = [];
    for (const res of racing) {
      if (res.status === 409) {
        expect((res.body as unknown as { error: { code: string } }).error.code).to.equal('idempotency_key_in_use');
        expect(res.headers.get('retry-after')).to.equal('1');
        ids.push(await acceptRecording(stack.api, tenant.apiKey, body, { 'Idempotency-Key': racingKey }));
      } else {
        expect(res.status, res.text).to.equal(200);
        ids.push(res.body.recordingId);
      }
    }
    expect(new Set(ids).size).to.equal(1);
    expect(await recordingCount(tenant.company.id)).to.equal(2);

    // Temporal holds exactly one workflow per recording for this company.
    const query = `CompanyId = '${tenant.company.id}'`;
    const deadline = Date.now() + 15_000;
    let workflows: string[] = [];
    while (Date.now() < deadline) {
      workflows = [];
      for await (const wf of stack.api.temporal.workflow.list({ query })) workflows.push(wf.workflowId);
      if (workflows.length >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(workflows.sort()).to.deep.equal([workflowIds.recording(first), workflowIds.recording(ids[0])].sort());

    // The same key from another company is that company's own key.
    const other = await createTenant();
    const theirs = await acceptRecording(stack.api, other.apiKey, body, { 'Idempotency-Key': key });
    expect(theirs).not.to.equal(first);
  });

  it('a retry that takes over from a crashed first run finds the recording that run inserted and starts its workflow, adding none', async () => {
    // What a process that died between inserting the recording and recording its answer leaves: the
    // key's claim (its lease run out) and an accepted recording without a workflow.
    const body = {
      userUniqueIdentifier: 'crm-42',
      userName: 'Sam Seller',
      recordingPresignedUrl: FILE_URL,
      storeRecording: false,
    };
    const key = `crash-${randomUUID()}`;
    const companyId = tenant.company.id;
    const credentialId = `key:${tenant.apiKeyId}`;
    const keyHash = createHash('sha256').update(key).digest('hex');
    const claimedAt = new Date(Date.now() - 2 * IDEMPOTENCY_LEASE_MS);
    await claimIdempotencyKey(testEnv().db, {
      companyId,
      credentialId,
      keyHash,
      operationId: 'submitRecording',
      requestHash: requestHash({ companyId, credentialId, key, operationId: 'submitRecording', params: {}, body }),
      now: claimedAt,
      lockedUntil: new Date(claimedAt.getTime() + IDEMPOTENCY_LEASE_MS),
    });
    const orphan = attemptOf(companyId, keyHash, claimedAt).id;
    const { userUniqueIdentifier, userName } = body;
    await insertRecording(testEnv().db, {
      id: orphan,
      companyId,
      userUniqueIdentifier,
      userName,
      sourceUrl: FILE_URL,
      storeRecording: false,
      roleplayId: null,
      workflowId: workflowIds.recording(orphan),
    });

    const retried = await acceptRecording(stack.api, tenant.apiKey, body, { 'Idempotency-Key': key });
    expect(retried).to.equal(orphan);
    expect(await recordingCount(tenant.company.id)).to.equal(1);
    expect((await stack.api.temporal.workflow.getHandle(workflowIds.recording(orphan)).describe()).type).to.equal(
      'recordingIntake',
    );
  });

  it('answers 409 when an Idempotency-Key is reused with a different body', async () => {
    const key = `k-${randomUUID()}`;
    await acceptRecording(
      stack.api,
      tenant.apiKey,
      { recordingPresignedUrl: FILE_URL, storeRecording: true },
      { 'Idempotency-Key': key },
    );
    const res = await submitRecording(
      stack.api,
      tenant.apiKey,
      { recordingPresignedUrl: FILE_URL, storeRecording: false },
      { 'Idempotency-Key': key },
    );
    expect(res.status).to.equal(409);
    expect(await recordingCount(tenant.company.id)).to.equal(1);
  });

  it('keeps repChannel on the recording; the same key with another repChannel is a different body', async () => {
    const key = `rc-${randomUUID()}`;
    const id = await acceptRecording(
      stack.api,
      tenant.apiKey,
      { recordingPresignedUrl: FILE_URL, storeRecording: false, repChannel: 'right' },
      { 'Idempotency-Key': key },
    );
    expect(
      await testEnv().db('recordings').where({ id }).first('rep_channel', 'rep_speaker', 'source_url'),
    ).to.deep.equal({ rep_channel: 'right', rep_speaker: null, source_url: FILE_URL });
    const other = await submitRecording(
      stack.api,
      tenant.apiKey,
      { recordingPresignedUrl: FILE_URL, storeRecording: false, repChannel: 'left' },
      { 'Idempotency-Key': key },
    );
    expect(other.status).to.equal(409);
    const bad = await submitRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: FILE_URL,
      storeRecording: false,
      repChannel: 'middle' as 'left',
    });
    expect(bad.status).to.equal(400);
  });

  it('validates the Idempotency-Key header like any other request part, and documents it in the OpenAPI document', async () => {
    for (const key of ['tab\tinside', 'k'.repeat(256)]) {
      const res = await submitRecording(
        stack.api,
        tenant.apiKey,
        { recordingPresignedUrl: FILE_URL, storeRecording: false },
        { 'Idempotency-Key': key },
      );
      expect(res.status, key).to.equal(400);
      const error = (res.body as unknown as { error: { code: string; details: unknown[] } }).error;
      expect(error.code).to.equal('validation_failed');
      expect(error.details).to.deep.equal([
        {
          in: 'header',
          field: 'Idempotency-Key',
          message: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
        },
      ]);
    }
    expect(await recordingCount(tenant.company.id)).to.equal(0);
    const doc = (
      await stack.api.request<{
        paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string; required: boolean }> }>>;
      }>('GET', '/openapi.json')
    ).body;
    const { example, ...parameter } = doc.paths['/api/recording'].post.parameters.find(
      (p) => p.name === 'Idempotency-Key',
    ) as { example?: unknown };
    expect(example).to.be.a('string');
    expect(parameter).to.deep.equal({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: IDEMPOTENCY_KEY_DESCRIPTION,
      schema: {
        type: 'string',
        pattern: '^[\\x21-\\x7e][\\x20-\\x7e]{0,254}$',
        description: IDEMPOTENCY_KEY_DESCRIPTION,
        errorMessage: 'must be 1 to 255 printable ASCII characters',
      },
    });
  });

  it('answers 503 and keeps nothing when Temporal is unreachable', async () => {
    const down = await startApi({
      ...stack.config,
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      TEMPORAL_START_TIMEOUT: '2s',
    });
    try {
      const res = await submitRecording(
        down,
        tenant.apiKey,
        { recordingPresignedUrl: FILE_URL, storeRecording: true },
        { 'Idempotency-Key': 'down-1' },
      );
      expect(res.status).to.equal(503);
      expect(res.headers.get('retry-after')).to.equal('5');
      expect((res.body as unknown as { error: { code: string } }).error.code).to.equal('workflow_unavailable');
      expect(await recordingCount(tenant.company.id)).to.equal(0);
    } finally {
      await down.close();
    }
    // The caller's retry with the same key, once Temporal is back, is accepted normally.
    await acceptRecording(
      stack.api,
      tenant.apiKey,
      { recordingPresignedUrl: FILE_URL, storeRecording: true },
      { 'Idempotency-Key': 'down-1' },
    );
    expect(await recordingCount(tenant.company.id)).to.equal(1);
  });

  it('answers 503 after TEMPORAL_START_TIMEOUT when Temporal accepts the connection but never answers', async () => {
    // A hung server: it takes TCP connections and never speaks HTTP/2.
    const sockets = new Set<Socket>();
    const hung = createServer((socket) => void sockets.add(socket));
    hung.listen(0, '127.0.0.1');
    await once(hung, 'listening');
    const api = await startApi({
      ...stack.config,
      TEMPORAL_ADDRESS: `127.0.0.1:${(hung.address() as AddressInfo).port}`,
      TEMPORAL_START_TIMEOUT: '1500ms',
    });
    try {
      const t = await createTenant();
      const started = Date.now();
      const res = await submitRecording(api, t.apiKey, { recordingPresignedUrl: FILE_URL, storeRecording: true });
      expect(res.status).to.equal(503);
      expect((res.body as unknown as { error: { code: string } }).error.code).to.equal('workflow_unavailable');
      // The bound the code promises: it does not give up before TEMPORAL_START_TIMEOUT (that it gives up at
      // all is the answer above; how much later depends on the machine, so it is not asserted).
      expect(Date.now() - started).to.be.at.least(1400);
      expect(await recordingCount(t.company.id)).to.equal(0);
    } finally {
      await api.close();
      for (const socket of sockets) socket.destroy();
      hung.close();
    }
  });
});

import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { RecordingAccepted, RecordingList, RecordingView } from '../../api/schemas/recordings';
import type { UserErasure } from '../../api/schemas/userErasure';
import type { EventList } from '../../api/schemas/events';
import type { RecordingCompletedData, RecordingFailedData } from '../../common/webhookEvents';
import { dbSnapshot } from '../support/dbSnapshot';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// The integrator's own references on a recording (issue 34 §4): `externalId` (unique per company) and
// `metadata` (Stripe's limits) on the submission, echoed in the recording, the list and the webhook
// events; the list filters by externalId and by userUniqueIdentifier; erasure removes the metadata.

const WEBVTT = `WEBVTT

00:00:00.000 --> 00:00:04.000
<v Sam Seller>Hi Dana, this is Sam from Acme. How do you route trucks today?

00:00:04.500 --> 00:00:07.000
<v Dana Reyes>Spreadsheets, mostly.
`;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type RecordingEventData = RecordingCompletedData | RecordingFailedData;

describe("recordings: the integrator's externalId and metadata", function () {
  this.timeout(120_000);
  let stack: RecordingStack;
  let receiver: WebhookReceiver;
  let tenant: TenantFixture;

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startRecordingStack();
  });
  after(async () => {
    await stack.stop();
    await receiver.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}, apiKey = tenant.apiKey) =>
    stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey,
      headers,
      json: {
        userUniqueIdentifier: 'crm-7',
        userName: 'Sam Seller',
        storeRecording: false,
        transcript: WEBVTT,
        ...body,
      },
    });
  const list = (query: string) =>
    stack.api.request<RecordingList>('GET', `/api/recording?${query}`, { apiKey: tenant.apiKey });

  it('echoes them in the recording, the list and the webhook event, and the list filters by them', async () => {
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/refs');
    const metadata = { crmCallId: 'call-8812', region: 'emea', note: 'ü'.repeat(500) };
    const res = await submit({ externalId: 'call-8812', metadata });
    expect(res.status, res.text).to.equal(200);
    const id = res.body.recordingId;
    const plain = await submit({ userUniqueIdentifier: 'crm-8' });
    expect(plain.status, plain.text).to.equal(200);

    const hooks = await receiver.waitFor('/refs', 2);
    const dataOf = (recordingId: string) =>
      hooks.map((h) => h.event?.data as RecordingCompletedData).find((d) => d.recordingId === recordingId);
    const data = dataOf(id);
    expect(data).to.deep.include({ externalId: 'call-8812', metadata });
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view).to.deep.include({ externalId: 'call-8812', metadata });

    // A recording submitted without them answers as before: neither key is there.
    const before = await waitForRecording(stack.api, tenant.apiKey, plain.body.recordingId);
    expect(before).not.to.have.any.keys('externalId', 'metadata');
    expect(dataOf(plain.body.recordingId)).not.to.have.any.keys('externalId', 'metadata');

    const byExternal = await list('externalId=call-8812');
    expect(byExternal.status, byExternal.text).to.equal(200);
    expect(byExternal.body.data.map((r) => r.id)).to.deep.equal([id]);
    expect(byExternal.body.data[0]).to.deep.include({ externalId: 'call-8812', metadata });
    expect((await list('externalId=call-0000')).body.data).to.deep.equal([]);
    const byUser = await list('userUniqueIdentifier=crm-8');
    expect(byUser.body.data.map((r) => r.id)).to.deep.equal([plain.body.recordingId]);
    const both = await list('userUniqueIdentifier=crm-7&externalId=call-8812');
    expect(both.body.data.map((r) => r.id)).to.deep.equal([id]);
    expect((await list('userUniqueIdentifier=crm-8&externalId=call-8812')).body.pagination.total).to.equal(0);
  });

  it('a second submission with the same externalId is 409 naming the recording; an Idempotency-Key retry is not', async () => {
    const headers = { 'Idempotency-Key': 'submit-call-1' };
    const first = await submit({ externalId: 'call-1' }, headers);
    expect(first.status, first.text).to.equal(200);
    const replay = await submit({ externalId: 'call-1' }, headers);
    expect(replay.status, replay.text).to.equal(200);
    expect(replay.body.recordingId).to.equal(first.body.recordingId);
    // Finished, so that nothing else writes while the refusal is checked to write nothing.
    await waitForRecording(stack.api, tenant.apiKey, first.body.recordingId);

    const before = await dbSnapshot();
    const again = await submit({ externalId: 'call-1', userUniqueIdentifier: 'crm-other' });
    expect(again.status, again.text).to.equal(409);
    const error = (again.body as unknown as ErrorBody).error;
    expect(error.code).to.equal('external_id_taken');
    expect(error.message).to.include(first.body.recordingId);
    expect(error.details).to.deep.equal([
      { in: 'body', field: 'externalId', message: `already used by recording ${first.body.recordingId}` },
    ]);
    expect(await dbSnapshot()).to.deep.equal(before);

    // Unique per company: another company may use the same reference.
    const other = await createTenant();
    const elsewhere = await submit({ externalId: 'call-1' }, {}, other.apiKey);
    expect(elsewhere.status, elsewhere.text).to.equal(200);
  });

  it("refuses metadata beyond Stripe's limits (50 keys, keys of 40 characters, string values of 500)", async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    const cases: Array<[unknown, number]> = [
      [tooMany, 400],
      [{ ['k'.repeat(41)]: 'v' }, 400],
      [{ '': 'v' }, 400],
      [{ k: 'v'.repeat(501) }, 400],
      [{ k: 5 }, 400],
      [{ k: { nested: 'x' } }, 400],
      [['not', 'an', 'object'], 400],
      [fifty, 200],
      [{ ['k'.repeat(40)]: 'v'.repeat(500) }, 200],
    ];
    for (const [metadata, status] of cases) {
      const res = await submit({ metadata });
      expect(res.status, `${JSON.stringify(metadata).slice(0, 80)}: ${res.text}`).to.equal(status);
      if (status === 400) {
        const details = (res.body as unknown as ErrorBody).error.details;
        expect(
          details.some((d) => d.in === 'body' && d.field.startsWith('metadata')),
          res.text,
        ).to.equal(true);
      }
    }
    for (const externalId of ['', 'x'.repeat(256)]) expect((await submit({ externalId })).status).to.equal(400);
  });

  it('erasing the person removes the metadata from the recording and its events; the externalId stays', async () => {
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/erased', [
      'recording.processing.completed',
      'recording.processing.failed',
    ]);
    // The metadata names the rep (their own phone), not the call's customer, whose name the analysis keeps.
    const res = await submit({ externalId: 'call-erased', metadata: { repMobile: '+1 415 555 0199' } });
    const done = await waitForRecording(stack.api, tenant.apiKey, res.body.recordingId);
    expect(done.metadata).to.deep.equal({ repMobile: '+1 415 555 0199' });
    const erase = await stack.api.request<UserErasure>('POST', `/api/user/${done.userId}/erase`, {
      apiKey: tenant.apiKey,
    });
    expect(erase.status, erase.text).to.be.oneOf([200, 202]);
    await until('the erasure to finish', async () => {
      const state = await stack.api.request<UserErasure>('GET', `/api/user/${done.userId}/erase`, {
        apiKey: tenant.apiKey,
      });
      return state.body.status === 'erased';
    });
    const after = await stack.api.request<RecordingView>('GET', `/api/recording/${done.id}`, { apiKey: tenant.apiKey });
    expect(after.body.externalId).to.equal('call-erased');
    expect(after.body).not.to.have.property('metadata');
    const listed = await list('externalId=call-erased');
    expect(listed.body.data[0]).not.to.have.property('metadata');
    // The company's kept events, once the recording's run (it keeps its event before it closes) has closed: an
    // event kept before the request is forgotten, one kept after it names the tombstone, without the metadata.
    const run = stack.api.temporal.workflow.getHandle(`recording-${done.id}`);
    await until('the recording run to close', async () => (await run.describe()).status.name !== 'RUNNING');
    const events = await stack.api.request<EventList>('GET', '/api/events', { apiKey: tenant.apiKey });
    expect(events.status, events.text).to.equal(200);
    expect(events.text).not.to.include('555 0199');
    for (const event of events.body.data.filter((e) => (e.payload.data as RecordingEventData).recordingId === done.id))
      expect(event.payload.data).not.to.have.property('metadata');
  });
});

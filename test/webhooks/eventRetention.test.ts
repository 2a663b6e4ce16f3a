import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { testConfig, testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { testSecretBox } from '../support/webhookFixtures';
import { createWebhookEndpoint } from '../../db/queries/webhooks';
import { plannedSweep, sweepExpiredRows } from '../../activities/sweeps';

// Events and delivery records are kept for WEBHOOK_EVENT_RETENTION; a completed recording's event, which
// holds a person's words, never longer than RECORDING_RETENTION: three sweeps of the retention schedule.

const DAY = 86_400_000;

describe('event retention', () => {
  let tenant: TenantFixture;
  let endpointId: string;
  const now = new Date();
  const ago = (days: number): Date => new Date(now.getTime() - days * DAY);

  /** The event sweeps as the schedule's run makes them at `now` with these settings. */
  async function sweepEvents(settings: { WEBHOOK_EVENT_RETENTION: string; RECORDING_RETENTION: string }) {
    const config = testConfig(settings);
    const run = (name: string) => sweepExpiredRows(testEnv().db, plannedSweep(name, config), now);
    const events = (await run('webhook-events')) + (await run('webhook-events-with-words'));
    return { events, deliveries: await run('webhook-deliveries') };
  }

  beforeEach(async () => {
    tenant = await createTenant();
    const { endpoint } = await createWebhookEndpoint(
      testEnv().db,
      {
        companyId: tenant.company.id,
        url: 'https://hooks.example.com/r',
        description: null,
        events: ['recording.processing.completed'],
      },
      testSecretBox(),
    );
    endpointId = endpoint.id;
  });

  /** An event of `type` created `days` ago, with one delivery attempt then; its id. */
  async function eventFrom(type: string, days: number): Promise<string> {
    const id = randomUUID();
    const at = ago(days);
    await testEnv()
      .db('webhook_events')
      .insert({
        id,
        company_id: tenant.company.id,
        type,
        payload: JSON.stringify({ id, type, createdAt: at.toISOString(), data: {} }),
        created_at: at,
      });
    await testEnv().db('webhook_deliveries').insert({
      id: randomUUID(),
      endpoint_id: endpointId,
      event_id: id,
      event_type: type,
      attempt: 1,
      outcome: 'delivered',
      status_code: 200,
      duration_ms: 5,
      created_at: at,
    });
    return id;
  }
  const remaining = async (ids: string[]) => {
    const rows = (await testEnv().db('webhook_events').whereIn('id', ids).select('id')) as Array<{ id: string }>;
    return ids.filter((id) => rows.some((r) => r.id.toLowerCase() === id.toLowerCase()));
  };
  const deliveriesOf = async (ids: string[]) =>
    (
      (await testEnv().db('webhook_deliveries').whereIn('event_id', ids).select('event_id')) as Array<{
        event_id: string;
      }>
    ).map((r) => r.event_id.toLowerCase());

  it('deletes events and deliveries past WEBHOOK_EVENT_RETENTION, and words past RECORDING_RETENTION', async () => {
    const words10 = await eventFrom('recording.processing.completed', 10);
    const failed10 = await eventFrom('recording.processing.failed', 10);
    const words3 = await eventFrom('recording.processing.completed', 3);
    const test31 = await eventFrom('webhook.test', 31);
    const failed31 = await eventFrom('recording.processing.failed', 31);
    const all = [words10, failed10, words3, test31, failed31];

    const report = await sweepEvents({ WEBHOOK_EVENT_RETENTION: '30d', RECORDING_RETENTION: '7d' });
    expect(report.events).to.be.at.least(3);
    expect(report.deliveries).to.be.at.least(2);
    expect(await remaining(all)).to.deep.equal([failed10, words3]);
    // A delivery record goes with WEBHOOK_EVENT_RETENTION (it holds no words): the 10-day-old ones stay.
    expect((await deliveriesOf(all)).sort()).to.deep.equal(
      [words10, failed10, words3].map((i) => i.toLowerCase()).sort(),
    );
  });

  it('with RECORDING_RETENTION 0 (kept for ever) the event retention alone applies; 0 keeps events too', async () => {
    const words10 = await eventFrom('recording.processing.completed', 10);
    const words40 = await eventFrom('recording.processing.completed', 40);
    await sweepEvents({ WEBHOOK_EVENT_RETENTION: '0', RECORDING_RETENTION: '0' });
    expect(await remaining([words10, words40])).to.deep.equal([words10, words40]);
    await sweepEvents({ WEBHOOK_EVENT_RETENTION: '30d', RECORDING_RETENTION: '0' });
    expect(await remaining([words10, words40])).to.deep.equal([words10]);
    // Words never outlive RECORDING_RETENTION, even when events in general are kept for ever.
    await sweepEvents({ WEBHOOK_EVENT_RETENTION: '0', RECORDING_RETENTION: '5d' });
    expect(await remaining([words10])).to.deep.equal([]);
  });
});

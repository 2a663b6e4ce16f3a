import { expect } from 'chai';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import { RETENTION_SCHEDULE_ID } from '../../common/temporal';
import { syncRetentionSchedule, type RetentionScheduleChange } from '../../worker/retentionSchedule';
import { testConfig, testEnv } from '../support/env';

// A fleet starts its workers at once (a deploy, an autoscaler): each makes the retention schedule match
// its RECORDING_RETENTION at the same moment, each over its own connection as separate machines do.
// Whatever order their calls reach Temporal in, every start succeeds and there is one schedule.

const DAY_MS = 86_400_000;
const WORKERS = 6;

describe('recordings: the retention schedule with several workers starting at once', function () {
  this.timeout(120_000);
  const clients: Client[] = [];

  before(async () => {
    for (let i = 0; i < WORKERS; i += 1) {
      const connection = await Connection.connect({ address: testEnv().config.TEMPORAL_ADDRESS });
      clients.push(new Client({ connection, namespace: testEnv().config.TEMPORAL_NAMESPACE }));
    }
  });
  after(async () => {
    // Leave no schedule behind for later suites.
    await clients[0]?.schedule
      .getHandle(RETENTION_SCHEDULE_ID)
      .delete()
      .catch((err: unknown) => {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      });
    await Promise.all(clients.map((c) => c.connection.close()));
  });

  /** Every worker syncs at once; resolves with each one's change (a rejection fails the test). */
  const startAll = (retention: string): Promise<RetentionScheduleChange[]> =>
    Promise.all(clients.map((client) => syncRetentionSchedule(client, testConfig({ RECORDING_RETENTION: retention }))));

  async function retentionSchedules(): Promise<string[]> {
    const ids: string[] = [];
    for await (const s of clients[0].schedule.list()) ids.push(s.scheduleId);
    return ids.filter((id) => id.startsWith('recording-retention'));
  }

  it('creates one schedule when none exists, updates that one when it does, and all delete it without retention', async () => {
    await clients[0].schedule
      .getHandle(RETENTION_SCHEDULE_ID)
      .delete()
      .catch((err: unknown) => {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      });

    const first = await startAll('30d');
    expect(
      first.filter((c) => c === 'created'),
      'one creates it',
    ).to.have.length(1);
    expect(
      first.filter((c) => c === 'updated'),
      'the others update it',
    ).to.have.length(WORKERS - 1);
    const handle = clients[0].schedule.getHandle(RETENTION_SCHEDULE_ID);
    expect((await handle.describe()).action.args).to.deep.equal([{ retentionMs: 30 * DAY_MS }]);
    // Its runs belong to no company: a fairness key of their own (docs/operations.md, "Fairness between companies").
    const { action } = await handle.describe();
    expect(action.type === 'startWorkflow' && action.priority).to.deep.include({
      priorityKey: 3,
      fairnessKey: 'maintenance:recording-retention',
    });

    // A new release with another retention, again all at once.
    expect(new Set(await startAll('7d'))).to.deep.equal(new Set(['updated']));
    expect((await handle.describe()).action.args).to.deep.equal([{ retentionMs: 7 * DAY_MS }]);
    // The visibility list is eventually consistent: wait for it to name the schedule, then there is only it.
    const deadline = Date.now() + 20_000;
    let ids = await retentionSchedules();
    while (!ids.includes(RETENTION_SCHEDULE_ID) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      ids = await retentionSchedules();
    }
    expect(ids).to.deep.equal([RETENTION_SCHEDULE_ID]);

    const off = await startAll('0');
    expect(
      off.filter((c) => c === 'deleted'),
      'one deletes it',
    ).to.have.length.of.at.least(1);
    expect(off.every((c) => c === 'deleted' || c === 'absent')).to.equal(true);
    const gone = await handle.describe().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(gone).to.be.instanceOf(ScheduleNotFoundError);
  });
});

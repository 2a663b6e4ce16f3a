import { expect } from 'chai';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import { plannedSweeps } from '../../activities/sweeps';
import { LEGACY_RETENTION_SCHEDULE_ID, SWEEP_SCHEDULE_ID } from '../../common/temporal';
import { syncSweepSchedule, type SweepScheduleChange } from '../../worker/sweepSchedule';
import { testConfig, testEnv } from '../support/env';

// A fleet starts its workers at once (a deploy, an autoscaler): each makes the retention sweep schedule match
// its settings at the same moment, each over its own connection as separate machines do. Whatever order
// their calls reach Temporal in, every start succeeds and there is one schedule, whatever the settings say.

const DAY_MS = 86_400_000;
const WORKERS = 6;

describe('recordings: the retention sweep schedule with several workers starting at once', function () {
  this.timeout(120_000);
  const clients: Client[] = [];

  const deleteSchedule = (id: string): Promise<void> =>
    clients[0].schedule
      .getHandle(id)
      .delete()
      .catch((err: unknown) => {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      });

  before(async () => {
    for (let i = 0; i < WORKERS; i += 1) {
      const connection = await Connection.connect({ address: testEnv().config.TEMPORAL_ADDRESS });
      clients.push(new Client({ connection, namespace: testEnv().config.TEMPORAL_NAMESPACE }));
    }
  });
  after(async () => {
    // Leave no schedule behind for later suites.
    if (clients.length > 0) await deleteSchedule(SWEEP_SCHEDULE_ID);
    await Promise.all(clients.map((c) => c.connection.close()));
  });

  /** Every worker syncs at once; resolves with each one's change (a rejection fails the test). */
  const startAll = (retention: string): Promise<SweepScheduleChange[]> =>
    Promise.all(clients.map((client) => syncSweepSchedule(client, testConfig({ RECORDING_RETENTION: retention }))));

  async function sweepSchedules(): Promise<string[]> {
    const ids: string[] = [];
    for await (const s of clients[0].schedule.list()) ids.push(s.scheduleId);
    return ids.filter((id) => id === SWEEP_SCHEDULE_ID || id === LEGACY_RETENTION_SCHEDULE_ID);
  }

  it('creates one schedule, replacing the daily one of earlier releases, and keeps it whatever the retention', async () => {
    await deleteSchedule(SWEEP_SCHEDULE_ID);
    // What an earlier release's worker left: its daily recording-retention schedule.
    await clients[0].schedule.create({
      scheduleId: LEGACY_RETENTION_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 day', offset: '3 hours' }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'recordingRetention',
        workflowId: LEGACY_RETENTION_SCHEDULE_ID,
        taskQueue: testEnv().config.TEMPORAL_TASK_QUEUE,
        args: [{ retentionMs: DAY_MS }],
      },
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
    const handle = clients[0].schedule.getHandle(SWEEP_SCHEDULE_ID);
    const config = testConfig({ RECORDING_RETENTION: '30d' });
    expect((await handle.describe()).action.args).to.deep.equal([
      { sweeps: plannedSweeps(config), recordingRetentionMs: 30 * DAY_MS },
    ]);
    const legacy = await clients[0].schedule
      .getHandle(LEGACY_RETENTION_SCHEDULE_ID)
      .describe()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(legacy, 'the daily schedule of earlier releases is gone').to.be.instanceOf(ScheduleNotFoundError);

    // Retention turned off, again all at once: the schedule stays (its other sweeps still run).
    expect(new Set(await startAll('0'))).to.deep.equal(new Set(['updated']));
    const off = (await handle.describe()).action.args as Array<{ recordingRetentionMs: number }>;
    expect(off[0].recordingRetentionMs).to.equal(0);
    // The visibility list is eventually consistent: wait for it to name the schedule, then there is only it.
    const deadline = Date.now() + 20_000;
    let ids = await sweepSchedules();
    while ((!ids.includes(SWEEP_SCHEDULE_ID) || ids.length > 1) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      ids = await sweepSchedules();
    }
    expect(ids).to.deep.equal([SWEEP_SCHEDULE_ID]);
  });
});

import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { durationMs, type Config } from '../common/config';
import { deleteDeliveriesBefore, deleteEventsBefore } from '../db/queries/eventLog';

// Events (webhook_events) and delivery records (webhook_deliveries) are kept for WEBHOOK_EVENT_RETENTION,
// and an event that holds a person's words (the completed recording's snippets and analysis) never longer
// than RECORDING_RETENTION, which removes those words from the recording itself. The worker sweeps every few
// minutes (every replica does; the deletes are harmless to repeat), a batch at a time; a read in between
// never sees an event past its time for long.

/** Event types whose body holds what a person said. */
export const EVENTS_WITH_WORDS = ['recording.processing.completed'];

const BATCH = 1000;
const EVERY_MS = 10 * 60_000;

export interface EventSweepReport {
  events: number;
  deliveries: number;
}

async function inBatches(step: () => Promise<number>): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = await step();
    removed += n;
    if (n < BATCH) return removed;
  }
}

/** Deletes what is past its retention at `now`. */
export async function sweepExpiredEvents(
  db: Knex,
  config: Pick<Config, 'WEBHOOK_EVENT_RETENTION' | 'RECORDING_RETENTION'>,
  now: Date = new Date(),
): Promise<EventSweepReport> {
  const keepMs = durationMs(config.WEBHOOK_EVENT_RETENTION);
  const recordingMs = durationMs(config.RECORDING_RETENTION);
  let events = 0;
  let deliveries = 0;
  if (keepMs > 0) {
    const before = new Date(now.getTime() - keepMs);
    events += await inBatches(() => deleteEventsBefore(db, before, BATCH));
    deliveries += await inBatches(() => deleteDeliveriesBefore(db, before, BATCH));
  }
  if (recordingMs > 0 && (keepMs === 0 || recordingMs < keepMs)) {
    const wordsBefore = new Date(now.getTime() - recordingMs);
    events += await inBatches(() => deleteEventsBefore(db, wordsBefore, BATCH, EVENTS_WITH_WORDS));
  }
  return { events, deliveries };
}

/** Sweeps now and every few minutes until the returned function is called. */
export function startEventRetentionSweep(
  db: Knex,
  config: Pick<Config, 'WEBHOOK_EVENT_RETENTION' | 'RECORDING_RETENTION'>,
  logger: Logger,
): () => void {
  const sweep = (): void =>
    void sweepExpiredEvents(db, config).then(
      (removed) => removed.events + removed.deliveries > 0 && logger.info(removed, 'removed events past retention'),
      (err: unknown) => logger.warn({ err }, 'could not remove events past retention; will try again'),
    );
  sweep();
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

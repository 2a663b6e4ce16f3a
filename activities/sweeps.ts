import { Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import { nowOn } from '../common/clock';
import { durationMs, type Config } from '../common/config';
import type { RecordingStorage } from '../common/storage/recordingStorage';
import { deleteExpiredRows, type ExpiredRows } from '../db/queries/expiredRows';
import { sweepExpiredExports } from './companyExport/expiry';
import type { ActivityDeps } from './deps';
import { PROVIDER_COPY_GRACE_MS, sweepProviderCopies } from './stt/providerCopies';
import type { SpeechToText } from './stt/transcript';
import { createSpeechToText } from './transcribe';

// Rows that expire, declared once: each sweep is a table, the column its age is read from, a batch size
// and how long its rows are kept (from the configuration; 0 keeps them for ever and turns the sweep off).
// The `retention-sweep` schedule (worker/sweepSchedule.ts) runs them all every few minutes, one run per
// fleet; its input names each sweep with its retention, so the Web UI shows what is swept and after how long.
// Adding a sweep is one entry here (and its setting in common/config.ts, if it has one); docs/operations.md,
// "Retention sweep", lists them.

interface SweepBase {
  /** Its name in the schedule's input and in the run's result. */
  name: string;
  /** How long a row is kept after its age column's time, in milliseconds; 0: for ever (the sweep is off). */
  retentionMs(config: Config): number;
}

/** Rows deleted by age, a batch per DELETE. */
export interface RowSweep extends SweepBase, ExpiredRows {
  /** Rows per DELETE: short locks. */
  batch: number;
}

/** Rows that name a file in the recording store: the sweep deletes the file before it ends the row. */
export interface StoredFileSweep extends SweepBase {
  sweep(db: Knex, storage: RecordingStorage, now: Date): Promise<number>;
}

/** Copies kept outside the service (a speech-to-text provider's): the sweep deletes them there. */
export interface OutsideSweep extends SweepBase {
  sweepOutside(deps: OutsideSweepDeps, now: Date, onBatch: () => void): Promise<number>;
}

export interface OutsideSweepDeps {
  db: Knex;
  logger: ActivityDeps['logger'];
  stt: SpeechToText;
}

export type Sweep = RowSweep | StoredFileSweep | OutsideSweep;

/** Event types whose body holds what a person said: never kept longer than RECORDING_RETENTION. */
export const EVENTS_WITH_WORDS = ['recording.processing.completed'];

/** How long a shared rate-limit row stays after its window: ended windows need no row (the next lease starts one). */
const KEEP_ENDED_BUDGET_MS = 3_600_000;

export const SWEEPS: readonly Sweep[] = [
  {
    // Expiry does not wait for it: an expired record is ignored when its key comes again (api/idempotency/).
    name: 'idempotency-keys',
    table: 'idempotency_keys',
    ageColumn: 'created_at',
    batch: 1000,
    retentionMs: (config) => durationMs(config.IDEMPOTENCY_KEY_TTL),
  },
  {
    // RATE_LIMIT_STORE=mysql: keys and companies that stopped calling leave no row behind.
    name: 'rate-limit-windows',
    table: 'rate_limit_points',
    ageColumn: 'expire',
    epochMs: true,
    batch: 1000,
    retentionMs: () => KEEP_ENDED_BUDGET_MS,
  },
  {
    name: 'webhook-events',
    table: 'webhook_events',
    ageColumn: 'created_at',
    batch: 1000,
    retentionMs: (config) => durationMs(config.WEBHOOK_EVENT_RETENTION),
  },
  {
    // A delivery record holds no words: WEBHOOK_EVENT_RETENTION alone.
    name: 'webhook-deliveries',
    table: 'webhook_deliveries',
    ageColumn: 'created_at',
    batch: 1000,
    retentionMs: (config) => durationMs(config.WEBHOOK_EVENT_RETENTION),
  },
  {
    // Only where RECORDING_RETENTION is the shorter one (or events are kept for ever).
    name: 'webhook-events-with-words',
    table: 'webhook_events',
    ageColumn: 'created_at',
    only: { column: 'type', values: EVENTS_WITH_WORDS },
    batch: 1000,
    retentionMs: (config) => {
      const words = durationMs(config.RECORDING_RETENTION);
      const events = durationMs(config.WEBHOOK_EVENT_RETENTION);
      return words > 0 && (events === 0 || words < events) ? words : 0;
    },
  },
  {
    // Each export's expiry was set from EXPORT_RETENTION when it was written (expires_at): the cutoff is now.
    name: 'export-archives',
    retentionMs: (config) => durationMs(config.EXPORT_RETENTION),
    sweep: sweepExpiredExports,
  },
  {
    // What a provider still keeps after its worker's own deletion failed or never ran (activities/stt/providerCopies.ts):
    // every copy is owed a deletion, so this sweep is never off.
    name: 'stt-provider-copies',
    retentionMs: () => PROVIDER_COPY_GRACE_MS,
    sweepOutside: ({ db, logger, stt }, now, onBatch) => sweepProviderCopies(stt, db, logger, now, 100, onBatch),
  },
];

/** A sweep as the schedule's input names it: its retention from the worker's configuration. */
export interface PlannedSweep {
  name: string;
  retentionMs: number;
}

export function plannedSweeps(config: Config): PlannedSweep[] {
  return SWEEPS.map((sweep) => ({ name: sweep.name, retentionMs: sweep.retentionMs(config) }));
}

/** One sweep as planned from `config` (for a caller that runs it by name). */
export function plannedSweep(name: string, config: Config): PlannedSweep {
  const planned = plannedSweeps(config).find((sweep) => sweep.name === name);
  if (!planned) throw new Error(`no sweep is named ${name}`);
  return planned;
}

/**
 * Deletes the sweep's rows older than `now` less its retention, a batch at a time (a stored-file sweep: its files
 * and rows past their expiry, `storage` required); returns how many.
 */
export async function sweepExpiredRows(
  db: Knex,
  planned: PlannedSweep,
  now: Date,
  onBatch: () => void = () => undefined,
  storage?: RecordingStorage,
  outside?: Omit<OutsideSweepDeps, 'db'>,
): Promise<number> {
  const sweep = SWEEPS.find((s) => s.name === planned.name);
  if (!sweep) throw new Error(`no sweep is named ${planned.name}`);
  if (planned.retentionMs <= 0) return 0;
  if ('sweepOutside' in sweep) {
    if (!outside) throw new Error(`sweep ${planned.name} deletes copies kept by a provider: it needs the provider`);
    return sweep.sweepOutside({ db, ...outside }, now, onBatch);
  }
  if ('sweep' in sweep) {
    if (!storage) throw new Error(`sweep ${planned.name} deletes stored files: it needs the recording store`);
    return sweep.sweep(db, storage, now);
  }
  const before = new Date(now.getTime() - planned.retentionMs);
  let removed = 0;
  for (;;) {
    const batch = await deleteExpiredRows(db, sweep, before, sweep.batch);
    removed += batch;
    onBatch();
    if (batch < sweep.batch) return removed;
  }
}

export function createSweepActivities(deps: ActivityDeps) {
  const stt = createSpeechToText(deps.config);
  return {
    /** One sweep, its cutoff on the worker's clock (a test moves it); heartbeats per batch. */
    async sweepExpiredRows(planned: PlannedSweep): Promise<number> {
      const removed = await sweepExpiredRows(
        deps.db,
        planned,
        nowOn(deps),
        () => Context.current().heartbeat(),
        deps.storage,
        { logger: deps.logger, stt },
      );
      if (removed > 0) deps.logger.info({ sweep: planned.name, removed }, 'removed rows past retention');
      return removed;
    },
  };
}

import { Gauge, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import { METRIC_PREFIX } from '../common/metrics';
import { IN_PROGRESS_STATUSES } from '../common/recordingStatus';
import type { Db } from '../db/connection';
import { countUnfinishedRecordings } from '../db/queries/recordingBacklog';

/** Longest a scrape waits for the count (Prometheus's own scrape timeout is 10 s by default). */
const COUNT_TIMEOUT_MS = 2000;

/**
 * sales_practice_recordings_unfinished{status}: read from MySQL when Prometheus scrapes, so every API
 * process reports the same figure (rules take `max` over them, ops/prometheus/). Every unfinished status
 * has a series, 0 included. When the count fails the gauge has no series for that scrape (an alert
 * then sees no data rather than an old figure) and the scrape itself still answers.
 */
export function recordingBacklogGauge(registry: Registry, db: Db, logger: Logger): void {
  const name = `${METRIC_PREFIX}recordings_unfinished`;
  // An app built twice over one set of metrics keeps the first gauge (its database is the same).
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help: 'Recordings accepted and not yet completed or failed, by status (read from MySQL at scrape time; the same in every API process).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      let counts: Awaited<ReturnType<typeof countUnfinishedRecordings>> | null = null;
      // The query has its own timeout, but waiting for a pool connection does not: the scrape never waits
      // longer than COUNT_TIMEOUT_MS for this gauge, whatever the database does.
      const counting = countUnfinishedRecordings(db, COUNT_TIMEOUT_MS);
      let timer: NodeJS.Timeout | undefined;
      try {
        counts = await Promise.race([
          counting,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${COUNT_TIMEOUT_MS} ms`)), COUNT_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        counting.catch(() => undefined);
        logger.warn({ err }, 'recordings not finished could not be counted for GET /metrics');
      } finally {
        clearTimeout(timer);
      }
      // Reset and set with no await between them: two scrapes at once never render a half-filled gauge.
      this.reset();
      if (counts) for (const status of IN_PROGRESS_STATUSES) this.set({ status }, counts[status] ?? 0);
    },
  });
}

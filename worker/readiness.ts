// What the worker's /readyz answers (served beside /metrics, worker/metrics.ts): ready once it is
// connected to MySQL and Temporal and its Worker polls the task queue, each checked when asked, so an
// orchestrator takes a worker that lost a dependency out of rotation and sees it come back. /healthz
// only says the process is alive. The worker's start fills the probes in as each part comes up.

export type CheckState = 'ok' | 'failing' | 'starting';

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  checks: { database: CheckState; temporal: CheckState; polling: CheckState };
}

type Probe = () => Promise<unknown>;

const PROBE_TIMEOUT_MS = 2000;

async function check(probe: Probe | undefined): Promise<CheckState> {
  if (!probe) return 'starting';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export class WorkerReadiness {
  private database: Probe | undefined;
  private temporal: Probe | undefined;
  private polling: (() => boolean) | undefined;

  /** The database answers (e.g. SELECT 1 on the worker's pool). */
  databaseProbe(probe: Probe): void {
    this.database = probe;
  }

  /** Temporal answers on the worker's connection. */
  temporalProbe(probe: Probe): void {
    this.temporal = probe;
  }

  /** The Worker polls (its state is RUNNING); before it exists, readiness says "starting". */
  pollingState(isPolling: () => boolean): void {
    this.polling = isPolling;
  }

  async report(): Promise<ReadinessReport> {
    const [database, temporal] = await Promise.all([check(this.database), check(this.temporal)]);
    const polling: CheckState = !this.polling ? 'starting' : this.polling() ? 'ok' : 'failing';
    const ready = database === 'ok' && temporal === 'ok' && polling === 'ok';
    return { status: ready ? 'ready' : 'not_ready', checks: { database, temporal, polling } };
  }
}

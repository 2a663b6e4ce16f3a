import type { ActivityDeps } from './deps';

export interface DatabaseProbe {
  serverVersion: string;
  companies: number;
}

/** Proves the worker reaches the database it was given: used by the connectivity workflow. */
export function createDiagnosticsActivities({ db }: ActivityDeps) {
  return {
    async probeDatabase(): Promise<DatabaseProbe> {
      const [rows] = (await db.raw('SELECT VERSION() AS version')) as [Array<{ version: string }>];
      const [{ count }] = await db('companies').count<Array<{ count: number }>>({ count: '*' });
      return { serverVersion: rows[0].version, companies: Number(count) };
    },
  };
}

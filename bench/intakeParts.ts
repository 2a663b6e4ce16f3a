import { randomUUID } from 'node:crypto';
import { createDb } from '../db/connection';
import { companyForApiKey } from '../db/queries/credentials';
import { insertRecordingUnlessErasing } from '../db/queries/recordings';
import { workflowIds } from '../common/temporal';
import { percentile } from './load';

// What an acceptance does besides the Temporal start the bare loop also does: the API key lookup (now
// once per CREDENTIAL_CACHE_TTL, timed here uncached) and the recording's INSERT … SELECT (autocommit: a
// redo-log flush before the workflow may exist). Each measured on
// its own, with the service's query functions, at the intake's concurrency and the API's pool size.

export interface PartFigures {
  perSecond: number;
  p50: number;
  p99: number;
}

async function loops(concurrency: number, seconds: number, call: () => Promise<unknown>): Promise<PartFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function measureIntakeParts(input: {
  databaseUrl: string;
  poolSize: number;
  apiKey: string;
  companyId: string;
  concurrency: number;
  seconds: number;
}): Promise<{ keyLookup: PartFigures; insert: PartFigures }> {
  const db = createDb(input.databaseUrl, input.poolSize);
  try {
    const keyLookup = await loops(input.concurrency, input.seconds, () => companyForApiKey(db, input.apiKey));
    const insert = await loops(input.concurrency, input.seconds, () => {
      const id = randomUUID();
      return insertRecordingUnlessErasing(db, {
        id,
        companyId: input.companyId,
        userUniqueIdentifier: 'crm-1',
        userName: 'Bench Caller',
        sourceUrl: `https://files.example.com/calls/${id}.mp3`,
        storeRecording: false,
        roleplayId: null,
        workflowId: workflowIds.recording(id),
      });
    });
    return { keyLookup, insert };
  } finally {
    await db.destroy();
  }
}

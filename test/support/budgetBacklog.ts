import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { insertRecording } from '../../db/queries/recordings';
import type { ChainRun } from './runChain';
import { testEnv } from './env';

// Sizes for the history-budget tests of the kinds that continue as new (test/operations/historyBudgets*.test.ts).

/** Temporal's default limit.historyCount.suggestContinueAsNew: what production runs continue as new at. */
export const DEFAULT_SUGGEST_AFTER_EVENTS = 4_096;

/**
 * `count` finished recordings of a company (rows only: no run picks them up), created `ageMs` ago, with
 * `userId` when they are a person's. Inserted in one go: the size of a backlog, not its content, is tested.
 */
export async function finishedRecordings(
  companyId: string,
  count: number,
  options: { ageMs?: number; userId?: string } = {},
): Promise<string[]> {
  const { db } = testEnv();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    await insertRecording(db, {
      id,
      companyId,
      userUniqueIdentifier: `crm-budget-${i}`,
      userName: 'Budget Rep',
      sourceUrl: `https://files.example.test/budget-${i}.mp3`,
      storeRecording: false,
      roleplayId: null,
      workflowId: `recording-${id}`,
    });
    ids.push(id);
  }
  await db('recordings')
    .whereIn('id', ids)
    .update({
      status: 'completed',
      ...(options.userId ? { user_id: options.userId } : {}),
      ...(options.ageMs ? { created_at: new Date(Date.now() - options.ageMs) } : {}),
    });
  return ids;
}

/**
 * A chain that continued as new at the server's suggestion after `suggestAt` events: what a run adds past the
 * suggestion (the step it was in) is measured, and the same overshoot past Temporal's default suggestion must
 * stay within `budget`, the size production runs of the kind reach whatever their work.
 */
export function expectOvershootWithinBudget(runs: readonly ChainRun[], suggestAt: number, budget: number): number {
  const continued = runs.slice(0, -1);
  expect(continued.length, 'the chain never continued as new').to.be.at.least(1);
  const overshoot = Math.max(...continued.map((r) => r.events - suggestAt));
  expect(
    DEFAULT_SUGGEST_AFTER_EVENTS + overshoot,
    `a run continues as new within ${overshoot} events of the suggestion (${suggestAt} here, ${DEFAULT_SUGGEST_AFTER_EVENTS} by default)`,
  ).to.be.at.most(budget);
  return overshoot;
}

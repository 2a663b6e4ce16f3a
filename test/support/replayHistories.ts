import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { expect } from 'chai';
import { previousRelease } from '../../scripts/releases';
import { historyFromJson } from './histories';
import { workflowTracingSinks } from '../../worker/tracing';
import { workflowBundle } from './worker';

/**
 * The names of the histories the previous release's own tests recorded (`<name>.<release>.json`, release the
 * last of RELEASES.md): listing a new release makes every replay test ask for its runs.
 */
export function ofPreviousRelease<N extends string>(names: readonly N[]): string[] {
  return names.map((name) => `${name}.${previousRelease().name}`);
}

/**
 * Replays every recorded history in `dir` against today's workflow code: each must replay without a
 * nondeterminism error, and every name in `expected` must be there (a missing file fails rather than
 * shrinking the test; record one with RECORD_HISTORIES=1, docs/architecture.md "Workflow histories").
 */
export async function expectRecordedHistoriesReplay(dir: string, expected: readonly string[]): Promise<void> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  expect(
    names,
    `histories in ${dir} (record a missing one with RECORD_HISTORIES=1, see docs/architecture.md "Workflow histories")`,
  ).to.include.members(expected.map((name) => `${name}.json`));
  const histories = await Promise.all(
    names.map(async (name) => ({
      workflowId: path.basename(name, '.json'),
      history: historyFromJson(await fs.readFile(path.join(dir, name), 'utf8')),
    })),
  );
  const replayed: string[] = [];
  for await (const result of Worker.runReplayHistories(
    { workflowBundle: await workflowBundle(), sinks: workflowTracingSinks() },
    histories,
  )) {
    expect(result.error, `${result.workflowId}: ${String(result.error)}`).to.equal(undefined);
    replayed.push(result.workflowId);
  }
  expect(replayed.sort()).to.deep.equal(names.map((n) => path.basename(n, '.json')).sort());
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { expect } from 'chai';
import { historyFromJson } from '../support/histories';
import { workflowBundle } from '../support/worker';

// Recorded histories of real userErasure runs (written by test/users/erasure.test.ts with
// RECORD_HISTORIES=1) replayed against today's workflow code: a change that would break erasures in
// flight fails here, and so does a missing history.

const HISTORY_DIR = path.join(__dirname, '..', 'histories', 'userErasure');
export const ERASURE_HISTORIES = ['recordings-in-every-state'] as const;

describe('users: replay of recorded erasure histories', function () {
  this.timeout(120_000);

  it('replays every history under test/histories/userErasure without a nondeterminism error', async () => {
    const names = (await fs.readdir(HISTORY_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    expect(names, `histories in ${HISTORY_DIR} (record a missing one with RECORD_HISTORIES=1, see README)`).to.include.members(
      ERASURE_HISTORIES.map((name) => `${name}.json`),
    );
    const histories = await Promise.all(
      names.map(async (name) => ({ workflowId: path.basename(name, '.json'), history: historyFromJson(await fs.readFile(path.join(HISTORY_DIR, name), 'utf8')) })),
    );
    const replayed: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, histories)) {
      expect(result.error, `${result.workflowId}: ${String(result.error)}`).to.equal(undefined);
      replayed.push(result.workflowId);
    }
    expect(replayed.sort()).to.deep.equal(names.map((n) => path.basename(n, '.json')).sort());
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { expect } from 'chai';
import { historyFromJson } from '../support/histories';
import { recordingHistoryDir } from '../support/recordingFixtures';
import { workflowBundle } from '../support/worker';

// Recorded histories of real recordingIntake runs (written by processing, failures and workerCrash
// tests when missing) replayed against today's workflow code: a change that breaks determinism for
// recordings already in flight fails here.

describe('recordings: replay of recorded histories', function () {
  this.timeout(120_000);

  it('replays every history under test/histories/recordingIntake without a nondeterminism error', async () => {
    const dir = recordingHistoryDir();
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    expect(names, `no histories in ${dir}: run test/recordings/*.test.ts once to record them`).not.to.be.empty;
    const histories = await Promise.all(
      names.map(async (name) => ({ workflowId: path.basename(name, '.json'), history: historyFromJson(await fs.readFile(path.join(dir, name), 'utf8')) })),
    );
    const replayed: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, histories)) {
      expect(result.error, `${result.workflowId}: ${String(result.error)}`).to.equal(undefined);
      replayed.push(result.workflowId);
    }
    expect(replayed.sort()).to.deep.equal(names.map((n) => path.basename(n, '.json')));
  });
});

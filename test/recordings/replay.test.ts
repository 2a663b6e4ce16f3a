import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { expect } from 'chai';
import { historyFromJson } from '../support/histories';
import { RECORDING_HISTORIES, recordingHistoryDir } from '../support/recordingFixtures';
import { workflowBundle } from '../support/worker';

// Recorded histories of real recordingIntake runs (written by the processing, failures and workerCrash
// tests with RECORD_HISTORIES=1) replayed against today's workflow code: a change that breaks
// determinism for recordings already in flight fails here, and so does a missing history.

describe('recordings: replay of recorded histories', function () {
  this.timeout(120_000);

  it('replays every history under test/histories/recordingIntake without a nondeterminism error', async () => {
    const dir = recordingHistoryDir();
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    expect(names, `histories in ${dir} (record a missing one with RECORD_HISTORIES=1, see README)`).to.include.members(
      RECORDING_HISTORIES.map((name) => `${name}.json`),
    );
    const histories = await Promise.all(
      names.map(async (name) => ({ workflowId: path.basename(name, '.json'), history: historyFromJson(await fs.readFile(path.join(dir, name), 'utf8')) })),
    );
    const replayed: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, histories)) {
      expect(result.error, `${result.workflowId}: ${String(result.error)}`).to.equal(undefined);
      replayed.push(result.workflowId);
    }
    expect(replayed.sort()).to.deep.equal(names.map((n) => path.basename(n, '.json')).sort());
  });
});

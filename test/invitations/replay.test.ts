import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker, type ReplayResult } from '@temporalio/worker';
import { expect } from 'chai';
import { historyFromJson } from '../support/histories';
import { HISTORIES_DIR, INVITATION_HISTORIES } from '../support/invitationFixtures';
import { workflowBundle } from '../support/worker';

// Histories of completed invitation runs (recorded with RECORD_HISTORIES=1 by the other invitation
// tests) must replay with the current workflow code: a change that breaks determinism for runs
// already in flight fails here.

describe('invitations: replay of recorded histories', () => {
  it('replays every recorded invitation history without a determinism error', async () => {
    const files = (await readdir(HISTORIES_DIR)).filter((f) => f.endsWith('.json')).sort();
    expect(files, `histories in ${HISTORIES_DIR} (record a missing one with RECORD_HISTORIES=1, see README)`).to.include.members(
      INVITATION_HISTORIES.map((name) => `${name}.json`),
    );
    const histories = await Promise.all(
      files.map(async (file) => ({ workflowId: file, history: historyFromJson(await readFile(path.join(HISTORIES_DIR, file), 'utf8')) })),
    );
    const results: ReplayResult[] = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, histories)) results.push(result);
    expect(results.map((r) => r.workflowId)).to.deep.equal(files);
    for (const result of results) expect(result.error, `${result.workflowId}: ${String(result.error)}`).to.equal(undefined);
  });
});

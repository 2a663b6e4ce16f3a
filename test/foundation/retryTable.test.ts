import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { recordingActivityProfiles } from '../../workflows/activityProfiles';
import { retryTable, retryWaitsMs } from '../../scripts/retry-table';

// docs/operations.md's retry figures come from the activity profiles (scripts/retry-table.ts), not prose.

describe('the retry table', () => {
  it('is in docs/operations.md exactly as scripts/retry-table.ts renders it', () => {
    const doc = readFileSync(path.join(__dirname, '..', '..', 'docs', 'operations.md'), 'utf8');
    expect(doc, 'regenerate it: npx tsx scripts/retry-table.ts').to.contain(retryTable());
  });

  it('adds up the waits of a bounded profile: a download waits 5 + 10 + 20 + 40 + 80 s between its 6 attempts', () => {
    expect(retryWaitsMs(recordingActivityProfiles.download)).to.equal(155_000);
    expect(retryWaitsMs(recordingActivityProfiles.bookkeeping)).to.equal(undefined);
  });
});

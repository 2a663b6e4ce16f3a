import { expect } from 'chai';
import { releases, previousRelease } from '../../scripts/releases';
import { testEnv } from '../support/env';
import { droppedButUsed, schemaOf } from '../support/releaseSchema';

// Expand and contract (docs/operations.md, "Deploying"): no migration drops or renames a table or column the
// previous release's code (RELEASES.md's last row) still reads or writes, since its processes run beside this
// build's on the migrated database during a deploy. test/support/releaseSchema.ts says how it is found.

describe("the schema after this build's migrations, for the releases in RELEASES.md", function () {
  this.timeout(300_000);

  it(`keeps every table and column the previous release (${previousRelease().name}) reads or writes`, async () => {
    const { commit } = previousRelease();
    const found = await droppedButUsed(commit, testEnv().config.DATABASE_URL, await schemaOf(testEnv().db));
    expect(found, 'dropped or renamed, still named by the release: wait a release (contract)').to.deep.equal({});
  });

  it('finds what v2026.11.23 needs and a migration since dropped (why RELEASES.md says: upgrade it by stopping it)', async () => {
    const release = releases().find((r) => r.name === 'v2026.11.23');
    if (!release) throw new Error('v2026.11.23 is not in RELEASES.md');
    expect(release.sideBySide).to.equal(false);
    const found = await droppedButUsed(release.commit, testEnv().config.DATABASE_URL, await schemaOf(testEnv().db));
    expect(found).to.have.property('recordings.idempotency_key').that.includes('db/queries/recordings.ts');
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createApiKey } from '../../db/queries/credentials';
import { admin, runAdmin } from '../support/adminCli';
import { testEnv } from '../support/env';

// `admin company:show` and `company:set` (issue 41 §2): a company's settings, its parent and its counts; a
// setting changed, or a clear error and nothing changed.

interface Shown {
  id: string;
  name: string;
  createdAt: string;
  settings: { fairnessWeight: number };
  parent: { id: string; name: string } | null;
  counts: Record<string, number>;
}

async function expectFailure(args: string[], message: RegExp): Promise<void> {
  const result = await runAdmin(args);
  expect(result.code, `${args.join(' ')}: ${result.stdout}`).to.equal(1);
  expect(result.stdout).to.equal('');
  expect(result.stderr)
    .to.match(/^error: /m)
    .and.to.match(message);
}

describe('admin CLI: company:show and company:set', function () {
  // Each command is a process of its own (tsx): seconds each on a loaded machine.
  this.timeout(600_000);

  it('company:show prints the settings, the parent and the counts', async () => {
    const parent = await admin(['company:create', '--name', 'Holding']);
    const child = await admin(['company:create', '--name', 'Branch', '--parent', parent.id]);
    await createApiKey(testEnv().db, child.id);

    const shown = await admin<Shown>(['company:show', child.id]);
    expect(shown).to.deep.include({
      id: child.id,
      name: 'Branch',
      settings: { fairnessWeight: 1, redactPii: false, phoneRegion: null },
      parent: { id: parent.id, name: 'Holding' },
    });
    expect(shown.counts).to.deep.equal({
      childCompanies: 0,
      teams: 0,
      users: 0,
      pendingInvitations: 0,
      activeApiKeys: 1,
      webhookEndpoints: 0,
      sttCopiesOwed: 0,
      recordings: 0,
      recordingsInProgress: 0,
      bulkRecordings: 0,
    });
    const top = await admin<Shown>(['company:show', parent.id]);
    expect(top.parent).to.equal(null);
    expect(top.counts.childCompanies).to.equal(1);
  });

  it('company:set --fairness-weight changes the weight and prints the company', async () => {
    const company = await admin(['company:create', '--name', 'Weighted']);
    for (const [given, stored] of [
      ['2.5', 2.5],
      ['0.001', 0.001],
      ['1000', 1000],
    ] as const) {
      const shown = await admin<Shown>(['company:set', company.id, '--fairness-weight', given]);
      expect(shown.settings.fairnessWeight, given).to.equal(stored);
      const row = await testEnv().db('companies').where({ id: company.id }).first('fairness_weight');
      expect(row.fairness_weight).to.equal(stored);
    }
  });

  it('refuses a weight outside 0.001–1000, an unknown or malformed company and a call without a setting; nothing changes', async () => {
    const company = await admin(['company:create', '--name', 'Unchanged']);
    await admin(['company:set', company.id, '--fairness-weight', '3']);
    const bad = /--fairness-weight .*is invalid\. Must be a number from 0\.001 to 1000/;
    for (const weight of ['0', '0.0009', '1000.5', 'heavy', ''])
      await expectFailure(['company:set', company.id, '--fairness-weight', weight], bad);
    await expectFailure(['company:set', randomUUID(), '--fairness-weight', '2'], /Company .* was not found/);
    await expectFailure(['company:show', randomUUID()], /Company .* was not found/);
    await expectFailure(['company:set', 'nope', '--fairness-weight', '2'], /'nope' is invalid.* Must be a UUID/);
    await expectFailure(['company:set', company.id], /Nothing to change: give at least one of --fairness-weight/);
    const row = await testEnv().db('companies').where({ id: company.id }).first('fairness_weight');
    expect(row.fairness_weight).to.equal(3);
  });
});

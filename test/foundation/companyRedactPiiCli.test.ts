import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { runAdmin } from '../support/adminCli';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';

// The company default for redactPii through the real admin CLI: `company:set <id> --redact-pii on|off`
// changes it and prints the company as `company:show` does; `--phone-region GB` sets the region its phone
// numbers are read in (issue 51); bad input changes nothing.

const show = async (id: string) => {
  const result = await runAdmin(['company:show', id]);
  expect(result.code, result.stderr).to.equal(0);
  return JSON.parse(result.stdout) as { id: string; settings: { redactPii: boolean; phoneRegion: string | null } };
};

describe('admin CLI: company:set --redact-pii and --phone-region, company:show', function () {
  // Each command is a process of its own (tsx): seconds apiece on a loaded machine.
  this.timeout(300_000);
  it('turns the default on and off, and company:show prints it', async () => {
    const { company } = await createTenant();
    expect((await show(company.id)).settings).to.deep.include({ redactPii: false });
    const on = await runAdmin(['company:set', company.id, '--redact-pii', 'on']);
    expect(on.code, on.stderr).to.equal(0);
    expect((JSON.parse(on.stdout) as { settings: unknown }).settings).to.deep.include({ redactPii: true });
    expect(await testEnv().db('companies').where({ id: company.id }).first()).to.include({ redact_pii: 1 });
    expect((await show(company.id)).settings).to.deep.include({ redactPii: true });
    await runAdmin(['company:set', company.id, '--redact-pii', 'off']);
    expect((await show(company.id)).settings).to.deep.include({ redactPii: false });
  });

  it('refuses a value other than on or off, no option at all and an unknown company, changing nothing', async () => {
    const { company } = await createTenant();
    // One at a time: four cold tsx processes at once outlast runAdmin's own timeout on a loaded machine.
    const results = [];
    for (const args of [
      ['company:set', company.id, '--redact-pii', 'yes'],
      ['company:set', company.id],
      ['company:set', randomUUID(), '--redact-pii', 'on'],
      ['company:show', randomUUID()],
    ])
      results.push(await runAdmin(args));
    expect(results.map((r) => r.code)).to.deep.equal([1, 1, 1, 1]);
    expect(results[0].stderr).to.match(/'yes' is invalid\. Must be on or off/);
    expect(results[1].stderr).to.match(/Nothing to change: give at least one of .*--redact-pii/);
    expect(results[2].stderr).to.match(/Company .* was not found/);
    expect(results[3].stderr).to.match(/Company .* was not found/);
    expect((await show(company.id)).settings).to.deep.include({ redactPii: false });
  });

  it('sets the region phone numbers are redacted in, upper-cased, and refuses a region without a numbering plan', async () => {
    const { company } = await createTenant();
    expect((await show(company.id)).settings).to.deep.include({ phoneRegion: null });
    const gb = await runAdmin(['company:set', company.id, '--phone-region', 'gb']);
    expect(gb.code, gb.stderr).to.equal(0);
    expect(await testEnv().db('companies').where({ id: company.id }).first()).to.include({ phone_region: 'GB' });
    const bad = await runAdmin(['company:set', company.id, '--phone-region', 'XX']);
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.match(/'XX' is invalid\. Must be a two-letter region/);
    expect((await show(company.id)).settings).to.deep.include({ phoneRegion: 'GB' });
  });
});

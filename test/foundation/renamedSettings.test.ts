import { expect } from 'chai';
import { ConfigSchema, loadConfig, RENAMED_SETTINGS, renamedSettingWarnings } from '../../common/config';
import { spawnCommand, type ServiceProcess } from '../support/serviceProcess';

// A renamed setting keeps its old name working for a release, and each process says at start-up which name
// to use instead (issue 53 §2): COMPANY_MAX_ACTIVE_MEDIA limits more than media, so it is now
// COMPANY_MAX_HEAVY_ACTIVITIES.

describe('renamed settings', () => {
  // Only what each case sets: every other setting takes its default.
  const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...extra });

  it('name settings that exist, and old names that no longer do', () => {
    for (const [old, { now }] of Object.entries(RENAMED_SETTINGS)) {
      expect(ConfigSchema.properties, now).to.have.property(now);
      expect(ConfigSchema.properties, old).not.to.have.property(old);
    }
  });

  it('read the old name when the new one is not set, and warn naming the new one', () => {
    const given = env({ COMPANY_MAX_ACTIVE_MEDIA: '3' });
    expect(loadConfig(given).COMPANY_MAX_HEAVY_ACTIVITIES).to.equal(3);
    expect(renamedSettingWarnings(given)).to.deep.equal([
      'COMPANY_MAX_ACTIVE_MEDIA was renamed COMPANY_MAX_HEAVY_ACTIVITIES: set COMPANY_MAX_HEAVY_ACTIVITIES instead (COMPANY_MAX_ACTIVE_MEDIA is read until the release after next)',
    ]);
  });

  it('let the new name win when both are set, and say the old one is ignored', () => {
    const given = env({ COMPANY_MAX_ACTIVE_MEDIA: '3', COMPANY_MAX_HEAVY_ACTIVITIES: '5' });
    expect(loadConfig(given).COMPANY_MAX_HEAVY_ACTIVITIES).to.equal(5);
    expect(renamedSettingWarnings(given)).to.deep.equal([
      'COMPANY_MAX_ACTIVE_MEDIA is ignored: it was renamed COMPANY_MAX_HEAVY_ACTIVITIES, which is set; remove COMPANY_MAX_ACTIVE_MEDIA',
    ]);
  });

  it('check the old name as the new one is checked', () => {
    expect(() => loadConfig(env({ COMPANY_MAX_ACTIVE_MEDIA: 'many' }))).to.throw(/COMPANY_MAX_HEAVY_ACTIVITIES="many"/);
  });

  it('warn nothing when only the new name is used', () => {
    expect(renamedSettingWarnings(env({ COMPANY_MAX_HEAVY_ACTIVITIES: '5' }))).to.deep.equal([]);
    expect(loadConfig(env({})).COMPANY_MAX_HEAVY_ACTIVITIES).to.equal(8);
  });

  describe('at start-up', function () {
    this.timeout(60_000);
    let running: ServiceProcess | undefined;
    afterEach(async () => running?.kill());

    for (const [label, entry] of [
      ['the API', 'api/main.ts'],
      ['the worker', 'worker/main.ts'],
    ] as const) {
      it(`${label} logs the warning as it starts`, async () => {
        // The test environment sets every setting, the new name among them: the old one is reported as ignored.
        running = spawnCommand(
          process.execPath,
          ['--require', 'tsx/cjs', entry],
          { PORT: 0, WORKER_METRICS_PORT: 0 },
          {
            COMPANY_MAX_ACTIVE_MEDIA: '3',
          },
        );
        await running.waitFor('COMPANY_MAX_ACTIVE_MEDIA is ignored');
        const line = running.logLines().find((l) => String(l.msg).startsWith('COMPANY_MAX_ACTIVE_MEDIA'));
        expect(line, running.output()).to.include({ level: 40 });
        expect(String(line?.msg)).to.contain('COMPANY_MAX_HEAVY_ACTIVITIES');
      });
    }
  });
});

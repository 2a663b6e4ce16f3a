import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ConfigError, ConfigSchema, durationMs, loadConfig } from '../../common/config';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).to.be.instanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  expect.fail(`configuration ${JSON.stringify(env)} was accepted`);
}

describe('configuration', () => {
  it('has working local defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).to.equal('mysql://root@127.0.0.1:3306/sales_practice');
    expect(config.TEMPORAL_ADDRESS).to.equal('127.0.0.1:7233');
    expect(config.TEMPORAL_NAMESPACE).to.equal('default');
    expect(config.PORT).to.equal(3000);
    expect(Object.keys(config).sort()).to.deep.equal(Object.keys(ConfigSchema.properties).sort());
  });

  it('reads and converts environment values; an empty value means the default', () => {
    const config = loadConfig({ PORT: '8080', OUTBOUND_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'debug', TEMPORAL_NAMESPACE: '', UNRELATED: 'x' });
    expect(config.PORT).to.equal(8080);
    expect(config.OUTBOUND_ALLOW_PRIVATE).to.equal(true);
    expect(config.LOG_LEVEL).to.equal('debug');
    expect(config.TEMPORAL_NAMESPACE).to.equal('default');
    expect(config).not.to.have.property('UNRELATED');
  });

  it('rejects PORT=abc naming the variable, the value and what it must be', () => {
    expect(problemsOf({ PORT: 'abc' })).to.deep.equal(['PORT="abc": must be integer']);
  });

  it('reports every bad value at once, one clear line each', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'postgres://db/x',
      LOG_LEVEL: 'loud',
      BEARER_TOKEN_TTL: 'soon',
      OUTBOUND_ALLOW_PRIVATE: 'maybe',
      MEDIA_URL_SECRET: 'short',
    });
    expect(problems).to.have.length(6);
    const line = (name: string) => problems.find((p) => p.startsWith(`${name}=`)) ?? '';
    expect(line('PORT')).to.equal('PORT=70000: must be <= 65535');
    expect(line('DATABASE_URL')).to.match(/^DATABASE_URL="postgres:\/\/db\/x": must match pattern/);
    expect(line('LOG_LEVEL')).to.equal('LOG_LEVEL="loud": must be one of "fatal", "error", "warn", "info", "debug", "trace", "silent"');
    expect(line('BEARER_TOKEN_TTL')).to.match(/^BEARER_TOKEN_TTL="soon": must be a duration such as 500ms, 30s, 15m/);
    expect(line('OUTBOUND_ALLOW_PRIVATE')).to.equal('OUTBOUND_ALLOW_PRIVATE="maybe": must be boolean');
    expect(line('MEDIA_URL_SECRET')).to.match(/^MEDIA_URL_SECRET="short": must NOT have fewer than 16 characters/);
  });

  it('converts durations to milliseconds', () => {
    expect(durationMs('15m')).to.equal(900_000);
    expect(durationMs('30d')).to.equal(30 * 24 * 3_600_000);
    expect(durationMs('1500')).to.equal(1500);
    expect(durationMs('1ms')).to.equal(1);
  });

  for (const [label, entry] of [
    ['the API', 'api/main.ts'],
    ['the worker', 'worker/main.ts'],
  ] as const) {
    it(`${label} refuses to start with a bad value and says which`, async () => {
      const failure = await run(path.join(root, 'node_modules/.bin/tsx'), [entry], {
        cwd: root,
        env: { ...process.env, PORT: 'abc', TEMPORAL_ADDRESS: '127.0.0.1:1' },
        timeout: 30_000,
      }).then(
        () => expect.fail(`${entry} started with PORT=abc`),
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure.code).to.equal(1);
      expect(failure.stderr).to.contain('Invalid configuration').and.to.contain('PORT="abc": must be integer');
    });
  }
});

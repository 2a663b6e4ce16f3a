import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ConfigError, ConfigSchema, durationMs, loadConfig } from '../../common/config';
import { SECRET_SETTINGS, type SecretSetting } from '../../common/secretSettings';

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

function problemsOfUsing(env: NodeJS.ProcessEnv, uses: readonly SecretSetting[]): string[] {
  try {
    loadConfig(env, {}, uses);
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
    // Every setting has a value, except the optional OTEL_* ones: the OpenTelemetry SDK reads those itself and
    // tracing stays off while they are unset (common/tracing).
    const optional = Object.keys(ConfigSchema.properties).filter(
      (name) => !(ConfigSchema.required as string[] | undefined)?.includes(name),
    );
    expect(optional.every((name) => name.startsWith('OTEL_'))).to.equal(true);
    expect(Object.keys(config).sort()).to.deep.equal(
      Object.keys(ConfigSchema.properties)
        .filter((name) => !optional.includes(name))
        .sort(),
    );
  });

  it('reads and converts environment values; an empty value means the default', () => {
    const config = loadConfig({
      PORT: '8080',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'debug',
      TEMPORAL_NAMESPACE: '',
      UNRELATED: 'x',
    });
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
      MEDIA_URL_SECRET: 'tiny-secret',
    });
    expect(problems).to.have.length(6);
    const line = (name: string) => problems.find((p) => p.startsWith(`${name}=`)) ?? '';
    expect(line('PORT')).to.equal('PORT=70000: must be <= 65535');
    expect(line('DATABASE_URL')).to.match(/^DATABASE_URL="postgres:\/\/db\/x": must match pattern/);
    expect(line('LOG_LEVEL')).to.equal(
      'LOG_LEVEL="loud": must be one of "fatal", "error", "warn", "info", "debug", "trace", "silent"',
    );
    expect(line('BEARER_TOKEN_TTL')).to.match(/^BEARER_TOKEN_TTL="soon": must be a duration such as 500ms, 30s, 15m/);
    expect(line('OUTBOUND_ALLOW_PRIVATE')).to.equal('OUTBOUND_ALLOW_PRIVATE="maybe": must be boolean');
    // A secret's line says what is wrong and how to make a good one, never the value.
    const secretLine = problems.find((p) => p.startsWith('MEDIA_URL_SECRET')) ?? '';
    expect(secretLine).to.match(
      /^MEDIA_URL_SECRET is too short: 11 bytes, at least 32 needed; generate one with `openssl rand -base64 48`/,
    );
    expect(problems.join('\n')).to.not.contain('tiny-secret');
  });

  describe('signing secrets', () => {
    const strong = 'x'.repeat(32);

    it('no secret setting has a default: every one of them is empty unless set', () => {
      const properties = ConfigSchema.properties as Record<string, { default?: unknown }>;
      for (const name of SECRET_SETTINGS) expect(properties[name].default, name).to.equal('');
      // Nor any other setting named like a credential (API keys, tokens, passwords).
      for (const [name, schema] of Object.entries(properties)) {
        if (/SECRET|_TOKEN$|PASSWORD|_API_KEY|ACCESS_KEY/.test(name)) expect(schema.default, name).to.equal('');
      }
    });

    it('with NODE_ENV=production a process using MEDIA_URL_SECRET needs it, at least 32 bytes, and says how to make one', () => {
      const missing = problemsOfUsing({ NODE_ENV: 'production' }, ['MEDIA_URL_SECRET']);
      expect(missing).to.have.length(1);
      expect(missing[0]).to.match(
        /^MEDIA_URL_SECRET is not set: it is required with NODE_ENV=production and has no default; generate one with `openssl rand -base64 48`/,
      );
      const short = problemsOfUsing({ NODE_ENV: 'production', MEDIA_URL_SECRET: 'x'.repeat(31) }, ['MEDIA_URL_SECRET']);
      expect(short[0]).to.match(/^MEDIA_URL_SECRET is too short: 31 bytes/);
      expect(
        loadConfig({ NODE_ENV: 'production', MEDIA_URL_SECRET: strong }, {}, ['MEDIA_URL_SECRET']).MEDIA_URL_SECRET,
      ).to.equal(strong);
      // A process that signs nothing with it (worker, migrations, admin CLI) starts without it.
      expect(loadConfig({ NODE_ENV: 'production' }).MEDIA_URL_SECRET).to.equal('');
      expect(
        problemsOfUsing({ NODE_ENV: 'production', MEDIA_URL_SECRET: strong, MEDIA_URL_SECRET_PREVIOUS: 'old' }, [
          'MEDIA_URL_SECRET',
        ])[0],
      ).to.match(/^MEDIA_URL_SECRET_PREVIOUS is too short/);
    });

    it('the codec endpoint token, when set, is at least 32 bytes like every other secret (unset: the endpoint is off)', () => {
      expect(problemsOf({ TEMPORAL_CODEC_TOKEN: 'guessable' })[0]).to.match(
        /^TEMPORAL_CODEC_TOKEN is too short: 9 bytes/,
      );
      expect(loadConfig({}).TEMPORAL_CODEC_TOKEN).to.equal('');
    });

    it('outside production an unset secret is random for the process, never a fixed value', () => {
      const a = loadConfig({}, {}, ['MEDIA_URL_SECRET']).MEDIA_URL_SECRET;
      const b = loadConfig({ NODE_ENV: 'development' }, {}, ['MEDIA_URL_SECRET']).MEDIA_URL_SECRET;
      expect(Buffer.byteLength(a)).to.be.at.least(32);
      expect(a).to.not.equal(b);
      expect(loadConfig({}).MEDIA_URL_SECRET_PREVIOUS).to.equal('');
    });

    it('the API refuses to start in production without MEDIA_URL_SECRET, naming it and how to generate one', async () => {
      const failure = await run(path.join(root, 'node_modules/.bin/tsx'), ['api/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          MEDIA_URL_SECRET: '',
          PORT: '0',
          TEMPORAL_ADDRESS: '127.0.0.1:1',
        },
        timeout: 30_000,
      }).then(
        () => expect.fail('api/main.ts started without MEDIA_URL_SECRET'),
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure.code).to.equal(1);
      expect(failure.stderr).to.contain('MEDIA_URL_SECRET is not set').and.to.contain('openssl rand -base64 48');
    });
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

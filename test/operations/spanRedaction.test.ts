import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import {
  errorTextWithoutLiterals,
  redactAttributes,
  sqlWithoutLiterals,
  urlOrigin,
} from '../../common/tracing/spanRedaction';
import { startTracing, tracingRequested } from '../../common/tracing';

const run = promisify(execFile);

// What a span may carry (common/tracing/spanRedaction.ts), and tracing off meaning the SDK is not loaded.

describe('span redaction', () => {
  it('keeps SQL as written and replaces every literal the driver formatted in', () => {
    expect(sqlWithoutLiterals('select * from `users` where `id` = ? limit ?')).to.equal(
      'select * from `users` where `id` = ? limit ?',
    );
    expect(
      sqlWithoutLiterals(
        "insert into `users` (`first_name`, `email`, `n`, `t2`) values ('Dana', 'dana@example.com', 42, X'0aff')",
      ),
    ).to.equal('insert into `users` (`first_name`, `email`, `n`, `t2`) values (?, ?, ?, ?)');
    expect(sqlWithoutLiterals("select 'it''s', \"x\\\"y\", -1.5e3")).to.equal('select ?, ?, ?');
  });

  it('keeps only the origin of URLs and drops paths, queries and structured values', () => {
    const attributes: Record<string, unknown> = {
      'url.full': 'https://files.example.com/rec/abc.mp3?X-Amz-Signature=secret',
      'url.path': '/rec/abc.mp3',
      'url.query': '?X-Amz-Signature=secret',
      'http.target': '/media/tok',
      memo: { name: 'Dana' },
      'db.statement': "select 'Dana'",
      'exception.message': "Duplicate entry 'dana@example.com' for key 'email'",
      temporalWorkflowId: 'recording-1',
      attempt: 2,
    };
    redactAttributes(attributes);
    expect(attributes).to.deep.equal({
      'url.full': 'https://files.example.com',
      'db.statement': 'select ?',
      'exception.message': "Duplicate entry '?' for key '?'",
      temporalWorkflowId: 'recording-1',
      attempt: 2,
    });
    expect(urlOrigin('not a url')).to.equal(undefined);
    expect(errorTextWithoutLiterals('HTTP 429')).to.equal('HTTP 429');
  });
});

describe('tracing off', () => {
  it('is off without an OTLP endpoint, or when disabled, and then loads nothing', async () => {
    expect(tracingRequested({})).to.equal(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'x' })).to.equal(false);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }),
    ).to.equal(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).to.equal(true);
    expect(await startTracing('sales-practice-api', {})).to.equal(undefined);
    // Neither the SDK nor its context manager (promise hooks for the whole process) was loaded: read in a fresh
    // process, as a service process starts (other suites in this one load the SDK for their own checks).
    const script = `
      const { startTracing } = require('./common/tracing');
      startTracing('sales-practice-api', {}).then((started) => {
        const loaded = Object.keys(require.cache).filter((p) =>
          /@opentelemetry[\\\\/](sdk-trace|context-async-hooks|instrumentation)|interceptors-opentelemetry/.test(p));
        console.log(JSON.stringify({ started: started !== undefined, loaded }));
      });`;
    const { stdout } = await run(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
      cwd: path.join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '')).to.deep.equal({ started: false, loaded: [] });
  });
});

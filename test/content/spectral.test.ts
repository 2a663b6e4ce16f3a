import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { startApi, type TestApi } from '../support/api';

// The OpenAPI document reads like documentation: Stoplight Spectral's `spectral:oas` ruleset (the
// repository's .spectral.yaml) finds nothing in the document the API serves — no error, no warning,
// no hint.

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..', '..');

interface Finding {
  code: string;
  message: string;
  severity: number;
  path: string[];
}

describe('OpenAPI document under Spectral', function () {
  this.timeout(120_000);
  let api: TestApi;
  let dir: string;
  before(async () => {
    api = await startApi();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-spectral-'));
  });
  after(async () => {
    await api.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function lint(document: unknown): Promise<Finding[]> {
    const file = path.join(dir, `openapi-${Date.now()}.json`);
    await fs.writeFile(file, JSON.stringify(document, null, 2));
    const bin = path.join(ROOT, 'node_modules', '.bin', 'spectral');
    // Spectral exits non-zero when it finds something; its JSON report is on stdout either way.
    const out = await run(
      bin,
      [
        'lint',
        '--ruleset',
        path.join(ROOT, '.spectral.yaml'),
        '--format',
        'json',
        '--fail-severity',
        'hint',
        '--quiet',
        file,
      ],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const text = out.stdout.trim();
    return text === '' || text.startsWith('No results') ? [] : (JSON.parse(text) as Finding[]);
  }

  it('finds nothing in /openapi.json with spectral:oas', async () => {
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as Record<string, unknown>;
    const findings = await lint(doc);
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).to.deep.equal([]);
  });

  it('is a real check: an operation without a description, with an undeclared tag or an example off its schema is reported', async () => {
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const op = doc.paths['/api/roleplay']?.get;
    expect(op).to.not.equal(undefined);
    delete op.description;
    op.tags = ['Undeclared'];
    // An example that does not match its schema.
    const created = doc.paths['/api/roleplay']?.post as {
      requestBody: { content: Record<string, { example: Record<string, unknown> }> };
    };
    created.requestBody.content['application/json'].example.title = 42;
    const codes = (await lint(doc)).map((f) => f.code);
    expect(codes).to.include.members(['operation-description', 'operation-tag-defined', 'oas3-valid-media-example']);
  });
});

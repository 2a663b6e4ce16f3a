import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect } from 'chai';
import fc from 'fast-check';
import { ErrorBody } from '../../api/schemas/common';
import { startApi, type TestApi } from '../support/api';
import { documentedOperations, documentedRequestArb, type DocRequest } from '../support/openapiRequests';
import { assertSchema } from '../support/schemaAssert';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';

// Issue 49 §2: a fuzzer driven by the committed openapi.json. For every operation the document lists,
// FUZZ_DOC_RUNS requests generated from its own schemas (valid, and broken in one place: a body field, a
// query parameter, a header, a path segment, the raw body, the credential; and large valid texts) go over
// real HTTP to the real app, with the company's real API key or bearer token, and without. Held to: no 500;
// a request the document says is broken is refused (4xx) with the documented error body; no request slower
// than FUZZ_REQUEST_BOUND_MS; and the heap back near where it started once the run is over. The seed is
// fixed (FUZZ_SEED), so a failure in CI is the same failure on a laptop.

const RUNS = Number(process.env.FUZZ_DOC_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 49);
const REQUEST_BOUND_MS = Number(process.env.FUZZ_REQUEST_BOUND_MS ?? 2_000);
/** The largest text a "large" case sends (the schema's maxLength if smaller). */
const LARGE_CHARS = Number(process.env.FUZZ_LARGE_CHARS ?? 100_000);
/** How far above its starting point the heap may settle (caches warm up: validators, credentials). */
const HEAP_SLACK_MB = Number(process.env.FUZZ_HEAP_SLACK_MB ?? 64);

/** A full collection: node's own `gc` when exposed, else the same function through V8's flag. */
function collectGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

async function settledHeapMb(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    collectGarbage();
    await new Promise((r) => setImmediate(r));
  }
  return process.memoryUsage().heapUsed / 2 ** 20;
}

describe('requests generated from openapi.json against every documented operation', function () {
  this.timeout(120_000);
  const operations = documentedOperations();
  let api: TestApi;
  let world: TenantWorld;
  let child: TenantWorld;
  let baselineMb: number;
  let slowest = { ms: 0, what: '' };

  before(async () => {
    // A task queue no worker polls: accepted recordings and invitations wait instead of writing later.
    api = await startApi({
      RATE_LIMIT_POINTS: 0,
      TEMPORAL_TASK_QUEUE: `doc-fuzz-${randomBytes(4).toString('hex')}`,
      RECORDING_CANCEL_WAIT: '50ms',
      WEBHOOK_ATTEMPT_WAIT: '50ms',
    });
    world = await createTenantWorld('Doc fuzz');
    child = await createTenantWorld('Doc fuzz child', world.company.id);
    // Warm: the first request of each kind compiles validators and fills caches that are meant to stay.
    for (const p of ['/api/team', '/api/recording', '/api/user'])
      await fetch(api.url + p, { headers: { 'x-api-key': world.apiKey } }).then((r) => r.text());
    baselineMb = await settledHeapMb();
  });
  after(() => api.close());

  async function check(req: DocRequest): Promise<void> {
    const t = performance.now();
    const res = await fetch(api.url + req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
    });
    const text = await res.text();
    const ms = performance.now() - t;
    const what = `${req.label}: ${req.method} ${req.url.slice(0, 200)} ${req.body?.slice(0, 200) ?? ''} → ${res.status} ${text.slice(0, 300)}`;
    if (ms > slowest.ms) slowest = { ms, what: what.slice(0, 200) };
    expect(res.status, what).to.be.below(500);
    expect(ms, `took ${Math.round(ms)} ms: ${what}`).to.be.at.most(REQUEST_BOUND_MS);
    if (req.mustReject) expect(res.status, `accepted what the document says is broken: ${what}`).to.be.at.least(400);
    const type = res.headers.get('content-type') ?? '';
    if (res.status >= 400 && type.startsWith('application/json')) assertSchema(ErrorBody, JSON.parse(text), what);
  }

  it('covers every operation of openapi.json', () => {
    expect(operations.length).to.be.at.least(40);
  });

  operations.forEach((op, index) => {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const knownIds = [...Object.values(world.ids), ...Object.values(child.ids), child.company.id, world.company.id];
      await fc.assert(
        fc.asyncProperty(
          documentedRequestArb(op, { knownIds }, { apiKey: world.apiKey, bearer: world.bearerToken }, LARGE_CHARS),
          (req) => check(req),
        ),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
    });
  });

  it('leaves the heap near where it started', async () => {
    const settled = await settledHeapMb();
    expect(
      settled,
      `heap ${settled.toFixed(1)} MB after the run, ${baselineMb.toFixed(1)} MB before (slowest request ${Math.round(slowest.ms)} ms: ${slowest.what})`,
    ).to.be.at.most(baselineMb + HEAP_SLACK_MB);
  });
});

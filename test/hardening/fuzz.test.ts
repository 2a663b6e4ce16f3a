import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { ErrorBody } from '../../api/schemas/common';
import { operations } from '../../api/routes';
import { startApi, type TestApi } from '../support/api';
import { dbSnapshot, type DbSnapshot } from '../support/dbSnapshot';
import { fuzzRequestArb, type FuzzRequest } from '../support/fuzzRequests';
import { assertSchema, operationFor } from '../support/schemaAssert';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';

// Property: for EVERY operation of api/routes, requests generated from its own schemas — valid, and
// broken in one way — never get a 500, always get the documented error body when refused (or the
// HTML page of the operations that answer HTML), match the declared response schema when accepted,
// and a refused request leaves the whole database as it was (row counts and CHECKSUM TABLE).

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);

describe('generated requests against every operation', function () {
  this.timeout(240_000);
  let api: TestApi;
  let world: TenantWorld;
  let child: TenantWorld;
  let baseline: DbSnapshot;

  before(async () => {
    // A task queue no worker polls: accepted recordings and invitations wait instead of writing later.
    api = await startApi({
      RATE_LIMIT_POINTS: 0,
      TEMPORAL_TASK_QUEUE: `fuzz-${randomBytes(4).toString('hex')}`,
      RECORDING_CANCEL_WAIT: '50ms',
      WEBHOOK_ATTEMPT_WAIT: '50ms',
    });
    world = await createTenantWorld('Fuzz');
    child = await createTenantWorld('Fuzz child', world.company.id);
    baseline = await dbSnapshot();
  });
  after(() => api.close());

  async function check(req: FuzzRequest): Promise<void> {
    const url = new URL(api.url + req.url);
    // The operation that really answers (a mangled path such as /a/b/.. may reach another one).
    const op = operationFor(req.method, url.pathname);
    const res = await fetch(url, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual' });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const what = `${req.label}: ${req.method} ${req.url.slice(0, 300)} ${req.body?.slice(0, 300) ?? ''} → ${res.status} ${text.slice(0, 300)}`;
    expect(res.status, what).to.be.below(500);
    if (req.mustReject) expect(res.status, `accepted a broken request: ${what}`).to.be.at.least(400);
    if (res.status >= 400) {
      if (type.startsWith('text/html')) {
        // Only the pages a browser opens answer errors in HTML.
        expect(op?.response, what).to.equal(undefined);
      } else {
        expect(type, what).to.match(/^application\/json/);
        assertSchema(ErrorBody, JSON.parse(text), what);
      }
      const after = await dbSnapshot();
      expect(after, `a refused request changed the database: ${what}`).to.deep.equal(baseline);
    } else {
      if (op?.response && type.includes('json')) assertSchema(op.response, JSON.parse(text), what);
      baseline = await dbSnapshot();
    }
  }

  it('generates for every operation in api/routes', () => {
    expect(operations.length).to.be.at.least(30);
  });

  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const auth: Record<string, string> =
        op.auth === 'apiKey'
          ? { 'x-api-key': world.apiKey }
          : op.auth === 'bearer'
            ? { authorization: `Bearer ${world.bearerToken}` }
            : {};
      const knownIds = [...Object.values(world.ids), ...Object.values(child.ids), child.company.id, world.company.id];
      await fc.assert(
        fc.asyncProperty(fuzzRequestArb(op, { knownIds }, auth), (req) => check(req)),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    });
  }
});

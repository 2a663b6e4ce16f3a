import { expect } from 'chai';
import type { Operation } from '../../api/operation';
import { operations } from '../../api/routes';
import type { ErrorBody } from '../../api/schemas/common';
import { SCOPES, type Scope } from '../../common/scopes';
import { createApiKey } from '../../db/queries/credentials';
import { startApi, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { testEnv } from '../support/env';
import { buildCall } from '../support/operationCalls';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';

// Scope refusals, generated from the operation list like the isolation matrix: for every operation an
// API key opens, a key holding every scope but the operation's gets 403 `insufficient_scope` naming
// it and changes nothing, and a key holding only that scope gets past the check.

const scoped = operations.filter((op): op is Operation & { scope: Scope } => op.auth === 'apiKey' && op.scope !== null);

describe('API key scopes, for every operation', function () {
  this.timeout(120_000);
  let api: TestApi;
  let world: TenantWorld;

  before(async () => {
    api = await startApi({
      RATE_LIMIT_POINTS: 0,
      TEMPORAL_TASK_QUEUE: `scopes-${Date.now()}`,
      RECORDING_CANCEL_WAIT: '50ms',
      WEBHOOK_ATTEMPT_WAIT: '50ms',
    });
    world = await createTenantWorld('Scopes');
  });
  after(() => api.close());

  it('every operation an API key opens declares a scope, and every scope is needed by some operation', () => {
    expect(scoped.length).to.equal(operations.filter((op) => op.auth === 'apiKey').length);
    expect([...new Set(scoped.map((op) => op.scope))].sort()).to.deep.equal([...SCOPES].sort());
  });

  for (const op of scoped) {
    it(`${op.method.toUpperCase()} ${op.path} needs ${op.scope}`, async () => {
      const call = buildCall(op, world, new Map());
      const without = await createApiKey(
        testEnv().db,
        world.company.id,
        'all but one',
        SCOPES.filter((s) => s !== op.scope),
      );
      const before = await dbSnapshot();
      const refused = await api.request<ErrorBody>(call.method, call.path, { apiKey: without.key, json: call.json });
      expect(refused.status, refused.text).to.equal(403);
      expect(refused.body.error.code).to.equal('insufficient_scope');
      expect(refused.body.error.message).to.contain(op.scope);
      expect(await dbSnapshot()).to.deep.equal(before);

      const only = await createApiKey(testEnv().db, world.company.id, 'just this one', [op.scope]);
      const allowed = await api.request(call.method, call.path, { apiKey: only.key, json: call.json });
      expect(allowed.status, allowed.text).to.not.be.oneOf([401, 403]);
    });
  }
});

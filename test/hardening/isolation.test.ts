import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { operations } from '../../api/routes';
import { startApi, type ApiResponse, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { buildCall, idSlots, key, kindOf, type Call } from '../support/operationCalls';
import { createTenant } from '../support/fixtures';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';

// Tenant isolation, generated from the operations list so that a new endpoint is covered the day it
// is added: company A (with a direct child C) calls every operation that takes an id with company B's
// ids (404, nothing changed), with child-company ids that are not its direct children (403), and with
// its own ids (2xx, the control that makes the 404s mean something). Every list and count A can read
// stays byte-identical while B's data grows, and never shows B's data.

describe('tenant isolation matrix', function () {
  this.timeout(120_000);
  let api: TestApi;
  let other: TenantWorld;

  const idOperations = operations.filter((op) => op.auth !== 'none' && idSlots(op).length > 0);

  before(async () => {
    // A task queue no worker polls: started workflows wait instead of writing; a cancel answers at once.
    api = await startApi({
      RATE_LIMIT_POINTS: 0,
      TEMPORAL_TASK_QUEUE: `isolation-${randomUUID()}`,
      RECORDING_CANCEL_WAIT: '50ms',
      WEBHOOK_ATTEMPT_WAIT: '50ms',
    });
    other = await createTenantWorld('Other');
  });
  after(() => api.close());

  it('covers every operation that takes an id or a child-company id', () => {
    expect(idOperations.length).to.be.at.least(10);
    for (const op of idOperations) for (const slot of idSlots(op)) if (!slot.child) kindOf(op, slot.name);
  });

  for (const op of idOperations) {
    it(`${op.method.toUpperCase()} ${op.path}: other companies' ids 404, foreign child scopes 403, own ids succeed`, async () => {
      const caller = await createTenantWorld('Caller');
      const child = await createTenantWorld('Child', caller.company.id);
      const send = (call: Call): Promise<ApiResponse> =>
        api.request(call.method, call.path, {
          ...(op.auth === 'bearer' ? { bearer: caller.bearerToken } : { apiKey: caller.apiKey }),
          json: call.json,
        });
      const problems: string[] = [];
      const expectRejected = async (label: string, call: Call, status: number): Promise<void> => {
        const before = await dbSnapshot();
        const res = await send(call);
        if (res.status !== status)
          problems.push(
            `${label}: ${call.method} ${call.path} → ${res.status} (want ${status}) ${res.text.slice(0, 200)}`,
          );
        else if (JSON.stringify(await dbSnapshot()) !== JSON.stringify(before))
          problems.push(`${label}: the rejected request changed the database`);
      };
      const slots = idSlots(op);
      const childSlot = slots.find((s) => s.child);

      for (const slot of slots.filter((s) => !s.child)) {
        // Unscoped: B's rows and the child's rows are both out of reach. Scoped to the child: B's and A's are.
        const scopes: Array<{ label: string; world: TenantWorld; scope: Map<string, string>; foreign: TenantWorld[] }> =
          [{ label: 'own company', world: caller, scope: new Map(), foreign: [other, child] }];
        if (childSlot)
          scopes.push({
            label: 'child scope',
            world: child,
            scope: new Map([[key(childSlot), child.company.id]]),
            foreign: [other, caller],
          });
        for (const { label, world, scope, foreign } of scopes) {
          for (const stranger of foreign) {
            for (const [kind, id] of Object.entries(stranger.ids)) {
              const call = buildCall(op, world, new Map([...scope, [key(slot), id]]));
              if (slot.part === 'query') {
                // A filter: an empty answer or a 404, never the stranger's row.
                const res = await send(call);
                if (res.status !== 200 && res.status !== 404)
                  problems.push(`${label}, ${slot.name}=${kind} of another company: ${res.status}`);
                if (stranger.marks.some((m) => res.text.includes(m)))
                  problems.push(`${label}, ${slot.name}=${kind} of another company leaked its data`);
              } else {
                await expectRejected(`${label}, ${slot.part} ${slot.name} = ${kind} id of another company`, call, 404);
              }
            }
          }
        }
      }

      if (childSlot) {
        const grandchild = await createTenant('Grandchild', child.company.id);
        const notChildren = {
          'unrelated company': other.company.id,
          'own company': caller.company.id,
          'unknown company': randomUUID(),
          grandchild: grandchild.company.id,
        };
        for (const [label, id] of Object.entries(notChildren)) {
          await expectRejected(
            `${childSlot.name} = ${label}`,
            buildCall(op, caller, new Map([[key(childSlot), id]])),
            403,
          );
        }
        const scoped = await send(buildCall(op, child, new Map([[key(childSlot), child.company.id]])));
        if (scoped.status >= 300)
          problems.push(`control scoped to the direct child: ${scoped.status} ${scoped.text.slice(0, 200)}`);
      }

      // The control: the caller's own ids work (last: it may change the caller's rows).
      const control = await send(buildCall(op, caller, new Map()));
      if (control.status >= 300)
        problems.push(`control with the caller's own ids: ${control.status} ${control.text.slice(0, 200)}`);
      if (other.marks.some((m) => control.text.includes(m))) problems.push('control answer contains the other company');
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });
  }

  it("never shows another company's data in a list or count, whatever that company adds", async () => {
    const caller = await createTenantWorld('Reader');
    const child = await createTenantWorld('Reader child', caller.company.id);
    const reads = operations.filter((op) => op.method === 'get' && op.auth !== 'none' && op.response !== undefined);
    expect(reads.length).to.be.at.least(12);
    const readAll = async (): Promise<Map<string, string>> => {
      const out = new Map<string, string>();
      for (const op of reads) {
        const variants = [new Map<string, string>()];
        const childSlot = idSlots(op).find((s) => s.child);
        if (childSlot) variants.push(new Map([[key(childSlot), child.company.id]]));
        for (const set of variants) {
          const call = buildCall(op, set.size > 0 ? child : caller, set);
          const res = await api.request(
            call.method,
            call.path,
            op.auth === 'bearer' ? { bearer: caller.bearerToken } : { apiKey: caller.apiKey },
          );
          expect(res.status, `${call.path}: ${res.text.slice(0, 300)}`).to.equal(200);
          out.set(call.path, res.text);
        }
      }
      return out;
    };
    const before = await readAll();
    const more = await createTenantWorld('Other more');
    const after = await readAll();
    for (const [path, text] of after) {
      expect(text, `${path} changed when another company added data`).to.equal(before.get(path));
      for (const mark of [...other.marks, ...more.marks])
        expect(text, `${path} shows another company`).to.not.contain(mark);
    }
  });
});

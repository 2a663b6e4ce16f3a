import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Operation } from '../../api/operation';
import { operations } from '../../api/routes';
import { startApi, type ApiResponse, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { createTenant } from '../support/fixtures';
import { fieldSlots, isUuidField, minimalValid } from '../support/schemaArbitrary';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';

// Tenant isolation, generated from the operations list so that a new endpoint is covered the day it
// is added: company A (with a direct child C) calls every operation that takes an id with company B's
// ids (404, nothing changed), with child-company ids that are not its direct children (403), and with
// its own ids (2xx, the control that makes the 404s mean something). Every list and count A can read
// stays byte-identical while B's data grows, and never shows B's data.

type Kind = keyof TenantWorld['ids'];

interface IdSlot {
  part: 'path' | 'query' | 'body';
  name: string;
  /** childCompanyId / child_company_id: scoping, 403 when not a direct child. */
  child: boolean;
}

const isChildSlot = (name: string): boolean => /^child_?company_?id$/i.test(name);

/** Which row an id field names. A new kind of id fails here with a message saying what to add. */
function kindOf(op: Operation, name: string): Kind {
  const byName: Record<string, Kind> = { teamId: 'team', userId: 'user', roleplayId: 'roleplay', scriptId: 'script', deliveryId: 'delivery' };
  if (byName[name]) return byName[name];
  if (name === 'id') {
    // Only a failed recording can be retried: the control needs one.
    if (op.path === '/api/recording/{id}/retry') return 'failedRecording';
    const collection = op.path.slice(0, op.path.indexOf('/{id}'));
    const byPath: Record<string, Kind> = {
      '/api/roleplay/session': 'session',
      '/api/roleplay': 'roleplay',
      '/api/invitations': 'invitation',
      '/api/webhook-endpoints': 'webhookEndpoint',
      '/api/recording': 'recording',
    };
    if (byPath[collection]) return byPath[collection];
  }
  throw new Error(`${op.operationId}: id field "${name}" names an unknown kind of row; add it to kindOf() and to test/support/tenantWorld.ts`);
}

function idSlots(op: Operation): IdSlot[] {
  const slots: IdSlot[] = [];
  for (const part of ['path', 'query', 'body'] as const) {
    const schema = part === 'path' ? op.params : part === 'query' ? op.query : op.body;
    for (const slot of fieldSlots(schema)) {
      if (slot.path.length === 1 && isUuidField(slot.schema)) slots.push({ part, name: slot.path[0], child: isChildSlot(slot.path[0]) });
    }
  }
  return slots;
}

const key = (s: IdSlot): string => `${s.part}:${s.name}`;

interface Call {
  method: string;
  path: string;
  json?: unknown;
}

/** The request with every id slot taken from `world`, except the `set` ones; optional slots stay out unless set. */
function buildCall(op: Operation, world: TenantWorld, set: Map<string, string>): Call {
  const own = (name: string): string => world.ids[kindOf(op, name)];
  let path = op.path;
  for (const name of Object.keys((op.params as { properties?: object } | undefined)?.properties ?? {})) {
    path = path.replace(`{${name}}`, encodeURIComponent(set.get(`path:${name}`) ?? own(name)));
  }
  const query = new URLSearchParams();
  for (const [k, v] of set) if (k.startsWith('query:')) query.set(k.slice('query:'.length), v);
  if ([...query.keys()].length > 0) path += `?${query.toString()}`;
  let json: unknown;
  if (op.body) {
    const body = minimalValid(op.body, (field) => set.get(`body:${field}`) ?? own(field)) as Record<string, unknown>;
    for (const [k, v] of set) if (k.startsWith('body:')) body[k.slice('body:'.length)] = v;
    json = body;
  }
  return { method: op.method.toUpperCase(), path, json };
}

describe('tenant isolation matrix', function () {
  this.timeout(120_000);
  let api: TestApi;
  let other: TenantWorld;

  const idOperations = operations.filter((op) => op.auth !== 'none' && idSlots(op).length > 0);

  before(async () => {
    // A task queue no worker polls: started workflows wait instead of writing; a cancel answers at once.
    api = await startApi({ RATE_LIMIT_POINTS: 0, TEMPORAL_TASK_QUEUE: `isolation-${randomUUID()}`, RECORDING_CANCEL_WAIT: '50ms', WEBHOOK_ATTEMPT_WAIT: '50ms' });
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
        api.request(call.method, call.path, { ...(op.auth === 'bearer' ? { bearer: caller.bearerToken } : { apiKey: caller.apiKey }), json: call.json });
      const problems: string[] = [];
      const expectRejected = async (label: string, call: Call, status: number): Promise<void> => {
        const before = await dbSnapshot();
        const res = await send(call);
        if (res.status !== status) problems.push(`${label}: ${call.method} ${call.path} → ${res.status} (want ${status}) ${res.text.slice(0, 200)}`);
        else if (JSON.stringify(await dbSnapshot()) !== JSON.stringify(before)) problems.push(`${label}: the rejected request changed the database`);
      };
      const slots = idSlots(op);
      const childSlot = slots.find((s) => s.child);

      for (const slot of slots.filter((s) => !s.child)) {
        // Unscoped: B's rows and the child's rows are both out of reach. Scoped to the child: B's and A's are.
        const scopes: Array<{ label: string; world: TenantWorld; scope: Map<string, string>; foreign: TenantWorld[] }> = [
          { label: 'own company', world: caller, scope: new Map(), foreign: [other, child] },
        ];
        if (childSlot) scopes.push({ label: 'child scope', world: child, scope: new Map([[key(childSlot), child.company.id]]), foreign: [other, caller] });
        for (const { label, world, scope, foreign } of scopes) {
          for (const stranger of foreign) {
            for (const [kind, id] of Object.entries(stranger.ids)) {
              const call = buildCall(op, world, new Map([...scope, [key(slot), id]]));
              if (slot.part === 'query') {
                // A filter: an empty answer or a 404, never the stranger's row.
                const res = await send(call);
                if (res.status !== 200 && res.status !== 404) problems.push(`${label}, ${slot.name}=${kind} of another company: ${res.status}`);
                if (stranger.marks.some((m) => res.text.includes(m))) problems.push(`${label}, ${slot.name}=${kind} of another company leaked its data`);
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
          await expectRejected(`${childSlot.name} = ${label}`, buildCall(op, caller, new Map([[key(childSlot), id]])), 403);
        }
        const scoped = await send(buildCall(op, child, new Map([[key(childSlot), child.company.id]])));
        if (scoped.status >= 300) problems.push(`control scoped to the direct child: ${scoped.status} ${scoped.text.slice(0, 200)}`);
      }

      // The control: the caller's own ids work (last: it may change the caller's rows).
      const control = await send(buildCall(op, caller, new Map()));
      if (control.status >= 300) problems.push(`control with the caller's own ids: ${control.status} ${control.text.slice(0, 200)}`);
      if (other.marks.some((m) => control.text.includes(m))) problems.push('control answer contains the other company');
      expect(problems, problems.join("\n")).to.deep.equal([]);
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
          const res = await api.request(call.method, call.path, op.auth === 'bearer' ? { bearer: caller.bearerToken } : { apiKey: caller.apiKey });
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
      for (const mark of [...other.marks, ...more.marks]) expect(text, `${path} shows another company`).to.not.contain(mark);
    }
  });
});

import type { Operation } from '../../api/operation';
import { fieldSlots, isUuidField, minimalValid } from './schemaArbitrary';
import type { TenantWorld } from './tenantWorld';

// Requests aimed at every operation, built from its schemas with the ids of a tenant world: shared by
// the generated tenant-isolation matrix and the scope refusals (test/hardening/).

export type Kind = keyof TenantWorld['ids'];

export interface IdSlot {
  part: 'path' | 'query' | 'body';
  name: string;
  /** childCompanyId / child_company_id: scoping, 403 when not a direct child. */
  child: boolean;
}

export const isChildSlot = (name: string): boolean => /^child_?company_?id$/i.test(name);

/** Which row an id field names. A new kind of id fails here with a message saying what to add. */
export function kindOf(op: Operation, name: string): Kind {
  const byName: Record<string, Kind> = {
    teamId: 'team',
    userId: 'user',
    roleplayId: 'roleplay',
    scriptId: 'script',
    deliveryId: 'delivery',
    exportId: 'export',
    // GET /api/events' cursor: an event of the company.
    starting_after: 'event',
  };
  if (byName[name]) return byName[name];
  if (name === 'id') {
    // Only a failed recording can be retried: the control needs one. It failed after transcription, so
    // it is also the one with a transcript to read.
    if (op.path === '/api/recording/{id}/retry' || op.path === '/api/recording/{id}/transcript')
      return 'failedRecording';
    const collection = op.path.slice(0, op.path.indexOf('/{id}'));
    const byPath: Record<string, Kind> = {
      '/api/roleplay/session': 'session',
      '/api/roleplay': 'roleplay',
      '/api/invitations': 'invitation',
      '/api/webhook-endpoints': 'webhookEndpoint',
      '/api/recording': 'recording',
      '/api/api-keys': 'apiKey',
    };
    if (byPath[collection]) return byPath[collection];
  }
  throw new Error(
    `${op.operationId}: id field "${name}" names an unknown kind of row; add it to kindOf() and to test/support/tenantWorld.ts`,
  );
}

export function idSlots(op: Operation): IdSlot[] {
  const slots: IdSlot[] = [];
  for (const part of ['path', 'query', 'body'] as const) {
    const schema = part === 'path' ? op.params : part === 'query' ? op.query : op.body;
    for (const slot of fieldSlots(schema)) {
      if (slot.path.length === 1 && isUuidField(slot.schema))
        slots.push({ part, name: slot.path[0], child: isChildSlot(slot.path[0]) });
    }
  }
  return slots;
}

export const key = (s: IdSlot): string => `${s.part}:${s.name}`;

export interface Call {
  method: string;
  path: string;
  json?: unknown;
}

/** The request with every id slot taken from `world`, except the `set` ones; optional slots stay out unless set. */
export function buildCall(op: Operation, world: TenantWorld, set: Map<string, string>): Call {
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

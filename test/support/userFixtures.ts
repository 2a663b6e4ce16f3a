import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createTeam, type TeamRow } from '../../db/queries/teams';
import { createUser, type NewUser, type UserRow } from '../../db/queries/users';
import { testEnv } from './env';
import { createTenant, type TenantFixture } from './fixtures';

let counter = 0;

/**
 * A caller company placed so that every child-company case exists around it: its parent (root),
 * a sibling, two direct children, a grandchild (child of the first child) and an unrelated company.
 */
export interface CompanyFamily {
  root: TenantFixture;
  caller: TenantFixture;
  sibling: TenantFixture;
  child1: TenantFixture;
  child2: TenantFixture;
  grandchild: TenantFixture;
  unrelated: TenantFixture;
}

export async function createCompanyFamily(label = 'Family'): Promise<CompanyFamily> {
  counter += 1;
  const root = await createTenant(`${label} ${counter} root`);
  const caller = await createTenant(`${label} ${counter} caller`, root.company.id);
  const sibling = await createTenant(`${label} ${counter} sibling`, root.company.id);
  const child1 = await createTenant(`${label} ${counter} child 1`, caller.company.id);
  const child2 = await createTenant(`${label} ${counter} child 2`, caller.company.id);
  const grandchild = await createTenant(`${label} ${counter} grandchild`, child1.company.id);
  const unrelated = await createTenant(`${label} ${counter} unrelated`);
  return { root, caller, sibling, child1, child2, grandchild, unrelated };
}

/** The company ids a caller may NOT scope to, each with why. */
export function forbiddenScopes(f: CompanyFamily): Array<[string, string]> {
  return [
    ['grandchild', f.grandchild.company.id],
    ['sibling', f.sibling.company.id],
    ['parent', f.root.company.id],
    ['unrelated', f.unrelated.company.id],
    ['own id', f.caller.company.id],
    ['nonexistent', randomUUID()],
  ];
}

export async function makeTeam(companyId: string, name = 'Sales'): Promise<TeamRow> {
  return createTeam(testEnv().db, companyId, name);
}

/** A user with unique email; override any field. */
export async function makeUser(companyId: string, fields: Partial<Omit<NewUser, 'companyId'>> = {}): Promise<UserRow> {
  counter += 1;
  return createUser(testEnv().db, {
    companyId,
    email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    role: 'Rep',
    ...fields,
  });
}

export interface InvitationFixture {
  id: string;
  token: string;
  email: string;
}

/** Inserts an invitation row directly (the invitation workflow is not under test here). */
export async function insertInvitation(
  companyId: string,
  teamId: string,
  fields: {
    email?: string;
    role?: 'Rep' | 'Manager';
    firstName?: string | null;
    lastName?: string | null;
    externalId?: string | null;
    status?: 'pending' | 'accepted' | 'revoked' | 'expired';
    expiresAt?: Date;
    createdAt?: Date;
  } = {},
): Promise<InvitationFixture> {
  counter += 1;
  const id = randomUUID();
  const token = randomBytes(24).toString('hex');
  const email = fields.email ?? `invitee${counter}-${randomBytes(3).toString('hex')}@example.com`;
  await testEnv()
    .db('invitations')
    .insert({
      id,
      company_id: companyId,
      team_id: teamId,
      email,
      role: fields.role ?? 'Rep',
      first_name: fields.firstName ?? null,
      last_name: fields.lastName ?? null,
      external_id: fields.externalId ?? null,
      token,
      status: fields.status ?? 'pending',
      expires_at: fields.expiresAt ?? new Date(Date.now() + 30 * 24 * 3600 * 1000),
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
    });
  return { id, token, email };
}

/**
 * Runs `fn` and returns the SQL queries Knex issued on the shared test database meanwhile, minus the API
 * key's (its lookup is kept for CREDENTIAL_CACHE_TTL and its lastUsedAt touched once a minute, so whether
 * a request reads it depends on the clock, not on the endpoint).
 */
export async function countQueries<T>(
  fn: () => Promise<T>,
  db: Knex = testEnv().db,
): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const listener = (q: { sql: string }): void => {
    if (!/`api_keys`/.test(q.sql)) queries.push(q.sql);
  };
  db.on('query', listener);
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    db.removeListener('query', listener);
  }
}

/** A snapshot of every user and invitation row of a company, to prove a rejected request wrote nothing. */
export async function companySnapshot(companyId: string): Promise<unknown> {
  const db = testEnv().db;
  const [users, invitations] = await Promise.all([
    db('users').where({ company_id: companyId }).orderBy('id'),
    db('invitations').where({ company_id: companyId }).orderBy('id'),
  ]);
  return { users, invitations };
}

import type { StoredRole, UserStatus } from '../../common/roles';
import { createCompany } from '../queries/companies';
import { createApiKey } from '../queries/credentials';
import { createRoleplay, type NewRoleplay, type RoleplayRow } from '../queries/roleplays';
import { createScript } from '../queries/scripts';
import { insertSession } from '../queries/sessions';
import { createTeam, ensureIntegrationTeam } from '../queries/teams';
import { createUser } from '../queries/users';
import { childRoleplay, demoRoleplays, demoScripts, demoSnippets, responsesFor } from './demoContent';
import type { Db } from '../connection';

export interface SeededCompany {
  id: string;
  name: string;
  apiKeyId: string;
  /** Shown only here: stored hashed. */
  apiKey: string;
}

export interface DemoSeed {
  parentCompany: SeededCompany;
  childCompany: SeededCompany;
  teams: Array<{ id: string; companyId: string; name: string; type: 'standard' | 'integration' }>;
  users: Array<{
    id: string;
    companyId: string;
    email: string;
    role: StoredRole;
    status: UserStatus;
    teamId: string | null;
  }>;
  roleplays: Array<{ id: string; companyId: string; title: string; isLive: boolean }>;
  sessions: Array<{ id: string; companyId: string; roleplayId: string; userId: string; score: number }>;
  scripts: Array<{ id: string; companyId: string; title: string }>;
}

interface UserSpec {
  email: string;
  firstName: string;
  lastName: string | null;
  role: StoredRole;
  status?: UserStatus;
  team: 'first' | 'second' | 'integration' | null;
  externalId?: string;
}

const parentUsers: UserSpec[] = [
  { email: 'maria.manager@acme.example', firstName: 'Maria', lastName: 'Manager', role: 'Manager', team: 'first' },
  {
    email: 'rick.rep@acme.example',
    firstName: 'Rick',
    lastName: 'Rep',
    role: 'Rep',
    team: 'first',
    externalId: 'crm-1001',
  },
  { email: 'rita.rep@acme.example', firstName: 'Rita', lastName: 'Rep', role: 'Rep', team: 'second' },
  {
    email: 'dan.disabled@acme.example',
    firstName: 'Dan',
    lastName: 'Disabled',
    role: 'Rep',
    status: 'disabled',
    team: 'second',
  },
  {
    email: 'lms-bot@acme.example',
    firstName: 'LMS',
    lastName: null,
    role: 'Integration',
    team: 'integration',
    externalId: 'lms-42',
  },
];
const childUsers: UserSpec[] = [
  { email: 'carla.manager@acme-west.example', firstName: 'Carla', lastName: 'Manager', role: 'Manager', team: 'first' },
  { email: 'carl.rep@acme-west.example', firstName: 'Carl', lastName: 'Rep', role: 'Rep', team: 'first' },
];

/**
 * A demo tenant tree: a parent company with one direct child, teams (each company has its Integration
 * team), users of every role and status, roleplays with scorecards, scored sessions with snippets and
 * responses, and memorization scripts; each company gets an API key. Every call creates a new tree, so
 * run it inside a transaction to get all or nothing.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<DemoSeed> {
  const parentCompany = await seedCompany(db, 'Acme Field Services (demo)', null);
  const childCompany = await seedCompany(db, 'Acme West (demo)', parentCompany.id);
  const seed: DemoSeed = {
    parentCompany,
    childCompany,
    teams: [],
    users: [],
    roleplays: [],
    sessions: [],
    scripts: [],
  };

  const parent = await seedPeople(db, seed, seed.parentCompany.id, ['Enterprise Sales', 'SMB Sales'], parentUsers);
  const child = await seedPeople(db, seed, seed.childCompany.id, ['West Coast'], childUsers);

  const parentRoleplays = await seedRoleplays(db, seed, seed.parentCompany.id, demoRoleplays, now);
  const [childPlay] = await seedRoleplays(db, seed, seed.childCompany.id, [childRoleplay], now);

  // Sessions by the active reps and the manager, oldest first, so the newest-first lists have a story.
  const [discovery, objection] = parentRoleplays;
  const plan: Array<{ companyId: string; roleplay: RoleplayRow; userId: string; score: number; minutesAgo: number }> = [
    {
      companyId: seed.parentCompany.id,
      roleplay: discovery,
      userId: parent['rick.rep@acme.example'],
      score: 58,
      minutesAgo: 3 * 24 * 60,
    },
    {
      companyId: seed.parentCompany.id,
      roleplay: discovery,
      userId: parent['rick.rep@acme.example'],
      score: 83.5,
      minutesAgo: 24 * 60,
    },
    {
      companyId: seed.parentCompany.id,
      roleplay: objection,
      userId: parent['rita.rep@acme.example'],
      score: 91,
      minutesAgo: 120,
    },
    {
      companyId: seed.parentCompany.id,
      roleplay: discovery,
      userId: parent['maria.manager@acme.example'],
      score: 100,
      minutesAgo: 30,
    },
    {
      companyId: seed.childCompany.id,
      roleplay: childPlay,
      userId: child['carl.rep@acme-west.example'],
      score: 64,
      minutesAgo: 60,
    },
  ];
  for (const s of plan) {
    const { criteria, metrics } = s.roleplay.scorecard;
    const share = s.score / 100;
    const id = await insertSession(db, {
      companyId: s.companyId,
      roleplayId: s.roleplay.id,
      userId: s.userId,
      score: s.score,
      didPass: s.score >= s.roleplay.passingScore,
      lengthMs: 240_000 + Math.round(s.score * 1000),
      wpm: 120 + Math.round(s.score / 4),
      nameCount: 2,
      numQuestions: 4,
      numFillerWords: Math.round((100 - s.score) / 5),
      snippets: demoSnippets,
      criteriaResponses: responsesFor(criteria, Math.round(criteria.length * share)),
      metricResponses: responsesFor(metrics, Math.round(metrics.length * share)),
      createdAt: new Date(now.getTime() - s.minutesAgo * 60_000),
    });
    seed.sessions.push({ id, companyId: s.companyId, roleplayId: s.roleplay.id, userId: s.userId, score: s.score });
  }

  for (const [companyId, scripts] of [
    [seed.parentCompany.id, demoScripts],
    [seed.childCompany.id, demoScripts.slice(0, 1)],
  ] as const) {
    for (const [i, script] of scripts.entries()) {
      const row = await createScript(db, companyId, {
        ...script,
        createdAt: new Date(now.getTime() - (scripts.length - i) * 60_000),
      });
      seed.scripts.push({ id: row.id, companyId, title: row.title });
    }
  }
  return seed;
}

async function seedCompany(db: Db, name: string, parentId: string | null): Promise<SeededCompany> {
  const company = await createCompany(db, name, parentId);
  const key = await createApiKey(db, company.id, 'demo seed');
  return { id: company.id, name: company.name, apiKeyId: key.id, apiKey: key.key };
}

/** Teams and users of one company; returns user ids by email. */
async function seedPeople(
  db: Db,
  seed: DemoSeed,
  companyId: string,
  teamNames: string[],
  users: UserSpec[],
): Promise<Record<string, string>> {
  const teams: Record<string, string> = {};
  for (const [i, name] of teamNames.entries()) {
    const team = await createTeam(db, companyId, name);
    teams[i === 0 ? 'first' : 'second'] = team.id;
    seed.teams.push({ id: team.id, companyId, name: team.name, type: team.type });
  }
  const integration = await ensureIntegrationTeam(db, companyId);
  teams['integration'] = integration.id;
  seed.teams.push({ id: integration.id, companyId, name: integration.name, type: integration.type });

  const ids: Record<string, string> = {};
  for (const u of users) {
    const teamId = u.team ? teams[u.team] : null;
    const status = u.status ?? 'active';
    const lastLoggedInAt = status === 'active' && u.role !== 'Integration' ? new Date(Date.now() - 3_600_000) : null;
    const row = await createUser(db, {
      companyId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      status,
      teamId,
      externalId: u.externalId ?? null,
      lastLoggedInAt,
    });
    ids[u.email] = row.id;
    seed.users.push({
      id: row.id,
      companyId,
      email: row.email,
      role: row.role,
      status: row.status,
      teamId: row.teamId,
    });
  }
  return ids;
}

async function seedRoleplays(
  db: Db,
  seed: DemoSeed,
  companyId: string,
  inputs: NewRoleplay[],
  now: Date,
): Promise<RoleplayRow[]> {
  const rows: RoleplayRow[] = [];
  for (const [i, input] of inputs.entries()) {
    const row = await createRoleplay(db, companyId, {
      ...input,
      createdAt: new Date(now.getTime() - (7 - i) * 24 * 3_600_000),
    });
    rows.push(row);
    seed.roleplays.push({ id: row.id, companyId, title: row.title, isLive: row.isLive });
  }
  return rows;
}

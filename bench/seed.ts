import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createDb, ensureDatabase, dropDatabase } from '../db/connection';
import { createCompany } from '../db/queries/companies';
import { createApiKey } from '../db/queries/credentials';
import type { Scorecard } from '../db/queries/roleplays';
import { recountSessions } from '../db/queries/sessionCounts';
import { createTeam, ensureIntegrationTeam } from '../db/queries/teams';
import type { SeedCounts } from './modes';
import {
  customerLines,
  firstNames,
  lastNames,
  repLines,
  roleplayKinds,
  scorecardFor,
  scriptLines,
} from './seedContent';

// The benchmark data set: one company at realistic size, written with multi-row INSERTs (thousands of
// rows per statement, a few statements per transaction) so a million rows take seconds, not the
// minutes the one-row-at-a-time query modules would. A fully seeded database is recognised by the
// company's name (which spells the counts, and is only given once everything is written) and reused.

export interface BenchData {
  companyId: string;
  /** A fresh key per run: keys are stored hashed, so an old one cannot be read back. */
  apiKey: string;
  /** The user owning `heavyUserSessions` sessions (the filtered deep page). */
  heavyUserId: string;
  /** Up to 1,000 session ids spread over the whole table, for the result endpoint. */
  sessionIds: string[];
  /** External ids of existing users, for recordings that resolve to an existing user. */
  externalIds: string[];
  /** Up to 1,000 user ids and every roleplay id, for the single-row reads. */
  userIds: string[];
  roleplayIds: string[];
  reused: boolean;
  seedSeconds: number;
}

const DAY = 86_400_000;
const SESSION_CHUNK = 2_000;
const ROW_CHUNK = 5_000;

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length];
const rand = (n: number): number => Math.floor(Math.random() * n);
/** DATETIME(3) literal in UTC (the connection's timezone), cheaper than letting the driver format a Date. */
const sqlTime = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);

export const markerName = (c: SeedCounts): string =>
  `Bench Co [u=${c.users} r=${c.roleplays} s=${c.sessions} h=${c.heavyUserSessions} m=${c.scripts}]`;
const SEEDING_NAME = 'Bench Co [seeding]';

async function insertChunked(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROW_CHUNK) await trx(table).insert(rows.slice(i, i + ROW_CHUNK));
}

interface SeedRoleplay {
  id: string;
  passingScore: number;
  scorecard: Scorecard;
}

async function seedUsers(db: Knex, companyId: string, count: number, now: number): Promise<string[]> {
  const integration = await ensureIntegrationTeam(db, companyId);
  const teams = [];
  for (let t = 0; t < 20; t += 1) teams.push((await createTeam(db, companyId, `Sales team ${t + 1}`)).id);
  const ids: string[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    ids.push(id);
    const first = pick(firstNames, i);
    const last = pick(lastNames, Math.floor(i / firstNames.length));
    // The first user is the integration account that owns most sessions; then 1 manager in 12, 1 user in 40 disabled.
    const role = i === 0 ? 'Integration' : i % 12 === 0 ? 'Manager' : 'Rep';
    const created = now - 3 * 365 * DAY + Math.floor(((i + Math.random()) / count) * 365 * DAY);
    rows.push({
      id,
      company_id: companyId,
      team_id: i === 0 ? integration.id : pick(teams, i),
      email: `${first}.${last}.${i}@bench.example`.toLowerCase(),
      first_name: first,
      last_name: i % 17 === 0 ? null : last,
      role,
      status: i % 40 === 39 ? 'disabled' : 'active',
      external_id: `crm-${i}`,
      last_logged_in_at: i % 5 === 0 ? null : sqlTime(now - rand(60 * DAY)),
      created_at: sqlTime(created),
      updated_at: sqlTime(created),
    });
  }
  await db.transaction((trx) => insertChunked(trx, 'users', rows));
  return ids;
}

async function seedRoleplays(db: Knex, companyId: string, count: number, now: number): Promise<SeedRoleplay[]> {
  const out: SeedRoleplay[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const kind = pick(roleplayKinds, i);
    const scorecard = scorecardFor(i);
    const passingScore = 60 + (i % 4) * 10;
    const id = randomUUID();
    out.push({ id, passingScore, scorecard });
    const created = now - 2 * 365 * DAY - (count - i) * DAY;
    return {
      id,
      company_id: companyId,
      title: `${kind.title} #${i + 1}: ${pick(lastNames, i)} account`,
      instructions: `Run a ${kind.title.toLowerCase()} with the customer. ${pick(repLines, i)}`,
      objective: 'Uncover the cost of the current process and agree on a next step.',
      passing_score: passingScore,
      is_live: i % 5 !== 0,
      is_blind: i % 7 === 0,
      language: pick(['en', 'en', 'en', 'es', 'fr-CA', 'pt-BR', 'cs'], i),
      conversation_starters: JSON.stringify([pick(repLines, i), pick(repLines, i + 1)]),
      keyterms: JSON.stringify(['dispatch', 'utilization', 'SLA'].slice(0, 1 + (i % 3))),
      timer_in_seconds: i % 3 === 0 ? null : 600,
      show_results: true,
      max_attempts: i % 4 === 0 ? 3 : null,
      should_act_as_customer: true,
      require_video_recording: i % 10 === 0,
      conversation_type: JSON.stringify(kind),
      customer_persona: JSON.stringify({
        name: `${pick(firstNames, i + 3)} ${pick(lastNames, i + 5)}`,
        imageUrl: i % 3 === 0 ? '' : `https://images.example.com/personas/${i}.png`,
        tags: ['operations', 'skeptical', 'busy'].slice(0, 1 + (i % 3)),
      }),
      customer_background: JSON.stringify({
        title: `Regional services company, ${50 + i} technicians`,
        tags: ['field service', 'mid-market'],
      }),
      custom_attributes:
        i % 2 === 0
          ? JSON.stringify({
              lmsCourseId: `COURSE-${100 + i}`,
              difficulty: pick(['intro', 'intermediate', 'expert'], i),
            })
          : null,
      scorecard: JSON.stringify(scorecard),
      created_at: sqlTime(created),
      updated_at: sqlTime(created),
    };
  });
  await db.transaction((trx) => insertChunked(trx, 'roleplays', rows));
  return out;
}

/** One chunk of sessions with their snippets and responses, in one transaction. */
async function seedSessionChunk(
  db: Knex,
  companyId: string,
  userIds: string[],
  roleplays: SeedRoleplay[],
  size: number,
  heavy: number,
  now: number,
): Promise<void> {
  const sessions: Record<string, unknown>[] = [];
  const snippets: Record<string, unknown>[] = [];
  const responses: Record<string, unknown>[] = [];
  for (let i = 0; i < size; i += 1) {
    const id = randomUUID();
    const roleplay = roleplays[rand(roleplays.length)];
    const userId = i < heavy ? userIds[0] : userIds[1 + rand(userIds.length - 1)];
    const score = Math.round((30 + Math.random() * 70) * 10) / 10;
    const created = sqlTime(now - rand(2 * 365 * DAY));
    const audio = Math.random() < 0.7;
    sessions.push({
      id,
      company_id: companyId,
      roleplay_id: roleplay.id,
      user_id: userId,
      score,
      did_pass: score >= roleplay.passingScore,
      length_ms: 60_000 + rand(840_000),
      wpm: Math.round((100 + Math.random() * 80) * 10) / 10,
      name_count: rand(6),
      num_questions: rand(16),
      num_filler_words: rand(31),
      audio_storage_key: audio ? `recordings/${companyId}/${id}.webm` : null,
      video_storage_key: audio && Math.random() < 0.1 ? `recordings/${companyId}/${id}.mp4` : null,
      audio_external_url: audio || Math.random() < 0.5 ? null : `https://lms.example.com/recordings/${id}.mp3`,
      created_at: created,
      updated_at: created,
    });
    const turns = 3 + rand(4);
    for (let p = 0; p < turns; p += 1) {
      snippets.push({
        session_id: id,
        position: p,
        is_user: p % 2 === 0,
        text: p % 2 === 0 ? pick(repLines, rand(100)) : pick(customerLines, rand(100)),
      });
    }
    for (const [kind, items] of [
      ['criterion', roleplay.scorecard.criteria],
      ['metric', roleplay.scorecard.metrics],
    ] as const) {
      items.forEach((item, position) => {
        const passed = Math.random() < 0.6;
        responses.push({
          session_id: id,
          kind,
          position,
          title: item.title,
          passed,
          explanation: `${passed ? 'Done' : 'Missed'}: ${item.description}`,
          weight: item.weight,
          section_title: item.sectionTitle,
        });
      });
    }
  }
  await db.transaction(async (trx) => {
    await insertChunked(trx, 'roleplay_sessions', sessions);
    await insertChunked(trx, 'session_snippets', snippets);
    await insertChunked(trx, 'session_responses', responses);
  });
}

async function seedSessions(
  db: Knex,
  companyId: string,
  userIds: string[],
  roleplays: SeedRoleplay[],
  counts: SeedCounts,
  now: number,
): Promise<void> {
  const chunks: Array<{ size: number; heavy: number }> = [];
  let heavyLeft = counts.heavyUserSessions;
  for (let done = 0; done < counts.sessions; done += SESSION_CHUNK) {
    const size = Math.min(SESSION_CHUNK, counts.sessions - done);
    const heavy = Math.min(size, heavyLeft);
    heavyLeft -= heavy;
    chunks.push({ size, heavy });
  }
  // Two chunks in flight: Node builds the next batch while MariaDB writes the current one.
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      await seedSessionChunk(db, companyId, userIds, roleplays, chunk.size, chunk.heavy, now);
    }
  };
  await Promise.all([lane(), lane()]);
}

async function seedScripts(db: Knex, companyId: string, count: number, now: number): Promise<void> {
  const scripts: Record<string, unknown>[] = [];
  const segments: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const created = sqlTime(now - rand(2 * 365 * DAY));
    scripts.push({
      id,
      company_id: companyId,
      title: `Script ${i + 1}: ${pick(['Elevator pitch', 'Voicemail', 'Pricing answer', 'Product tour'], i)}`,
      passing_score: 70 + (i % 4) * 5,
      num_levels: 1 + (i % 4),
      user_instructions: 'Memorize the script; each level hides more of the words.',
      cover_image_url: i % 3 === 0 ? null : `https://images.example.com/scripts/${i}.png`,
      created_at: created,
      updated_at: created,
    });
    const n = 3 + rand(8);
    for (let order = 1; order <= n; order += 1)
      segments.push({ script_id: id, order, og_text: pick(scriptLines, i + order) });
  }
  await db.transaction(async (trx) => {
    await insertChunked(trx, 'memorization_scripts', scripts);
    await insertChunked(trx, 'script_segments', segments);
  });
}

async function sample(db: Knex, companyId: string): Promise<Omit<BenchData, 'apiKey' | 'reused' | 'seedSeconds'>> {
  const heavy = (await db('users').where({ company_id: companyId, role: 'Integration' }).first('id')) as { id: string };
  const [{ n }] = (await db('roleplay_sessions').where({ company_id: companyId }).count({ n: '*' })) as Array<{
    n: number;
  }>;
  const step = Math.max(1, Math.floor(Number(n) / 1000));
  // Every step-th session in index order: an even spread over users, roleplays and ages.
  const sessions = (await db.raw(
    'SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY created_at, id) AS rn FROM roleplay_sessions WHERE company_id = ?) t WHERE MOD(rn, ?) = 0 LIMIT 1000',
    [companyId, step],
  )) as [Array<{ id: string }>, unknown];
  const users = (await db('users')
    .where({ company_id: companyId, status: 'active', role: 'Rep' })
    .orderBy('external_id')
    .limit(50)
    .select('external_id')) as Array<{ external_id: string }>;
  const userIds = (await db('users')
    .where({ company_id: companyId })
    .orderBy('id')
    .limit(1000)
    .pluck('id')) as string[];
  const roleplayIds = (await db('roleplays').where({ company_id: companyId }).pluck('id')) as string[];
  return {
    companyId,
    heavyUserId: heavy.id,
    sessionIds: sessions[0].map((r) => r.id),
    externalIds: users.map((u) => u.external_id),
    userIds,
    roleplayIds,
  };
}

/** Creates, migrates and fills the database (or reuses a complete earlier fill), and issues an API key. */
export async function seedBench(
  databaseUrl: string,
  counts: SeedCounts,
  log: (line: string) => void = () => undefined,
): Promise<BenchData> {
  const started = Date.now();
  await ensureDatabase(databaseUrl);
  let db = createDb(databaseUrl, 4);
  try {
    await db.migrate.latest();
    const done = (await db('companies')
      .where({ name: markerName(counts) })
      .first('id')) as { id: string } | undefined;
    let companyId = done?.id;
    if (!companyId) {
      if (await db('companies').where('name', 'like', 'Bench Co [%').first('id')) {
        log('bench database holds another or an unfinished data set: recreating it');
        await db.destroy();
        await dropDatabase(databaseUrl);
        await ensureDatabase(databaseUrl);
        db = createDb(databaseUrl, 4);
        await db.migrate.latest();
      }
      const now = Date.now();
      const company = await createCompany(db, SEEDING_NAME);
      companyId = company.id;
      log(
        `seeding ${counts.users} users, ${counts.roleplays} roleplays, ${counts.sessions} sessions, ${counts.scripts} scripts`,
      );
      const userIds = await seedUsers(db, company.id, counts.users, now);
      const roleplays = await seedRoleplays(db, company.id, counts.roleplays, now);
      await seedSessions(db, company.id, userIds, roleplays, counts, now);
      // Written in bulk, not through insertSession: the list totals are counted once here.
      await recountSessions(db, company.id);
      await seedScripts(db, company.id, counts.scripts, now);
      // Fresh statistics, so the optimizer sees the real table sizes from the first query.
      await db.raw(
        'ANALYZE TABLE users, roleplays, roleplay_sessions, session_snippets, session_responses, memorization_scripts, script_segments',
      );
      await db('companies')
        .where({ id: company.id })
        .update({ name: markerName(counts) });
    }
    const { key } = await createApiKey(db, companyId, 'bench');
    const data = await sample(db, companyId);
    return { ...data, apiKey: key, reused: Boolean(done), seedSeconds: (Date.now() - started) / 1000 };
  } finally {
    await db.destroy();
  }
}

/** Recordings of earlier runs only cost space; a clean slate keeps every run alike. */
export async function forgetEarlierRecordings(databaseUrl: string, companyId: string): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    await db('recordings').where({ company_id: companyId }).del();
  } finally {
    await db.destroy();
  }
}

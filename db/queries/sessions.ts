import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { fromJson, type Db } from '../connection';
import { statement } from '../statement';
import { countNewSession, countedSessions } from './sessionCounts';
import type { CustomerPersona } from './roleplays';
import { countOf, type Page } from './pages';
import { storedResponse, type EvidenceQuote, type ScorecardResponse } from '../../common/recordingAnalysis';
import { insertForUnmarkedCompany } from './unmarkedInsert';

export interface SessionSnippet {
  isUser: boolean;
  text: string;
}

/** One scored criterion or metric of a session (spec 2.5), with the evidence it rests on. */
export interface SessionResponse {
  title: string;
  passed: boolean;
  explanation: string;
  weight: number;
  sectionTitle: string;
  /** Absent only for imports and fixtures, stored as unknown (NULL). */
  evidence?: EvidenceQuote[];
  noEvidenceReason?: string;
  assessable?: false;
  supported?: false;
}

export interface NewSession {
  companyId: string;
  roleplayId: string;
  userId: string;
  score: number;
  didPass: boolean;
  lengthMs: number;
  wpm: number;
  nameCount?: number | null;
  numQuestions?: number | null;
  numFillerWords?: number | null;
  /** In conversation order. */
  snippets: SessionSnippet[];
  criteriaResponses: SessionResponse[];
  metricResponses: SessionResponse[];
  audioStorageKey?: string | null;
  videoStorageKey?: string | null;
  audioExternalUrl?: string | null;
  recordingId?: string | null;
  /** For imports and fixtures; defaults to now. */
  createdAt?: Date;
}

export interface SessionListRow {
  id: string;
  userId: string;
  userFirstName: string;
  userLastName: string | null;
  roleplayId: string;
  roleplayTitle: string;
  score: number;
  didPass: boolean;
  lengthMs: number;
  createdAt: Date;
}

export interface SessionResultRow {
  id: string;
  roleplayId: string;
  roleplayTitle: string;
  roleplayPassingScore: number;
  customerPersona: CustomerPersona;
  user: { id: string; firstName: string; lastName: string | null };
  score: number;
  didPass: boolean;
  lengthMs: number;
  wpm: number;
  nameCount: number | null;
  numQuestions: number | null;
  numFillerWords: number | null;
  audioStorageKey: string | null;
  videoStorageKey: string | null;
  audioExternalUrl: string | null;
  /** When retention deleted the recording's media (the result then offers no links). */
  mediaDeletedAt: Date | null;
  recordingId: string | null;
  snippets: SessionSnippet[];
  criteriaResponses: ScorecardResponse[];
  metricResponses: ScorecardResponse[];
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionFilter {
  offset: number;
  limit: number;
  userId?: string;
  roleplayId?: string;
}

const responseRows = (sessionId: string, kind: 'criterion' | 'metric', items: SessionResponse[]) =>
  items.map((r, position) => ({
    session_id: sessionId,
    kind,
    position,
    title: r.title,
    passed: r.passed,
    explanation: r.explanation,
    weight: r.weight,
    section_title: r.sectionTitle,
    evidence: r.evidence ? JSON.stringify(r.evidence) : null,
    no_evidence_reason: r.noEvidenceReason ?? null,
    assessable: r.assessable !== false,
    supported: r.supported !== false,
  }));

/** Multi-row inserts of at most 1000 rows each, so a long transcript stays a handful of statements. */
async function insertChunked(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await trx(table).insert(rows.slice(i, i + 1000));
}

/**
 * Stores a scored session with its snippets and responses, one batched insert per table. Runs in its
 * own transaction, or in a savepoint of the caller's when `db` is already a transaction.
 */
export async function insertSession(db: Db, input: NewSession): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (trx) => {
    // Not for a company its offboarding has marked (the statement reads the mark); its rows follow it.
    await insertForUnmarkedCompany(trx, 'roleplay_sessions', {
      id,
      company_id: input.companyId,
      roleplay_id: input.roleplayId,
      user_id: input.userId,
      score: input.score,
      did_pass: input.didPass,
      length_ms: input.lengthMs,
      wpm: input.wpm,
      name_count: input.nameCount ?? null,
      num_questions: input.numQuestions ?? null,
      num_filler_words: input.numFillerWords ?? null,
      audio_storage_key: input.audioStorageKey ?? null,
      video_storage_key: input.videoStorageKey ?? null,
      audio_external_url: input.audioExternalUrl ?? null,
      recording_id: input.recordingId ?? null,
      ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
    });
    await insertChunked(
      trx,
      'session_snippets',
      input.snippets.map((s, position) => ({ session_id: id, position, is_user: s.isUser, text: s.text })),
    );
    await insertChunked(trx, 'session_responses', [
      ...responseRows(id, 'criterion', input.criteriaResponses),
      ...responseRows(id, 'metric', input.metricResponses),
    ]);
    // Last, so the company's counter row stays locked only until the commit.
    await countNewSession(trx, input);
  });
  return id;
}

function filtered(db: Db, companyId: string, filter: SessionFilter): Knex.QueryBuilder {
  const q = db('roleplay_sessions as s').where('s.company_id', companyId);
  if (filter.userId) q.andWhere('s.user_id', filter.userId);
  if (filter.roleplayId) q.andWhere('s.roleplay_id', filter.roleplayId);
  return q;
}

const newestFirst = (table: string) => [
  { column: `${table}.created_at`, order: 'desc' as const },
  { column: `${table}.id`, order: 'desc' as const },
];
const oldestFirst = (table: string) => newestFirst(table).map((o) => ({ ...o, order: 'asc' as const }));

/** The filtered total: one counter row, except for the user-and-roleplay filter, which has no counter. */
async function sessionTotal(db: Db, companyId: string, filter: SessionFilter): Promise<number> {
  if (filter.userId && filter.roleplayId) {
    return countOf(filtered(db, companyId, filter));
  }
  if (filter.userId) return countedSessions(db, companyId, 'user', filter.userId);
  if (filter.roleplayId) return countedSessions(db, companyId, 'roleplay', filter.roleplayId);
  return countedSessions(db, companyId, 'company', companyId);
}

/**
 * Which end a page of a list of `total` (offset < total) is read from: from the newest end, skipping
 * `offset`; or, when fewer sessions are older than the page than newer, from the oldest end, skipping the
 * `after` sessions older than it and taking the page's `take` sessions.
 */
export function pageWindow(
  total: number,
  offset: number,
  limit: number,
): { fromOldest: false } | { fromOldest: true; after: number; take: number } {
  const take = Math.min(limit, total - offset);
  const after = total - offset - take;
  return after < offset ? { fromOldest: true, after, take } : { fromOldest: false };
}

/**
 * One page of sessions, newest first (ties broken by id), and the filtered total (a counter row).
 * The page is a deferred join: its ids come from the (company_id[, user_id | roleplay_id], created_at, id)
 * index alone, and only those rows are joined to users and roleplays. Joining first made the optimizer
 * join and sort every session of the company (hundreds of ms at 100,000 sessions). An offset still
 * skips index entries one by one, so a page in the older half is read from the oldest end instead
 * (ascending, skipping the sessions after it): the last page is as cheap as the first, and no page
 * skips more than half of the list.
 */
export async function listSessions(db: Db, companyId: string, filter: SessionFilter): Promise<Page<SessionListRow>> {
  const total = await sessionTotal(db, companyId, filter);
  if (filter.offset >= total) return { rows: [], total };
  const window = pageWindow(total, filter.offset, filter.limit);
  const page = (
    window.fromOldest
      ? filtered(db, companyId, filter).select('s.id').orderBy(oldestFirst('s')).offset(window.after).limit(window.take)
      : filtered(db, companyId, filter)
          .select('s.id')
          .orderBy(newestFirst('s'))
          .offset(filter.offset)
          .limit(filter.limit)
  ).as('page');
  const rows = (await db
    .from(page)
    .join('roleplay_sessions as s', 's.id', 'page.id')
    .join('users as u', 'u.id', 's.user_id')
    .join('roleplays as r', 'r.id', 's.roleplay_id')
    .select({
      id: 's.id',
      userId: 's.user_id',
      userFirstName: 'u.first_name',
      userLastName: 'u.last_name',
      roleplayId: 's.roleplay_id',
      roleplayTitle: 'r.title',
      score: 's.score',
      didPass: 's.did_pass',
      lengthMs: 's.length_ms',
      createdAt: 's.created_at',
    })
    .orderBy(newestFirst('s'))) as Array<Omit<SessionListRow, 'didPass'> & { didPass: number | boolean }>;
  return { rows: rows.map((r) => ({ ...r, didPass: Boolean(r.didPass) })), total };
}

interface DbResponse {
  kind: 'criterion' | 'metric';
  title: string;
  passed: number | boolean;
  explanation: string;
  weight: number;
  section_title: string;
  evidence: string | null;
  no_evidence_reason: string | null;
  assessable: number | boolean;
  supported: number | boolean;
}

type SessionResultDbRow = Omit<
  SessionResultRow,
  'user' | 'snippets' | 'criteriaResponses' | 'metricResponses' | 'didPass' | 'customerPersona'
> & {
  didPass: number | boolean;
  customerPersona: unknown;
  userId: string;
  userFirstName: string;
  userLastName: string | null;
};

// A session result is the most requested single read: its three statements are built once (db/statement.ts).
const sessionResultById = statement<{ companyId: string; id: string }>(['companyId', 'id'], (q, { companyId, id }) =>
  q('roleplay_sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .join('roleplays as r', 'r.id', 's.roleplay_id')
    .where({ 's.company_id': companyId, 's.id': id })
    .first({
      id: 's.id',
      roleplayId: 's.roleplay_id',
      roleplayTitle: 'r.title',
      roleplayPassingScore: 'r.passing_score',
      customerPersona: 'r.customer_persona',
      userId: 'u.id',
      userFirstName: 'u.first_name',
      userLastName: 'u.last_name',
      score: 's.score',
      didPass: 's.did_pass',
      lengthMs: 's.length_ms',
      wpm: 's.wpm',
      nameCount: 's.name_count',
      numQuestions: 's.num_questions',
      numFillerWords: 's.num_filler_words',
      audioStorageKey: 's.audio_storage_key',
      videoStorageKey: 's.video_storage_key',
      audioExternalUrl: 's.audio_external_url',
      mediaDeletedAt: 's.media_deleted_at',
      recordingId: 's.recording_id',
      createdAt: 's.created_at',
      updatedAt: 's.updated_at',
    }),
);
const snippetsOfSession = statement<{ id: string }>(['id'], (q, { id }) =>
  q('session_snippets').where({ session_id: id }).orderBy('position').select('is_user', 'text'),
);
const responsesOfSession = statement<{ id: string }>(['id'], (q, { id }) =>
  q('session_responses')
    .where({ session_id: id })
    .orderBy([{ column: 'kind' }, { column: 'position' }])
    .select('*'),
);

/** A session of the company with everything its result shows; undefined for unknown or foreign ids. */
export async function getSessionResult(db: Db, companyId: string, id: string): Promise<SessionResultRow | undefined> {
  const s = await sessionResultById.first<SessionResultDbRow>(db, { companyId, id });
  if (!s) return undefined;
  const [snippets, responses] = await Promise.all([
    snippetsOfSession.all<{ is_user: number | boolean; text: string }>(db, { id }),
    responsesOfSession.all<DbResponse>(db, { id }),
  ]);
  const toResponse = (r: DbResponse): ScorecardResponse =>
    storedResponse({
      title: r.title,
      passed: Boolean(r.passed),
      explanation: r.explanation,
      weight: r.weight,
      sectionTitle: r.section_title,
      ...(r.assessable ? {} : { assessable: false as const }),
      ...(r.evidence !== null ? { evidence: fromJson<EvidenceQuote[]>(r.evidence) } : {}),
      ...(r.no_evidence_reason !== null ? { noEvidenceReason: r.no_evidence_reason } : {}),
      ...(r.supported ? {} : { supported: false as const }),
    });
  const { userId, userFirstName, userLastName, ...rest } = s;
  return {
    ...rest,
    didPass: Boolean(s.didPass),
    customerPersona: fromJson<CustomerPersona>(s.customerPersona),
    user: { id: userId, firstName: userFirstName, lastName: userLastName },
    snippets: snippets.map((x) => ({ isUser: Boolean(x.is_user), text: x.text })),
    criteriaResponses: responses.filter((r) => r.kind === 'criterion').map(toResponse),
    metricResponses: responses.filter((r) => r.kind === 'metric').map(toResponse),
  };
}

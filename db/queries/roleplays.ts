import { randomUUID } from 'node:crypto';
import { fromJson, type Db } from '../connection';
import { insertForUnmarkedCompany } from './unmarkedInsert';

export type RoleplayLanguage = 'en' | 'es' | 'fr-CA' | 'pt-BR' | 'cs';
export type CustomAttributeValue = string | number | boolean | null;
export type CustomAttributes = Record<string, CustomAttributeValue>;

/** Replay's roleplay types: practice and assessment. */
export type RoleplayType = 'Train' | 'Interview';
export interface ConversationType {
  title: string;
  roleplayType: RoleplayType;
  /** The kebab-case slug of API version 2026-11-21 (common/roleplayTypes.ts), when the roleplay has one. */
  legacyRoleplayType?: string;
}
export interface CustomerPersona {
  name: string;
  /** Empty string when the persona has no picture. */
  imageUrl: string;
  tags: string[];
}
export interface CustomerBackground {
  title: string;
  tags: string[];
}
export interface ScorecardItem {
  title: string;
  description: string;
  weight: number;
  sectionTitle: string;
}
export interface Scorecard {
  criteria: ScorecardItem[];
  metrics: ScorecardItem[];
}

/** The fields PATCH /api/roleplay/{id} may change (spec 2.1 and 4.5). */
export interface RoleplayChanges {
  title?: string;
  instructions?: string | null;
  objective?: string | null;
  passingScore?: number;
  isLive?: boolean;
  isBlind?: boolean;
  language?: RoleplayLanguage;
  conversationStarters?: string[];
  keyterms?: string[];
  timerInSeconds?: number | null;
  showResults?: boolean;
  maxAttempts?: number | null;
  shouldActAsCustomer?: boolean;
  requireVideoRecording?: boolean;
  customAttributes?: CustomAttributes;
}

export interface NewRoleplay extends RoleplayChanges {
  title: string;
  conversationType: ConversationType;
  customerPersona: CustomerPersona;
  customerBackground: CustomerBackground;
  scorecard?: Scorecard;
  /** For imports and fixtures; defaults to now. */
  createdAt?: Date;
}

export interface RoleplayRow {
  id: string;
  companyId: string;
  title: string;
  instructions: string | null;
  objective: string | null;
  passingScore: number;
  isLive: boolean;
  isBlind: boolean;
  language: RoleplayLanguage;
  conversationStarters: string[];
  keyterms: string[];
  timerInSeconds: number | null;
  showResults: boolean;
  maxAttempts: number | null;
  shouldActAsCustomer: boolean;
  requireVideoRecording: boolean;
  conversationType: ConversationType;
  customerPersona: CustomerPersona;
  customerBackground: CustomerBackground;
  customAttributes: CustomAttributes | null;
  scorecard: Scorecard;
  createdAt: Date;
  updatedAt: Date;
}

/** A roleplay without its scorecard: what the list needs (the scorecard is only read by the recording analysis). */
export type RoleplaySummary = Omit<RoleplayRow, 'scorecard'>;

interface DbRoleplay {
  id: string;
  company_id: string;
  title: string;
  instructions: string | null;
  objective: string | null;
  passing_score: number;
  is_live: number | boolean;
  is_blind: number | boolean;
  language: RoleplayLanguage;
  conversation_starters: unknown;
  keyterms: unknown;
  timer_in_seconds: number | null;
  show_results: number | boolean;
  max_attempts: number | null;
  should_act_as_customer: number | boolean;
  require_video_recording: number | boolean;
  conversation_type: unknown;
  customer_persona: unknown;
  customer_background: unknown;
  custom_attributes: unknown;
  scorecard: unknown;
  created_at: Date;
  updated_at: Date;
}

// Every column but the scorecard, which can be large and is never part of an API response.
const SUMMARY_COLUMNS = [
  'id',
  'company_id',
  'title',
  'instructions',
  'objective',
  'passing_score',
  'is_live',
  'is_blind',
  'language',
  'conversation_starters',
  'keyterms',
  'timer_in_seconds',
  'show_results',
  'max_attempts',
  'should_act_as_customer',
  'require_video_recording',
  'conversation_type',
  'customer_persona',
  'customer_background',
  'custom_attributes',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof DbRoleplay, 'scorecard'>[];

function toRow(r: DbRoleplay): RoleplayRow {
  return { ...toSummary(r), scorecard: fromJson<Scorecard>(r.scorecard) };
}

function toSummary(r: Omit<DbRoleplay, 'scorecard'>): RoleplaySummary {
  return {
    id: r.id,
    companyId: r.company_id,
    title: r.title,
    instructions: r.instructions,
    objective: r.objective,
    passingScore: r.passing_score,
    isLive: Boolean(r.is_live),
    isBlind: Boolean(r.is_blind),
    language: r.language,
    conversationStarters: fromJson<string[]>(r.conversation_starters),
    keyterms: fromJson<string[]>(r.keyterms),
    timerInSeconds: r.timer_in_seconds,
    showResults: Boolean(r.show_results),
    maxAttempts: r.max_attempts,
    shouldActAsCustomer: Boolean(r.should_act_as_customer),
    requireVideoRecording: Boolean(r.require_video_recording),
    conversationType: fromJson<ConversationType>(r.conversation_type),
    customerPersona: fromJson<CustomerPersona>(r.customer_persona),
    customerBackground: fromJson<CustomerBackground>(r.customer_background),
    customAttributes: r.custom_attributes === null ? null : fromJson<CustomAttributes>(r.custom_attributes),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Column values for the fields present in `changes`; absent fields are left out so they stay as they are. */
function changeColumns(changes: RoleplayChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set = (column: string, value: unknown) => {
    if (value !== undefined) out[column] = value;
  };
  set('title', changes.title);
  set('instructions', changes.instructions);
  set('objective', changes.objective);
  set('passing_score', changes.passingScore);
  set('is_live', changes.isLive);
  set('is_blind', changes.isBlind);
  set('language', changes.language);
  set('conversation_starters', changes.conversationStarters && JSON.stringify(changes.conversationStarters));
  set('keyterms', changes.keyterms && JSON.stringify(changes.keyterms));
  set('timer_in_seconds', changes.timerInSeconds);
  set('show_results', changes.showResults);
  set('max_attempts', changes.maxAttempts);
  set('should_act_as_customer', changes.shouldActAsCustomer);
  set('require_video_recording', changes.requireVideoRecording);
  set('custom_attributes', changes.customAttributes && JSON.stringify(changes.customAttributes));
  return out;
}

export async function createRoleplay(db: Db, companyId: string, input: NewRoleplay): Promise<RoleplayRow> {
  const id = randomUUID();
  // Not for a company its offboarding has marked (the statement reads the mark).
  await insertForUnmarkedCompany(db, 'roleplays', {
    // Defaults for the optional fields (passingScore 70, language en, draft) come from the table.
    ...changeColumns(input),
    id,
    company_id: companyId,
    conversation_starters: JSON.stringify(input.conversationStarters ?? []),
    keyterms: JSON.stringify(input.keyterms ?? []),
    conversation_type: JSON.stringify(input.conversationType),
    customer_persona: JSON.stringify(input.customerPersona),
    customer_background: JSON.stringify(input.customerBackground),
    scorecard: JSON.stringify(input.scorecard ?? { criteria: [], metrics: [] }),
    ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
  });
  const row = await getRoleplay(db, companyId, id);
  if (!row) throw new Error('roleplay vanished after insert');
  return row;
}

/** The roleplay when it belongs to `companyId`; another company's id is as unknown as a made-up one. */
export async function getRoleplay(db: Db, companyId: string, id: string): Promise<RoleplayRow | undefined> {
  const row = (await db('roleplays').where({ company_id: companyId, id }).first()) as DbRoleplay | undefined;
  return row && toRow(row);
}

/** Every roleplay of the company, newest first (ties broken by id), in one query; scorecards are not read. */
export async function listRoleplays(db: Db, companyId: string): Promise<RoleplaySummary[]> {
  const rows = (await db('roleplays')
    .select(SUMMARY_COLUMNS)
    .where({ company_id: companyId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as Omit<DbRoleplay, 'scorecard'>[];
  return rows.map(toSummary);
}

/** Applies only the supplied fields; undefined when the roleplay is not the company's. */
export async function updateRoleplay(
  db: Db,
  companyId: string,
  id: string,
  changes: RoleplayChanges,
): Promise<RoleplayRow | undefined> {
  const columns = changeColumns(changes);
  if (Object.keys(columns).length > 0) {
    await db('roleplays')
      .where({ company_id: companyId, id })
      .update({ ...columns, updated_at: db.fn.now(3) });
  }
  return getRoleplay(db, companyId, id);
}

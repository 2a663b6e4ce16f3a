import { randomUUID } from 'node:crypto';
import type { Db } from '../connection';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { insertForUnmarkedCompany } from './unmarkedInsert';

export interface ScriptSegment {
  order: number;
  ogText: string;
}

export interface NewScript {
  title: string;
  passingScore: number;
  numLevels: number;
  userInstructions: string;
  segments: ScriptSegment[];
  coverImageUrl?: string | null;
  /** For imports and fixtures; defaults to now. */
  createdAt?: Date;
}

export interface ScriptListRow {
  id: string;
  title: string;
  passingScore: number;
  numLevels: number;
  coverImageUrl: string | null;
  createdAt: Date;
}

export interface ScriptRow extends ScriptListRow {
  userInstructions: string;
  /** Ascending by order. */
  segments: ScriptSegment[];
}

const listColumns = {
  id: 'id',
  title: 'title',
  passingScore: 'passing_score',
  numLevels: 'num_levels',
  coverImageUrl: 'cover_image_url',
  createdAt: 'created_at',
};

/** Stores a script and its segments (one multi-row insert); a repeated `order` fails with ER_DUP_ENTRY. */
export async function createScript(db: Db, companyId: string, input: NewScript): Promise<ScriptRow> {
  const id = randomUUID();
  await db.transaction(async (trx) => {
    // Not for a company its offboarding has marked (the statement reads the mark); its segments follow it.
    await insertForUnmarkedCompany(trx, 'memorization_scripts', {
      id,
      company_id: companyId,
      title: input.title,
      passing_score: input.passingScore,
      num_levels: input.numLevels,
      user_instructions: input.userInstructions,
      cover_image_url: input.coverImageUrl ?? null,
      ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
    });
    if (input.segments.length > 0) {
      await trx('script_segments').insert(
        input.segments.map((s) => ({ script_id: id, order: s.order, og_text: s.ogText })),
      );
    }
  });
  const row = await getScript(db, companyId, id);
  if (!row) throw new Error('script vanished after insert');
  return row;
}

/** One page of the company's scripts, newest first (ties broken by id), and the total: two indexed queries. */
export async function listScripts(db: Db, companyId: string, page: PageRequest): Promise<Page<ScriptListRow>> {
  return pageWithTotal(
    db('memorization_scripts')
      .where({ company_id: companyId })
      .select(listColumns)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    countOf(db('memorization_scripts').where({ company_id: companyId })),
    page,
  );
}

/** The script with its segments in order; undefined for unknown ids and other companies' ids. */
export async function getScript(db: Db, companyId: string, id: string): Promise<ScriptRow | undefined> {
  const script = (await db('memorization_scripts')
    .where({ company_id: companyId, id })
    .first({ ...listColumns, userInstructions: 'user_instructions' })) as Omit<ScriptRow, 'segments'> | undefined;
  if (!script) return undefined;
  const segments = (await db('script_segments')
    .where({ script_id: id })
    .orderBy('order')
    .select({ order: 'order', ogText: 'og_text' })) as ScriptSegment[];
  return { ...script, segments };
}

import type { Knex } from 'knex';

// A scorecard verdict the LLM could not back with words of the call (supported: false) is reported as
// not passed, without anything the model said about it (its explanation may repeat the words it made
// up). Rows saved before said `passed: true` for such a verdict and kept the model's explanation; this
// rewrites them as the analyzer answers now: passed false, no evidence, the reason as explanation and
// noEvidenceReason. Done once here rather than in every reader, so that the readers stay plain and the
// rule can never be missed by a new one: the recording's result and the analysis kept for the save
// step (recordings.result, recordings.pending_analysis) and the session's responses (session_responses).
// Webhook events already kept (webhook_events) are left as they were sent: a redelivery sends the same
// bytes. Scores are not touched: they never counted these verdicts. Inlined on purpose (README, Conventions).

const REASON = 'Not judged: the words the model quoted for this item do not occur in the call.';
const BATCH = 500;

type Response = Record<string, unknown> & { supported?: unknown };

function notPassed(r: Response): Response {
  if (r.supported !== false) return r;
  const { title, weight, sectionTitle, assessable } = r;
  return {
    title,
    passed: false,
    explanation: REASON,
    weight,
    sectionTitle,
    ...(assessable === false ? { assessable: false } : {}),
    evidence: [],
    noEvidenceReason: REASON,
    supported: false,
  };
}

/** The analysis with its unsupported verdicts rewritten; null when it has none. */
function rewritten(stored: unknown): string | null {
  const text = Buffer.isBuffer(stored) ? stored.toString('utf8') : stored;
  const analysis = (typeof text === 'string' ? JSON.parse(text) : text) as {
    criteriaResponses?: Response[];
    metricResponses?: Response[];
  } | null;
  if (!analysis) return null;
  const all = [...(analysis.criteriaResponses ?? []), ...(analysis.metricResponses ?? [])];
  if (!all.some((r) => r.supported === false)) return null;
  return JSON.stringify({
    ...analysis,
    ...(analysis.criteriaResponses ? { criteriaResponses: analysis.criteriaResponses.map(notPassed) } : {}),
    ...(analysis.metricResponses ? { metricResponses: analysis.metricResponses.map(notPassed) } : {}),
  });
}

/** Every recording whose analysis in `column` has an unsupported verdict, in batches by id. */
async function rewriteRecordings(knex: Knex, column: 'result' | 'pending_analysis'): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await knex('recordings')
      .select('id', column)
      .where('id', '>', after)
      // The key is written only as false; MySQL 8 prints its JSON type with a space after the colon, MariaDB as stored.
      .andWhere(column, 'like', '%"supported"%')
      .orderBy('id')
      .limit(BATCH)) as Array<Record<string, unknown> & { id: string }>;
    if (rows.length === 0) return;
    for (const row of rows) {
      const next = rewritten(row[column]);
      if (next !== null)
        await knex('recordings')
          .where({ id: row.id })
          .update({ [column]: next });
    }
    after = rows[rows.length - 1].id;
  }
}

export async function up(knex: Knex): Promise<void> {
  await rewriteRecordings(knex, 'result');
  await rewriteRecordings(knex, 'pending_analysis');
  await knex('session_responses')
    .where({ supported: false })
    .update({ passed: false, explanation: REASON, evidence: '[]', no_evidence_reason: REASON });
}

// What was rewritten is not restored: the model's explanation is gone, and the code before this
// migration reads a not-passed unsupported verdict as it is.
export async function down(): Promise<void> {}

import type { Knex } from 'knex';

// 20261126030000 once more, for recordings.result only: a result saved before speakerAttribution existed gets it
// from its snippets (a customer snippet means the speakers were told apart, else there was one voice), and its
// scorecard responses saved before evidence existed get an empty one with the reason. That migration ran when
// v2026.11.26 was deployed; this one catches a row an older worker wrote after it, before the code reading the
// old shape goes (common/recordingAnalysis.ts, docs/operations.md "Releases and upgrades"). session_responses
// are left alone: their reading of a response without evidence stays (seeds and fixtures write such rows).
// Inlined on purpose: a migration imports nothing from the project (README, Conventions).

const NO_EVIDENCE_KEPT = 'Judged before evidence was recorded.';
const BATCH = 500;

interface StoredResponse {
  evidence?: unknown;
  noEvidenceReason?: string;
}

interface StoredResult {
  speakerAttribution?: string;
  snippets?: Array<{ isUser?: boolean }>;
  criteriaResponses?: StoredResponse[];
  metricResponses?: StoredResponse[];
}

/** The result in today's shape, or null when it already is. */
function upgraded(result: StoredResult): StoredResult | null {
  let changed = false;
  const next: StoredResult = { ...result };
  if (next.speakerAttribution === undefined) {
    next.speakerAttribution = (next.snippets ?? []).some((s) => s.isUser === false) ? 'diarization' : 'none';
    changed = true;
  }
  for (const key of ['criteriaResponses', 'metricResponses'] as const) {
    const responses = next[key];
    if (!Array.isArray(responses) || responses.every((r) => r.evidence !== undefined)) continue;
    next[key] = responses.map((r) =>
      r.evidence !== undefined ? r : { ...r, evidence: [], noEvidenceReason: NO_EVIDENCE_KEPT },
    );
    changed = true;
  }
  return changed ? next : null;
}

export async function up(knex: Knex): Promise<void> {
  // Batches by id: a large table is never read whole, and each batch is its own short statement.
  for (let after = ''; ;) {
    const rows = (await knex('recordings')
      .whereNotNull('result')
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'result')) as Array<{ id: string; result: string | StoredResult }>;
    for (const row of rows) {
      const result = typeof row.result === 'string' ? (JSON.parse(row.result) as StoredResult) : row.result;
      const next = result && typeof result === 'object' ? upgraded(result) : null;
      if (next)
        await knex('recordings')
          .where({ id: row.id })
          .update({ result: JSON.stringify(next) });
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: what up() adds is what every release since v2026.11.26 writes for a new result anyway.
}

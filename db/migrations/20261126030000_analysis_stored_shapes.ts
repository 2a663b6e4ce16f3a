import type { Knex } from 'knex';

// Analyses stored in older shapes, rewritten in today's: a result (recordings.result) saved before
// speakerAttribution existed gets it from its snippets (a customer snippet means the speakers were told
// apart, else there was one voice), and scorecard responses saved before evidence existed (in a result or
// in session_responses) get an empty one with the reason. common/recordingAnalysis.ts reads both shapes
// until the release after next, which runs this conversion again (rows an old worker wrote during this
// deploy) and then drops the reading of the old shape (docs/operations.md, "Releases and upgrades").
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
  await knex('session_responses')
    .whereNull('evidence')
    .update({ evidence: '[]', no_evidence_reason: NO_EVIDENCE_KEPT });
}

export async function down(): Promise<void> {
  // Nothing to undo: what up() adds is what this release writes for every new result anyway.
}

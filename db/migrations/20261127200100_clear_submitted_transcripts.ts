import type { Knex } from 'knex';

// recordings.submitted_transcript held a submitted transcript as sent, beside its parsed copy in
// recordings.transcript. Nothing has written it since v2026.11.26 and nothing reads it; only retention and
// erasure of v2026.11.27 still clear it. Emptied here, so that this release's retention and erasure no longer
// name the column (they clear `transcript`, the copy that stays) and the release after it can drop it once no
// running process names it (docs/operations.md, "Deploying": contract). v2026.11.27's processes, running
// beside this release during the deploy, only ever write NULL to it.
// In batches along the primary key: each is its own short statement, and no batch scans rows an earlier one
// already passed (the column has no index, so "WHERE submitted_transcript IS NOT NULL LIMIT n" would).

const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  for (let after = ''; ;) {
    const ids = (await knex('recordings').where('id', '>', after).orderBy('id').limit(BATCH).pluck('id')) as string[];
    if (ids.length === 0) break;
    const last = ids[ids.length - 1];
    await knex('recordings')
      .where('id', '>', after)
      .andWhere('id', '<=', last)
      .whereNotNull('submitted_transcript')
      .update({ submitted_transcript: null });
    after = last;
  }
}

export async function down(): Promise<void> {
  // Nothing to give back: the parsed transcript stays in recordings.transcript (until retention or erasure).
}

import type { Knex } from 'knex';

// recordings.submitted_transcript held a submitted transcript as sent, beside its parsed copy in
// recordings.transcript. Nothing has written it since v2026.11.26 and nothing reads it; only retention and
// erasure of v2026.11.27 still clear it. Emptied here, so that this release's retention and erasure no longer
// name the column (they clear `transcript`, the copy that stays) and the release after it can drop it once no
// running process names it (docs/operations.md, "Deploying": contract). v2026.11.27's processes, running
// beside this release during the deploy, only ever write NULL to it.
// In batches: each is its own short statement on a large table.

const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  for (;;) {
    const [result] = (await knex.raw(
      'UPDATE recordings SET submitted_transcript = NULL WHERE submitted_transcript IS NOT NULL LIMIT ?',
      [BATCH],
    )) as [{ affectedRows: number }];
    if (result.affectedRows < BATCH) break;
  }
}

export async function down(): Promise<void> {
  // Nothing to give back: the parsed transcript stays in recordings.transcript (until retention or erasure).
}

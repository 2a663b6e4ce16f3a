import type { ScriptRow } from '../../db/queries/scripts';
import { Script } from '../../api/schemas/scripts';

// A memorization script as the script endpoints answer it (api/routes/scripts.ts, and the company export's
// scripts), with the schema of that answer.
export { Script };

export function toScript(row: ScriptRow): Script {
  return {
    id: row.id,
    title: row.title,
    passingScore: row.passingScore,
    numLevels: row.numLevels,
    createdAt: row.createdAt.toISOString(),
    userInstructions: row.userInstructions,
    segments: row.segments,
    coverImageUrl: row.coverImageUrl,
  };
}

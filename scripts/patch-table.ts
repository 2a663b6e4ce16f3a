import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJson } from '../test/support/histories';
import { needsOldBranch, PATCHES } from './patchLifecycle';

// Prints docs/operations.md's patch table (Markdown) from scripts/patchLifecycle.ts and the committed
// histories under test/histories/<workflowType>/: `npx tsx scripts/patch-table.ts`.

const HISTORIES = path.join(__dirname, '..', 'test', 'histories');

/** Committed histories of the patch's workflow types that hold no marker for it. */
function historiesWithoutMarker(patchIndex: number): string[] {
  const patch = PATCHES[patchIndex];
  const names: string[] = [];
  for (const workflowType of patch.workflowTypes) {
    let files: string[];
    try {
      files = readdirSync(path.join(HISTORIES, workflowType))
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const file of files) {
      const history = historyFromJson(readFileSync(path.join(HISTORIES, workflowType, file), 'utf8'));
      if (needsOldBranch(patch, workflowType, history))
        names.push(`\`${workflowType}/${file.replace(/\.json$/, '')}\``);
    }
  }
  return names;
}

export function patchTable(): string {
  const rows = PATCHES.map((p, i) => {
    const without = historiesWithoutMarker(i);
    return `| \`${p.id}\` | ${p.workflowTypes.join(', ')} | ${p.guards} | ${p.landed} | ${p.state} | ${without.length > 0 ? without.join(', ') : 'none'} |`;
  });
  return (
    [
      '| Patch id | Workflows | What it guards | Landed | State | Committed histories without its marker (may replay the old branch) |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n') + '\n'
  );
}

if (require.main === module) process.stdout.write(patchTable());

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJson } from '../test/support/histories';
import { KEPT_FOR_PREVIOUS_RELEASE, needsOldBranch, PATCHES } from './patchLifecycle';

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
    return `| \`${p.id}\` | ${p.workflowTypes.join(', ')} | ${p.guards} | ${p.landed} | ${p.state} | ${p.deprecateIn} | ${p.removeIn} | ${without.length > 0 ? without.join(', ') : 'none'} |`;
  });
  const kept = KEPT_FOR_PREVIOUS_RELEASE.map((k) => `| ${k.what} | ${k.where} | ${k.removeIn} |`);
  return (
    [
      '| Patch id | Workflows | What it guards | Landed | State | deprecatePatch in | Call removed in | Committed histories that may replay the old branch |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      'Kept for runs or processes of older releases (not patches):',
      '',
      '| What | Where | Removed in |',
      '|---|---|---|',
      ...kept,
    ].join('\n') + '\n'
  );
}

if (require.main === module) process.stdout.write(patchTable());

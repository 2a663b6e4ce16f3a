import { readFileSync } from 'node:fs';
import path from 'node:path';

// The releases listed in RELEASES.md (the one place they are recorded: a clone of main carries no tags).
// Read by scripts/patchLifecycle.ts, the side-by-side deploy test and the schema-compatibility test.

export interface Release {
  /** vYYYY.MM.DD */
  name: string;
  /** The full commit id on main. */
  commit: string;
  date: string;
  /** Whether its processes can run beside the next release's on the next release's migrated database. */
  sideBySide: boolean;
  notes: string;
}

export const RELEASES_FILE = path.join(__dirname, '..', 'RELEASES.md');

/** The table rows of RELEASES.md, oldest first; throws on a row that does not parse. */
export function parseReleases(text: string): Release[] {
  const rows = text.split('\n').filter((line) => /^\|\s*v\d/.test(line));
  return rows.map((line) => {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [name, commit, date, sideBySide, notes] = cells;
    if (
      cells.length !== 5 ||
      !/^v\d{4}\.\d{2}\.\d{2}$/.test(name) ||
      !/^[0-9a-f]{40}$/.test(commit) ||
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      !['yes', 'no'].includes(sideBySide)
    )
      throw new Error(`RELEASES.md: a row that does not read as name | 40-hex commit | date | yes/no | notes: ${line}`);
    return { name, commit, date, sideBySide: sideBySide === 'yes', notes };
  });
}

export function releases(): Release[] {
  return parseReleases(readFileSync(RELEASES_FILE, 'utf8'));
}

/** The last listed release: the one the supported upgrade starts from. */
export function previousRelease(): Release {
  const all = releases();
  const last = all.at(-1);
  if (!last) throw new Error('RELEASES.md lists no release');
  return last;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

// Activity options are declared once, in workflows/activityProfiles.ts: every other workflow module builds its
// proxies from a profile there and spells out no timeout or retry policy of its own.

const WORKFLOWS = path.resolve(__dirname, '..', '..', 'workflows');

describe('activity options', () => {
  it('come only from workflows/activityProfiles.ts', () => {
    const found: string[] = [];
    for (const file of readdirSync(WORKFLOWS).filter((f) => f.endsWith('.ts') && f !== 'activityProfiles.ts')) {
      const source = readFileSync(path.join(WORKFLOWS, file), 'utf8');
      for (const m of source.matchAll(/proxy(?:Local)?Activities(?:<[^>]*>)?\(\s*\{/g)) found.push(`${file}: ${m[0]}`);
      for (const m of source.matchAll(
        /\b(?:startToCloseTimeout|scheduleToCloseTimeout|heartbeatTimeout|maximumAttempts)\s*:/g,
      ))
        found.push(`${file}: ${m[0]}`);
    }
    expect(found, 'declare them in workflows/activityProfiles.ts').to.deep.equal([]);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { needsOldBranch, patchMarkersOf, PATCHES, PREVIOUS_RELEASE } from '../../scripts/patchLifecycle';
import { patchTable } from '../../scripts/patch-table';
import { historyFromJson } from '../support/histories';

// Each patched() id has its lifecycle entry, the documentation shows the table rendered from them, and the
// marker logic replay-check relies on reads the committed histories right.

const ROOT = path.resolve(__dirname, '..', '..');
const history = (name: string) => historyFromJson(readFileSync(path.join(ROOT, 'test', 'histories', name), 'utf8'));

/** The ids the workflows pass to patched()/deprecatePatch(), literal or through a string constant. */
function patchIdsInWorkflows(): string[] {
  const ids = new Set<string>();
  const files = readdirSync(path.join(ROOT, 'workflows')).filter((f) => f.endsWith('.ts'));
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, 'workflows', file), 'utf8')]));
  // A patch id's constant may be declared in a module the caller imports (workflows/recordingIntakeCommon.ts).
  const constants = new Map(
    [...sources.values()].flatMap((source) =>
      [...source.matchAll(/const (\w+) = '([^']+)'/g)].map((m) => [m[1], m[2]] as const),
    ),
  );
  for (const [file, source] of sources) {
    for (const call of source.matchAll(/\b(?:patched|deprecatePatch)\(\s*(?:'([^']+)'|(\w+))\s*\)/g)) {
      const id = call[1] ?? constants.get(call[2]);
      expect(id, `${file}: ${call[0]} names no string constant of the workflows`).to.be.a('string');
      ids.add(id as string);
    }
  }
  return [...ids].sort();
}

describe('patches with a lifecycle', () => {
  it('has an entry for every patched() id the workflows use, and none for an id they no longer use', () => {
    expect(PATCHES.map((p) => p.id).sort()).to.deep.equal(patchIdsInWorkflows());
  });

  it('shows in docs/operations.md the table scripts/patch-table.ts renders', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    expect(doc, 'regenerate it: npx tsx scripts/patch-table.ts').to.contain(patchTable());
  });

  it('deprecates exactly the patches whose entry says so, and keeps patched() for the rest', () => {
    const sources = readdirSync(path.join(ROOT, 'workflows'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(path.join(ROOT, 'workflows', f), 'utf8'))
      .join('\n');
    const constants = new Map([...sources.matchAll(/const (\w+) = '([^']+)'/g)].map((m) => [m[2], m[1]] as const));
    for (const patch of PATCHES) {
      const name = constants.get(patch.id) ?? `'${patch.id}'`;
      const call = (fn: string) => sources.includes(`${fn}(${name})`);
      expect([call('patched'), call('deprecatePatch')], patch.id).to.deep.equal([
        patch.state === 'patched',
        patch.state === 'deprecated',
      ]);
    }
  });

  it('reads patch markers from histories: a run of the previous release has the markers of the patches it passed', () => {
    const patch = (id: string) => {
      const entry = PATCHES.find((p) => p.id === id);
      if (!entry) throw new Error(`patch entry ${id} missing`);
      return entry;
    };
    const previous = history(`recordingIntake/remote-openai.${PREVIOUS_RELEASE}.json`);
    expect([...patchMarkersOf(previous)]).to.include.members(['first-attempt-activity', 'keep-every-event']);
    expect(needsOldBranch(patch('keep-every-event'), 'recordingIntake', previous)).to.equal(false);
    // The same run as code from before the patches would have left it: no marker, so it takes the old branches.
    const older = {
      ...previous,
      events: (previous.events ?? []).filter((e) => e.markerRecordedEventAttributes?.markerName !== 'core_patch'),
    };
    expect(patchMarkersOf(older).size).to.equal(0);
    expect(needsOldBranch(patch('keep-every-event'), 'recordingIntake', older)).to.equal(true);
    // Another workflow type never reaches the call.
    expect(needsOldBranch(patch('keep-every-event'), 'invitation', older)).to.equal(false);
    // A run that ended before the call (no endpoint subscribed: no first attempt) holds no marker either, and
    // counts: from a history alone, how far a run got is not known.
    const unreached = history(`recordingIntake/keep-every-event.${PREVIOUS_RELEASE}.json`);
    expect(needsOldBranch(patch('first-attempt-activity'), 'recordingIntake', unreached)).to.equal(true);
  });

  it('keeps no committed history that would need the deleted old branch of a deprecated patch', () => {
    for (const patch of PATCHES.filter((p) => p.state === 'deprecated'))
      for (const workflowType of patch.workflowTypes) {
        const dir = path.join(ROOT, 'test', 'histories', workflowType);
        // A workflow type without committed histories (companyExport, webhookDelivery, …) has none to check.
        if (!existsSync(dir)) continue;
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')))
          expect(
            needsOldBranch(patch, workflowType, history(`${workflowType}/${file}`)),
            `${workflowType}/${file}`,
          ).to.equal(false);
      }
  });
});

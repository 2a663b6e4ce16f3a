import { readdirSync } from 'node:fs';
import { expect } from 'chai';
import * as registered from '../../workflows';
import { PATCHES, PREVIOUS_RELEASE } from '../../scripts/patchLifecycle';
import { expectedKindHistories, KIND_HISTORIES, kindHistoryDir, type HistoryKind } from '../support/kindHistories';
import { expectRecordedHistoriesReplay } from '../support/replayHistories';

// The supported upgrade finishes, on the new code, every run the previous release left in flight
// (docs/operations.md, "Releases and upgrades"): so every workflow kind the worker registers has committed
// histories of the previous release's runs, replayed here or by its own replay test.

/**
 * Kinds no run of which can be open during a deploy, and why. Each must still be registered (a kind that is
 * gone leaves this list with it).
 */
const NOT_IN_FLIGHT: Record<string, string> = {
  connectivityCheck:
    'No code of the service starts it (only tests, or an operator by hand with `temporal workflow execute`), and a run is one database probe that ends within seconds of its start: drain the deploy of it by waiting for it.',
};

/** The workflow kinds the worker registers: the functions the workflow bundle's index exports. */
const registeredKinds = (): string[] =>
  Object.entries(registered)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name)
    .sort();

describe('workflow kinds: every one the previous release can leave in flight replays', function () {
  this.timeout(120_000);

  it('has committed histories of the previous release for every registered kind, except those listed with a reason', () => {
    const missing = registeredKinds().filter((kind) => {
      if (kind in NOT_IN_FLIGHT) return false;
      const files = (() => {
        try {
          return readdirSync(kindHistoryDir(kind));
        } catch {
          return [];
        }
      })();
      return !files.some((f) => f.endsWith(`.${PREVIOUS_RELEASE}.json`));
    });
    expect(
      missing,
      `no test/histories/<kind>/*.${PREVIOUS_RELEASE}.json: record them from that release's tree (docs/architecture.md, "Workflow histories")`,
    ).to.deep.equal([]);
    expect(
      Object.keys(NOT_IN_FLIGHT).filter((kind) => !registeredKinds().includes(kind)),
      'kinds listed as never in flight that the worker no longer registers',
    ).to.deep.equal([]);
  });

  it("names every registered kind in the tracing interceptors' patch entry (they are bundled with every workflow)", () => {
    const tracing = PATCHES.find((p) => p.id === 'otel-tracing');
    expect(tracing?.workflowTypes.slice().sort()).to.deep.equal(registeredKinds());
  });

  for (const kind of Object.keys(KIND_HISTORIES) as HistoryKind[])
    it(`replays every history under test/histories/${kind} without a nondeterminism error`, async () => {
      await expectRecordedHistoriesReplay(kindHistoryDir(kind), expectedKindHistories(kind));
    });
});

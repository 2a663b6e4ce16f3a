import { expect } from 'chai';
import { loadConfig } from '../../common/config';
import { parseCgroupLimit } from '../../worker/memoryLimit';
import { deriveSizing, describeTuning, WORKER_MEMORY_MODEL, workerTuning } from '../../worker/tuning';

// The worker's cache and task slots sized to its memory (worker/tuning.ts): what a limit gives, that
// the model's peak stays inside it, that explicit settings win, and how a cgroup limit is read.

const GiB = 1024;
const modelledPeak = (cache: number): number =>
  WORKER_MEMORY_MODEL.baseMiB + cache * WORKER_MEMORY_MODEL.perCachedWorkflowMiB;

describe('worker sizing from its memory', () => {
  it('gives a worker with more memory a larger cache and more slots, the peak modelled within the limit', () => {
    let previous = deriveSizing({ mib: 400, source: 'WORKER_MEMORY_LIMIT_MB' }, 0);
    for (const mib of [512, 1 * GiB, 2 * GiB, 4 * GiB]) {
      const s = deriveSizing({ mib, source: 'WORKER_MEMORY_LIMIT_MB' }, 0);
      expect(s.maxCachedWorkflows, `${mib} MiB`).to.be.greaterThan(previous.maxCachedWorkflows);
      expect(s.maxConcurrentActivities).to.be.at.least(previous.maxConcurrentActivities);
      expect(s.maxConcurrentWorkflowTasks).to.be.at.least(previous.maxConcurrentWorkflowTasks);
      // The modelled peak fills 85 % of the limit (the rest is for ffmpeg children and the page cache): one more cached workflow would not fit.
      expect(modelledPeak(s.maxCachedWorkflows), `${mib} MiB`).to.be.at.most(mib * 0.85);
      expect(modelledPeak(s.maxCachedWorkflows + 1), `${mib} MiB`).to.be.greaterThan(mib * 0.85);
      previous = s;
    }
  });

  it('keeps the slots in proportion: 32 activities and 10 workflow tasks for 100 cached workflows, never more task slots than cached workflows', () => {
    const at = (mib: number) => deriveSizing({ mib, source: 'cgroup' }, 0);
    const hundred = [...Array(4000).keys()]
      .map((mib) => at(mib + 300))
      .find((s) => s.maxCachedWorkflows >= 100 && s.maxCachedWorkflows <= 101);
    expect(hundred, 'some limit gives a 100-workflow cache').to.not.equal(undefined);
    expect(hundred).to.include({ maxConcurrentActivities: 32, maxConcurrentWorkflowTasks: 10 });
    for (const mib of [64, 300, 400, 64 * GiB]) {
      const s = at(mib);
      expect(s.maxConcurrentWorkflowTasks).to.be.at.most(s.maxCachedWorkflows);
      expect(s.maxConcurrentWorkflowTasks).to.be.at.least(2);
    }
  });

  it('takes a quarter of an unlimited machine, and never more cached workflows than half the V8 heap limit holds', () => {
    const own = deriveSizing({ mib: 1 * GiB, source: 'cgroup' }, 0);
    const shared = deriveSizing({ mib: 4 * GiB, source: 'machine' }, 0);
    expect(modelledPeak(shared.maxCachedWorkflows)).to.be.at.most(4 * GiB * 0.25);
    expect(modelledPeak(shared.maxCachedWorkflows + 1)).to.be.greaterThan(4 * GiB * 0.25);
    expect(shared.maxCachedWorkflows).to.be.greaterThan(own.maxCachedWorkflows);
    const capped = deriveSizing({ mib: 64 * GiB, source: 'WORKER_MEMORY_LIMIT_MB' }, 384);
    expect(capped.maxCachedWorkflows * WORKER_MEMORY_MODEL.perCachedWorkflowMiB).to.be.at.most(384 / 2);
    expect(deriveSizing({ mib: 64 * GiB, source: 'WORKER_MEMORY_LIMIT_MB' }, 0).maxCachedWorkflows).to.be.greaterThan(
      capped.maxCachedWorkflows,
    );
  });

  it('falls back to the smallest working sizing when the limit is below what the worker needs idle', () => {
    expect(deriveSizing({ mib: 100, source: 'WORKER_MEMORY_LIMIT_MB' }, 384)).to.deep.equal({
      maxCachedWorkflows: 10,
      maxConcurrentActivities: 10,
      maxConcurrentWorkflowTasks: 3,
    });
  });

  it('lets each setting that is set win, derives the others, and says which and from what', () => {
    const config = loadConfig({ WORKER_MEMORY_LIMIT_MB: '1024', WORKER_MAX_CACHED_WORKFLOWS: '250' });
    const derived = deriveSizing({ mib: 1024, source: 'WORKER_MEMORY_LIMIT_MB' }, config.WORKER_MAX_OLD_SPACE_MB);
    const t = workerTuning(config);
    expect(t.maxCachedWorkflows).to.equal(250);
    expect(t.maxConcurrentActivityTaskExecutions).to.equal(derived.maxConcurrentActivities);
    expect(t.maxConcurrentWorkflowTaskExecutions).to.equal(derived.maxConcurrentWorkflowTasks);
    expect(describeTuning(config)).to.include({
      maxCachedWorkflows: 250,
      memoryLimitMiB: 1024,
      memoryLimitFrom: 'WORKER_MEMORY_LIMIT_MB',
      derivedFromMemory: 'maxConcurrentActivities,maxConcurrentWorkflowTasks',
    });
    const all = loadConfig({
      WORKER_MEMORY_LIMIT_MB: '1024',
      WORKER_MAX_CACHED_WORKFLOWS: '250',
      WORKER_MAX_CONCURRENT_ACTIVITIES: '7',
      WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: '3',
    });
    expect(describeTuning(all)).to.include({
      maxCachedWorkflows: 250,
      maxConcurrentActivityTaskExecutions: 7,
      maxConcurrentWorkflowTaskExecutions: 3,
      derivedFromMemory: 'none',
    });
  });

  it('refuses a cache or workflow task slots of 1 (0 derives them)', () => {
    expect(() => loadConfig({ WORKER_MAX_CACHED_WORKFLOWS: '1' })).to.throw(/WORKER_MAX_CACHED_WORKFLOWS=1: must be 0/);
    expect(() => loadConfig({ WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: '1' })).to.throw(
      /WORKER_MAX_CONCURRENT_WORKFLOW_TASKS=1/,
    );
  });

  it("reads a cgroup limit, and no limit from `max` or v1's huge number", () => {
    const machine = 24 * 2 ** 30;
    expect(parseCgroupLimit('536870912\n', machine)).to.equal(512);
    expect(parseCgroupLimit('max\n', machine)).to.equal(undefined);
    expect(parseCgroupLimit('9223372036854771712\n', machine)).to.equal(undefined);
    expect(parseCgroupLimit(`${machine}\n`, machine)).to.equal(undefined);
  });
});

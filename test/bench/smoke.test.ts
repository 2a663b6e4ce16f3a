import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { dropDatabase } from '../../db/connection';
import type { CostResults } from '../../bench/cost';
import type { BenchResults } from '../../bench/report';
import type { TextResults } from '../../bench/text';
import { testEnv } from '../support/env';

// `npm run bench -- --smoke` end to end with tiny counts: every figure of the report is produced and
// positive. Whether the figures meet the speed targets is for full runs (BENCHMARKS.md), not a test.

const run = promisify(execFile);
const root = path.join(__dirname, '..', '..');

function expectPositive(value: unknown, what: string): void {
  expect(value, what).to.be.a('number');
  expect(Number.isFinite(value) && (value as number) > 0, `${what} = ${String(value)}`).to.equal(true);
}

function expectFigures(f: { rps: number; p50: number; p99: number }, what: string): void {
  expectPositive(f.rps, `${what} rps`);
  expectPositive(f.p50, `${what} p50`);
  expectPositive(f.p99, `${what} p99`);
  expect(f.p99, `${what} p99 >= p50`).to.be.at.least(f.p50);
}

describe('benchmark smoke run', function () {
  // The end-to-end part sends real speech through the media step (ffmpeg), minutes on a busy 2-core machine.
  this.timeout(420_000);
  let out: string;
  let databaseUrl: string;
  let stdout: string;
  let results: BenchResults;

  before(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-smoke-'));
    const url = new URL(testEnv().config.DATABASE_URL);
    url.pathname = `/sp_bench_smoke_${process.pid}_${randomBytes(3).toString('hex')}`;
    databaseUrl = url.toString();
    const args = [
      '--import',
      'tsx',
      'bench/run.ts',
      '--smoke',
      '--database-url',
      databaseUrl,
      '--temporal-address',
      testEnv().temporal.address,
      '--out',
      out,
    ];
    ({ stdout } = await run(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }));
    const files = (await readdir(out)).filter((f) => f.endsWith('.json'));
    expect(files).to.have.length(1);
    results = JSON.parse(await readFile(path.join(out, files[0]), 'utf8')) as BenchResults;
  });

  after(async () => {
    await rm(out, { recursive: true, force: true });
    await dropDatabase(databaseUrl);
  });

  it('seeds the smoke data set and describes the machine', () => {
    expect(results.mode).to.equal('smoke');
    expect(results.settings.counts).to.deep.equal({
      users: 200,
      roleplays: 10,
      sessions: 500,
      heavyUserSessions: 460,
      scripts: 20,
    });
    expectPositive(results.machine.nproc, 'nproc');
    expectPositive(results.machine.memoryGiB, 'memory');
    expect(results.machine.mariadb).to.match(/\d+\.\d+/);
    expect(new Date(results.date).toString()).to.not.equal('Invalid Date');
  });

  it('measures every read endpoint against the baseline', () => {
    expect(results.reads.map((r) => r.endpoint)).to.deep.equal([
      'GET /api/user?limit=100',
      'GET /api/roleplay/session?limit=100',
      'GET /api/roleplay/session?offset=400&limit=100',
      'GET /api/roleplay/session?offset=250&limit=100',
      'GET /api/roleplay/session?userId&limit=100',
      'GET /api/roleplay/session?userId&offset=400&limit=100',
      'GET /api/roleplay/session/{id}',
      'GET /api/roleplay',
      'GET /api/roleplay/{id}',
      'GET /api/user/{id}',
    ]);
    for (const r of results.reads) {
      expectFigures(r.service, `${r.endpoint} service`);
      expectFigures(r.baseline, `${r.endpoint} baseline`);
      expect(r.ratio).to.be.closeTo(r.service.rps / r.baseline.rps, 1e-9);
    }
  });

  it('reports the deep-page growth with and without the user filter, and in the middle of the list', () => {
    expect(results.deepPages.map((d) => [d.filter, d.offset])).to.deep.equal([
      ['none', 400],
      ['none', 250],
      ['userId', 400],
    ]);
    for (const d of results.deepPages) {
      for (const key of ['p99Offset0', 'p99Deep', 'growth', 'baselineGrowth'] as const)
        expectPositive(d[key], `${d.filter} ${key}`);
      expect(d.growth).to.be.closeTo(d.p99Deep / d.p99Offset0, 1e-9);
    }
  });

  it("loads every read endpoint open-loop at half the baseline's rate, both sides at the same rate", () => {
    expect(results.fixedRate.map((r) => r.endpoint)).to.deep.equal(results.reads.map((r) => r.endpoint));
    expect(results.fixedRate.filter((r) => r.singleRow).map((r) => r.endpoint)).to.deep.equal([
      'GET /api/roleplay/session/{id}',
      'GET /api/roleplay/{id}',
      'GET /api/user/{id}',
    ]);
    for (const [i, r] of results.fixedRate.entries()) {
      expect(r.service.rate).to.equal(r.baseline.rate);
      expect(r.service.rate).to.equal(Math.max(1, Math.round(results.reads[i].baseline.rps / 2)));
      for (const side of [r.service, r.baseline]) {
        expectPositive(side.answered, `${r.endpoint} answered`);
        expectPositive(side.p50, `${r.endpoint} p50`);
        expect(side.p99).to.be.at.least(side.p50);
      }
      expect(r.p99Ratio).to.be.closeTo(r.service.p99 / r.baseline.p99, 1e-9);
    }
  });

  it('compares recording intake with bare Temporal starts in three full runs, and times the key lookup and the INSERT alone', () => {
    expect(results.intake.runs).to.have.length(3);
    for (const run of results.intake.runs) {
      expectFigures(run.service, 'intake service');
      expectFigures(run.baseline, 'intake baseline');
      expect(run.ratio).to.be.closeTo(run.service.rps / run.baseline.rps, 1e-9);
    }
    expect(results.intake.minRatio).to.equal(Math.min(...results.intake.runs.map((r) => r.ratio)));
    for (const part of [results.intake.parts.keyLookup, results.intake.parts.insert]) {
      expectPositive(part.perSecond, 'part per second');
      expectPositive(part.p50, 'part p50');
    }
  });

  it('pushes every recording through the worker to a verified webhook, and the same number through the bare shape', () => {
    expect(results.endToEnd.recordings).to.equal(10);
    expect(results.endToEnd.failed).to.equal(0);
    expectPositive(results.endToEnd.completedPerSecond, 'completed per second');
    expectPositive(results.endToEnd.p50, 'end-to-end p50');
    expectPositive(results.endToEnd.p99, 'end-to-end p99');
    expect(results.shape.recordings).to.equal(10);
    expectPositive(results.shape.completedPerSecond, 'bare shape completed per second');
    expect(results.shape.ratio).to.be.closeTo(
      results.endToEnd.completedPerSecond / results.shape.completedPerSecond,
      1e-9,
    );
  });

  it("gives the bare shape the real history's activities and status upserts (it runs the same workflow code)", () => {
    for (const kind of ['stored', 'byUrl'] as const) {
      const real = results.shape.real[kind];
      const bare = results.shape.bare[kind];
      expect(bare.activities, kind).to.deep.equal(real.activities);
      // The number of workflow tasks (three events each) depends on timing: activities that finish close
      // together are answered in one task. Everything else is the same event for event.
      expect(bare.events, `${kind} events`).to.be.within(real.events - 12, real.events + 12);
    }
    expect(results.shape.real.stored.activities.storeRecording).to.equal(1);
    expect(results.shape.real.byUrl.activities.storeRecording).to.equal(undefined);
  });

  it('counts what a recording costs in the real pipeline and in the bare shape: CPU by process, workflow tasks, cache evictions', () => {
    for (const run of ['real', 'shape'] as const) {
      const c = results.cost[run];
      const cpu = c.cpuPerRecording;
      // Every process class of the real pipeline works for a recording; a bare shape needs no API or database.
      for (const p of run === 'real' ? ['api', 'worker', 'temporal', 'mariadb'] : ['worker', 'temporal'])
        expectPositive(cpu[p], `${run} CPU per recording, ${p}`);
      for (const p of ['api', 'mariadb']) expect(cpu[p], `${run} ${p}`).to.be.at.least(0);
      expect(cpu.total).to.be.closeTo(cpu.api + cpu.worker + cpu.temporal + cpu.mariadb, 1e-9);
      expectPositive(c.loadGeneratorCpuPerRecording, `${run} load generator CPU`);
      // Ten recordings, five of each kind: every one's history is read.
      expect(c.workflowTasks.sampled, run).to.equal(10);
      expectPositive(c.workflowTasks.mean.completed, `${run} workflow tasks per recording`);
      expect(c.workflowTasks.mean.scheduled, run).to.be.at.least(c.workflowTasks.mean.completed);
      expect(c.workflowTasks.mean.events, run).to.be.greaterThan(c.workflowTasks.mean.scheduled * 3);
      // The recording and its delivery child: at least one task each.
      expect(c.workflowTasks.byUrl.completed, run).to.be.at.least(2);
      for (const k of ['hits', 'misses', 'forcedEvictions'] as const) {
        expect(c.cache[k], `${run} cache ${k}`).to.be.a('number');
        expect(c.cache[k], `${run} cache ${k}`).to.be.at.least(0);
      }
      expectPositive(c.cache.hits, `${run} cache hits`);
    }
    expect(results.cost.ratios.realOverShapeThroughput).to.equal(results.shape.ratio);
  });

  it('runs two API processes and two workers against one of each', () => {
    expect(results.twoOfEach.reads.map((r) => r.endpoint)).to.deep.equal([
      'GET /api/roleplay/session/{id}',
      'GET /api/user?limit=100',
    ]);
    for (const s of [...results.twoOfEach.reads, results.twoOfEach.intake]) {
      expectFigures(s.one, 'one');
      expectFigures(s.two, 'two');
      expect(s.scale).to.be.closeTo(s.two.rps / s.one.rps, 1e-9);
    }
    expectPositive(results.twoOfEach.endToEnd.two, 'two workers completed per second');
    expect(results.twoOfEach.workerPeakRssMiB).to.have.length(2);
  });

  it('includes the media step against the same ffmpeg commands run bare', () => {
    expect(results.media.minutes).to.equal(1);
    expectPositive(results.media.mediaStepSeconds, 'media step seconds');
    expectPositive(results.media.bareSeconds, 'bare seconds');
    expectPositive(results.media.ffmpegCommands, 'ffmpeg commands');
  });

  it('reports peak memory with the worker settings, and judges every target', () => {
    expectPositive(results.memory.apiPeakRssMiB, 'API peak RSS');
    expectPositive(results.memory.workerPeakRssMiB, 'worker peak RSS');
    expectPositive(results.memory.shapeWorkerPeakRssMiB, 'bare-shape worker peak RSS');
    expectPositive(results.memory.baselinePeakRssMiB, 'baseline peak RSS');
    expect(Object.keys(results.workerSettings)).to.include.members([
      'maxCachedWorkflows',
      'maxConcurrentActivityTaskExecutions',
      'maxConcurrentWorkflowTaskExecutions',
      'maxOldSpaceMiB',
      'memoryLimitMiB',
      'memoryLimitFrom',
    ]);
    // Per read endpoint: throughput and p99 ratio (plus p99 for the three single-row reads); three deep
    // pages; intake, end to end against the bare shape, worker memory, API memory, and the media step's two.
    expect(results.targets).to.have.length(results.reads.length * 2 + 3 + 3 + 6);
    for (const t of results.targets) {
      expectPositive(t.value, t.target);
      const [, op, bound] = /^(>=|<=|<) ([\d.]+)$/.exec(t.limit) ?? [];
      const expected =
        op === '>=' ? t.value >= Number(bound) : op === '<=' ? t.value <= Number(bound) : t.value < Number(bound);
      expect(t.met, `${t.target}: ${t.value} ${t.limit}`).to.equal(expected);
    }
  });

  it('prints the table it wrote', () => {
    for (const r of results.reads) expect(stdout).to.include(r.endpoint);
    expect(stdout).to.include('bare start per s');
    expect(stdout).to.include('End to end: 10 recordings');
    expect(stdout).to.include('real pipeline (0 failed)');
    expect(stdout).to.include('bare workflow, same shape');
    expect(stdout).to.include('Cost per recording, same 10 recordings');
    expect(stdout).to.include('bare shape');
    expect(stdout).to.include('Two of each');
    expect(stdout).to.include('Media step, 1-minute call');
    expect(stdout).to.include('Worker settings: maxCachedWorkflows=');
    expect(stdout).to.include('Peak RSS: API');
  });
});

describe('cost part smoke run', function () {
  // Its own MariaDB and Temporal dev server, the build, a transcript and a 2-minute call: about a minute.
  this.timeout(300_000);
  let out: string;
  let stdout: string;
  let results: CostResults;

  before(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-cost-smoke-'));
    ({ stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'cost', '--smoke', '--out', out], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }));
    const files = (await readdir(out)).filter((f) => f.endsWith('.json'));
    expect(files).to.have.length(1);
    results = JSON.parse(await readFile(path.join(out, files[0]), 'utf8')) as CostResults;
  });

  after(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it("counts each scenario's workflow, actions two ways, statements and CPU, on servers of its own", () => {
    expect(results.ownDatabase).to.equal(true);
    expect(results.scenarios.map((s) => [s.name, s.audioMinutes, s.recordings])).to.deep.equal([
      ['transcript (WebVTT, 2 min)', 0, 1],
      ['2-minute call', 2, 1],
    ]);
    for (const s of results.scenarios) {
      for (const [what, value] of Object.entries({
        workflowTasks: s.workflowTasks,
        payloadBytes: s.payloadBytes,
        mysqlStatements: s.mysqlStatements,
        worker: s.cpu.worker,
      }))
        expectPositive(value, `${s.name} ${what}`);
      expect(s.events, s.name).to.be.greaterThan(s.workflowTasks * 3);
      // One start, at least one activity; the server's counter also sees heartbeats and free upserts.
      expect(s.historyActions.workflowStarted, s.name).to.equal(1);
      expect(s.historyActions.activityAttempts, s.name).to.be.at.least(1);
      expect(s.serverActions?.total, s.name).to.be.at.least(s.historyActions.total);
    }
    expect(results.scenarios[1].storedBytes).to.be.greaterThan(0);
    expect(results.scenarios[0].storedBytes).to.equal(0);
  });

  it('prints the figures, the prices with their sources, and the dollars', () => {
    expect(stdout).to.include('Actions per recording by rule');
    expect(stdout).to.include('https://docs.temporal.io/cloud/pricing');
    expect(stdout).to.include('10,000 calls a month');
  });
});

describe('text part smoke run', function () {
  // One process for CPU and one for memory per path, at 1 KB and 100 KB of talk: one to two minutes.
  this.timeout(300_000);
  let out: string;
  let stdout: string;
  let results: TextResults;

  before(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-text-smoke-'));
    ({ stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'text', '--smoke', '--out', out], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }));
    const files = (await readdir(out)).filter((f) => f.endsWith('.json'));
    expect(files).to.have.length(1);
    results = JSON.parse(await readFile(path.join(out, files[0]), 'utf8')) as TextResults;
  });

  after(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('measures every text path at each size: CPU, peak heap and their growth', () => {
    expect(results.smoke).to.equal(true);
    expect(results.rows.map((r) => r.path)).to.deep.equal([
      'json',
      'request',
      'webvtt',
      'redaction',
      'analysis',
      'openai',
      'deepgram',
      'assemblyai',
      'export',
    ]);
    for (const r of results.rows) {
      expect(r.sizes, r.path).to.have.length(2);
      // Each input is near its size: talk's shortest answer (Deepgram's, every word timed twice) is one line.
      expect(r.sizes[1].bytes, r.path).to.be.greaterThan(r.sizes[0].bytes);
      for (const s of r.sizes) expectPositive(s.cpuMs, `${r.path} ${s.bytes} B cpu`);
      expectPositive(r.cpuPer10x[0].per10x, `${r.path} growth`);
    }
    // The paths that build a structure from their text hold some of it at once.
    for (const r of results.rows.filter((x) => ['webvtt', 'redaction', 'analysis'].includes(x.path)))
      expectPositive(r.sizes[1].peakHeapBytes, `${r.path} peak heap`);
  });

  it('prints the table it wrote', () => {
    expect(stdout).to.include('CPU ms per MB');
    expect(stdout).to.include('heap ×/10×');
  });
});

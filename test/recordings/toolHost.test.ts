import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { MediaToolError, runTool } from '../../activities/media/ffmpeg';
import { stopToolHost, toolHostPid } from '../../activities/media/toolHostClient';
import { encodedCall } from '../support/mediaFiles';
import { childrenOf, cmdline, eventually, isRunning, rssMiB } from '../support/procTree';

// ffmpeg and ffprobe start from the worker's small tool host process, not from the worker: the callers
// see what a direct spawn gave them (output, errors, cancellation), the host is small, and neither a
// dead host nor a dead worker leaves an ffmpeg running.

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
/** A minute of silence in real time: an ffmpeg that is still running when the test acts on it. */
// Ten minutes in real time (-re): longer than any test here may take, so only an abort or a kill ends it in one.
const LONG_RUN = ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '600', '-f', 'null', '-'];

function hostPid(): number {
  const pid = toolHostPid();
  if (pid === undefined) throw new Error('no tool host is running');
  return pid;
}

const ffmpegsOf = (pid: number): number[] =>
  childrenOf(pid)
    .filter((p) => p.comm === 'ffmpeg')
    .map((p) => p.pid);

/** Starts LONG_RUN and waits until the host has it running; returns its promise (settled state kept) and the ffmpeg's pid. */
async function startLongRun(signal?: AbortSignal): Promise<{ outcome: Promise<unknown>; ffmpeg: number }> {
  const before = toolHostPid() === undefined ? [] : ffmpegsOf(hostPid());
  const outcome = runTool('ffmpeg', LONG_RUN, signal).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  let ffmpeg: number | undefined;
  const started = await eventually(() => {
    ffmpeg = toolHostPid() === undefined ? undefined : ffmpegsOf(hostPid()).find((p) => !before.includes(p));
    return ffmpeg !== undefined;
  }, 20_000);
  if (!started || ffmpeg === undefined) throw new Error('the long ffmpeg run never appeared under the tool host');
  return { outcome, ffmpeg };
}

describe('recordings: ffmpeg and ffprobe start from the tool host', function () {
  this.timeout(60_000);
  let dir: string;
  let call: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-tool-host-'));
    call = path.join(dir, 'call.m4a');
    fs.writeFileSync(call, encodedCall('m4a'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives what a direct spawn gives: ffprobe JSON on stdout, ffmpeg measurements on stderr', async () => {
    const probe = ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', call];
    const hosted = await runTool('ffprobe', probe);
    const direct = spawnSync('ffprobe', probe, { encoding: 'utf8' });
    expect(hosted.stdout).to.equal(direct.stdout);
    expect(hosted.stderr).to.equal(direct.stderr);
    expect((JSON.parse(hosted.stdout) as { streams: Array<{ codec_name: string }> }).streams[0].codec_name).to.equal(
      'aac',
    );

    const measure = ['-hide_banner', '-nostdin', '-nostats', '-i', call, '-af', 'volumedetect', '-f', 'null', '-'];
    const measured = await runTool('ffmpeg', measure);
    expect(measured.stderr).to.match(/max_volume: -?[\d.]+ dB/);
    // The filter's lines name its address in memory, which differs from run to run.
    const measures = (stderr: string): string[] =>
      stderr
        .split('\n')
        .filter((l) => l.includes('volumedetect'))
        .map((l) => l.replace(/ @ 0x[0-9a-f]+/, ''));
    expect(measures(measured.stderr)).to.have.length.above(3);
    expect(measures(measured.stderr)).to.deep.equal(
      measures(spawnSync('ffmpeg', measure, { encoding: 'utf8' }).stderr),
    );
  });

  it('rejects a non-zero exit with MediaToolError carrying stderr, and a failed spawn with the spawn error', async () => {
    const missing = path.join(dir, 'missing.mp3');
    const err = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-i', missing, '-f', 'null', '-']).then(
      () => expect.fail('ffmpeg succeeded on a missing file'),
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(MediaToolError);
    expect((err as MediaToolError).message).to.equal(`ffmpeg exited with 1: ${missing}: No such file or directory`);
    expect((err as MediaToolError).stderr).to.contain('No such file or directory');

    // A host started with no ffprobe on its PATH: the same error `spawn` raises in the caller.
    await stopToolHost();
    const pathBefore = process.env.PATH;
    process.env.PATH = dir;
    try {
      const failed = await runTool('ffprobe', ['-version']).then(
        () => expect.fail('ffprobe ran without a PATH'),
        (e: unknown) => e as NodeJS.ErrnoException,
      );
      expect(failed.message).to.equal('spawn ffprobe ENOENT');
      expect(failed.code).to.equal('ENOENT');
      expect(failed).to.not.be.instanceOf(MediaToolError);
    } finally {
      process.env.PATH = pathBefore;
      await stopToolHost();
    }
  });

  it('kills the running ffmpeg when the signal aborts, and rejects once it is gone', async () => {
    const abort = new AbortController();
    const { outcome, ffmpeg } = await startLongRun(abort.signal);
    abort.abort(new Error('activity cancelled'));
    // The run would take ten minutes: settling at all within the test's timeout is the abort's doing.
    const { error } = (await outcome) as { error?: Error & { code?: string } };
    expect(error?.name).to.equal('AbortError');
    expect(error?.code).to.equal('ABORT_ERR');
    expect((error?.cause as Error).message).to.equal('activity cancelled');
    // Scratch cleanup runs right after the rejection: the ffmpeg must already be gone then.
    expect(isRunning(ffmpeg), `ffmpeg ${ffmpeg} still runs`).to.be.false;
    expect(ffmpegsOf(hostPid())).to.deep.equal([]);

    const already = new AbortController();
    already.abort();
    const early = await runTool('ffprobe', ['-version'], already.signal).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(early?.name).to.equal('AbortError');
  });

  it('rejects the runs of a host that dies, kills their ffmpeg, and starts a new host for the next run', async () => {
    await runTool('ffprobe', ['-version']);
    const first = hostPid();
    const { outcome, ffmpeg } = await startLongRun();
    process.kill(first, 'SIGKILL');
    const { error } = (await outcome) as { error?: Error };
    expect(error).to.be.instanceOf(Error);
    expect(error).to.not.be.instanceOf(MediaToolError); // a retryable failure, not "the file cannot be decoded"
    expect(error?.message).to.match(
      new RegExp(`^the media tool host \\(pid ${first}\\) exited \\(SIGKILL\\) while ffmpeg was running`),
    );
    expect(await eventually(() => !isRunning(ffmpeg), 20_000), `the orphaned ffmpeg ${ffmpeg} still runs`).to.be.true;

    const next = await runTool('ffprobe', ['-version']);
    expect(next.stdout).to.match(/^ffprobe version/);
    expect(hostPid()).to.not.equal(first);
  });

  it('is one small process beside the worker, which starts the runs of many callers at once', async () => {
    const outputs = await Promise.all(Array.from({ length: 6 }, () => runTool('ffprobe', ['-version'])));
    expect(new Set(outputs.map((o) => o.stdout)).size).to.equal(1);
    const pid = hostPid();
    expect(pid).to.not.equal(process.pid);
    expect(childrenOf(process.pid).map((p) => p.pid)).to.include(pid);
    expect(cmdline(pid)).to.match(/activities\/media\/toolHost\.ts$/);
    // Under tsx (~55 MiB; the compiled host ~45 MiB, test/foundation/compiledService.test.ts) against the worker's ~300 MiB.
    expect(rssMiB(pid)).to.be.below(80);
    expect(rssMiB(pid)).to.be.below(rssMiB(process.pid) / 2);
  });

  it('does not keep an idle worker alive, and exits with it', async () => {
    const script = path.join(ROOT, 'test', 'support', 'toolHostUser.ts');
    // A process that only ran one ffprobe ends on its own, and its host with it.
    const { stdout } = await run(process.execPath, ['--require', 'tsx/cjs', script], { cwd: ROOT, timeout: 30_000 });
    const { host } = JSON.parse(stdout) as { host: number };
    expect(await eventually(() => !isRunning(host), 20_000), `tool host ${host} outlived its worker`).to.be.true;

    // A worker killed mid-run: its host and the host's ffmpeg go too.
    const worker = spawn(process.execPath, ['--require', 'tsx/cjs', script, 'long'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      worker.stdout.setEncoding('utf8').once('data', (d: string) => resolve(d));
      worker.once('exit', (code) => reject(new Error(`the stand-in worker exited (${code}) before its first run`)));
    });
    const killedHost = (JSON.parse(line) as { host: number }).host;
    expect(await eventually(() => ffmpegsOf(killedHost).length === 1, 20_000), 'the long run started').to.be.true;
    const [orphan] = ffmpegsOf(killedHost);
    worker.kill('SIGKILL');
    expect(
      await eventually(() => !isRunning(killedHost) && !isRunning(orphan), 20_000),
      'the host and its ffmpeg exited with the worker',
    ).to.be.true;
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { MediaToolError, runTool } from '../../activities/media/ffmpeg';
import { encodedCall } from '../support/mediaFiles';
import { childrenOf, eventually, isRunning } from '../support/procTree';

// ffmpeg and ffprobe as the worker's children (activities/media/ffmpeg.ts): their output and errors as
// they gave them, and an aborted activity leaves no ffmpeg running.

// Ten minutes in real time (-re): longer than any test here may take, so only an abort ends it in one.
const LONG_RUN = ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '600', '-f', 'null', '-'];

const ffmpegs = (): number[] =>
  childrenOf(process.pid)
    .filter((p) => p.comm === 'ffmpeg')
    .map((p) => p.pid);

/** Starts LONG_RUN and waits until it is running; returns its promise (settled state kept) and the ffmpeg's pid. */
async function startLongRun(signal?: AbortSignal): Promise<{ outcome: Promise<unknown>; ffmpeg: number }> {
  const before = ffmpegs();
  const outcome = runTool('ffmpeg', LONG_RUN, signal).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  let ffmpeg: number | undefined;
  const started = await eventually(() => {
    ffmpeg = ffmpegs().find((p) => !before.includes(p));
    return ffmpeg !== undefined;
  }, 20_000);
  if (!started || ffmpeg === undefined) throw new Error('the long ffmpeg run never appeared');
  return { outcome, ffmpeg };
}

describe('recordings: running ffmpeg and ffprobe', function () {
  this.timeout(60_000);
  let dir: string;
  let call: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-media-tools-'));
    call = path.join(dir, 'call.m4a');
    fs.writeFileSync(call, encodedCall('m4a'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives what the tools print: ffprobe JSON on stdout, ffmpeg measurements on stderr', async () => {
    const probe = ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', call];
    const ran = await runTool('ffprobe', probe);
    const direct = spawnSync('ffprobe', probe, { encoding: 'utf8' });
    expect(ran.stdout).to.equal(direct.stdout);
    expect(ran.stderr).to.equal(direct.stderr);
    expect((JSON.parse(ran.stdout) as { streams: Array<{ codec_name: string }> }).streams[0].codec_name).to.equal(
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

    // No ffprobe on the PATH: the error `spawn` raises.
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
    expect(ffmpegs()).to.deep.equal([]);

    const already = new AbortController();
    already.abort();
    const early = await runTool('ffprobe', ['-version'], already.signal).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(early?.name).to.equal('AbortError');
  });
});

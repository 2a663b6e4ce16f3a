import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { listenWithLog } from '../../activities/media/audio';
import { observeTools } from '../../activities/media/ffmpeg';
import { cutRecording } from '../../activities/media/pieces';
import { loggedAudioFacts, probeMedia } from '../../activities/media/probe';
import { createOutboundAgent } from '../../common/outbound';
import { createLocalStorage } from '../../common/storage/localStorage';
import type { RecordingRow } from '../../db/queries/recordings';
import { testConfig } from '../support/env';
import { SAMPLE_AUDIO } from '../support/recordingFixtures';

// Issue 25.4 (CPU per recording): a plain mono MP3 that goes to the provider as it is takes one ffmpeg run in
// the media step, its facts read from ffmpeg's own log of the input instead of a separate ffprobe (whose start
// costs about what decoding a two-minute call does). The log's facts must be ffprobe's, and anything the log
// does not show plainly must still go to ffprobe.

describe('recordings: a plain MP3 heard in one ffmpeg run', function () {
  this.timeout(60_000);
  let dir: string;
  const made = new Map<string, string>();

  /** A file made by ffmpeg from a 6-second tone (and `extra` inputs/options). */
  const make = (name: string, args: string[]): string => {
    const file = path.join(dir, name);
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=6',
      ...args,
      file,
    ]);
    made.set(name, file);
    return file;
  };

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-logged-facts-'));
    make('mono.mp3', ['-ac', '1', '-b:a', '64k']);
    make('stereo.mp3', ['-ac', '2', '-b:a', '128k']);
    make('mono.m4a', ['-ac', '1', '-c:a', 'aac', '-b:a', '48k']);
    make('mono.wav', ['-ac', '1']);
    const cover = path.join(dir, 'cover.png');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=32x32',
      '-frames:v',
      '1',
      cover,
    ]);
    const art = path.join(dir, 'art.mp3');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      made.get('mono.mp3') ?? '',
      '-i',
      cover,
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-c',
      'copy',
      '-disposition:v',
      'attached_pic',
      '-id3v2_version',
      '3',
      art,
    ]);
    made.set('art.mp3', art);
  });
  after(async () => {
    observeTools(undefined);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("reads from ffmpeg's log what ffprobe says of one audio stream, and nothing of a file with more", async () => {
    for (const name of ['mono.mp3', 'stereo.mp3', 'mono.m4a', 'mono.wav']) {
      const file = made.get(name) ?? '';
      const probed = await probeMedia(file);
      const logged = loggedAudioFacts((await listenWithLog(file)).log);
      expect(logged, name).to.not.equal(undefined);
      expect(logged).to.include(
        {
          container: probed.container,
          audioStreams: 1,
          channels: probed.channels,
          audioCodec: probed.audioCodec,
          hasVideo: false,
        },
        name,
      );
      expect(logged?.durationMs, name).to.be.closeTo(probed.durationMs, 10);
      expect(logged?.bitRate, name).to.be.closeTo(probed.bitRate, 1000);
    }
    // Cover art is a second stream: the log is not enough, ffprobe decides (it is not a video).
    expect(loggedAudioFacts((await listenWithLog(made.get('art.mp3') ?? '')).log)).to.equal(undefined);
    expect((await probeMedia(made.get('art.mp3') ?? '')).hasVideo).to.equal(false);
    expect(loggedAudioFacts('not an ffmpeg log')).to.equal(undefined);
  });

  /** The media step on a stored file: the commands it ran and the pieces it cut. */
  async function mediaStep(file: string): Promise<{ commands: string[]; pieces: number; durationMs: number }> {
    const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-logged-store-'));
    const scratchDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-logged-scratch-'));
    await fs.copyFile(file, path.join(storageDir, path.basename(file)));
    const commands: string[] = [];
    observeTools((command) => commands.push(command));
    try {
      const config = testConfig({ STORAGE_DIR: storageDir, SCRATCH_DIR: scratchDir, STT_PROVIDER: 'openai' });
      const recording = {
        id: `logged-${path.basename(file)}`,
        storageKey: path.basename(file),
        sourceUrl: null,
        repChannel: null,
      } as unknown as RecordingRow;
      const cut = await cutRecording(
        { config, storage: createLocalStorage(storageDir), outbound: createOutboundAgent({ allowPrivate: true }) },
        recording,
        new AbortController().signal,
      );
      return { commands, pieces: cut.pieces.length, durationMs: cut.probe.durationMs };
    } finally {
      observeTools(undefined);
      await fs.rm(storageDir, { recursive: true, force: true });
      await fs.rm(scratchDir, { recursive: true, force: true });
    }
  }

  it('takes a plain mono MP3 (the sample call) through the media step with one ffmpeg run and no ffprobe', async () => {
    const sample = path.join(dir, 'sample.mp3');
    await fs.writeFile(sample, SAMPLE_AUDIO);
    const step = await mediaStep(sample);
    expect(step.commands).to.deep.equal(['ffmpeg']);
    expect(step.pieces).to.equal(1);
    expect(step.durationMs).to.be.closeTo((await probeMedia(sample)).durationMs, 200);
  });

  it('still asks ffprobe for what the log does not settle: a stereo MP3, an MP3 with cover art, a WAV', async () => {
    expect((await mediaStep(made.get('stereo.mp3') ?? '')).commands).to.include('ffprobe');
    expect((await mediaStep(made.get('art.mp3') ?? '')).commands).to.include('ffprobe');
    // Not an MP3 by its first bytes: never listened to first.
    expect((await mediaStep(made.get('mono.wav') ?? '')).commands[0]).to.equal('ffprobe');
  });
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_AUDIO } from './recordingFixtures';
import { speakScript, type ScriptLine } from './sampleCall';

// Recordings as call recorders make them, encoded by ffmpeg from the spoken sample call: each
// container and codec a recorder produces, a video with H.264, and the broken files integrators send
// by mistake. Made once per test run in a temp folder.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-media-'));
const source = path.join(dir, 'source.mp3');
fs.writeFileSync(source, SAMPLE_AUDIO);

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

const made = new Map<string, Buffer>();
function make(name: string, build: (out: string) => void): Buffer {
  const cached = made.get(name);
  if (cached) return cached;
  const out = path.join(dir, name);
  build(out);
  const bytes = fs.readFileSync(out);
  made.set(name, bytes);
  return bytes;
}

export const AUDIO_FORMATS = {
  wav: {
    contentType: 'audio/wav',
    build: (out: string) => ffmpeg(['-i', source, '-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', out]),
  },
  mp3: {
    contentType: 'audio/mpeg',
    build: (out: string) => ffmpeg(['-i', source, '-c:a', 'libmp3lame', '-b:a', '128k', out]),
  },
  m4a: { contentType: 'audio/mp4', build: (out: string) => ffmpeg(['-i', source, '-c:a', 'aac', '-b:a', '96k', out]) },
  ogg: {
    contentType: 'audio/ogg',
    build: (out: string) => ffmpeg(['-i', source, '-c:a', 'libopus', '-b:a', '48k', out]),
  },
  webm: {
    contentType: 'audio/webm',
    build: (out: string) => ffmpeg(['-i', source, '-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', out]),
  },
} as const;
export type AudioFormat = keyof typeof AUDIO_FORMATS;

export const encodedCall = (format: AudioFormat): Buffer => make(`call.${format}`, AUDIO_FORMATS[format].build);

/** The call as a 1280x720 H.264 video (a meeting recorder's MP4). */
export const videoCall = (): Buffer =>
  make('meeting.mp4', (out) =>
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=10',
      '-i',
      source,
      '-shortest',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '38',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-movflags',
      '+faststart',
      out,
    ]),
  );

/** The call as a mono MP3 at 160 kbps: more than four times the rendition's bit rate. */
export const richMp3Call = (): Buffer =>
  make('call-160k.mp3', (out) => ffmpeg(['-i', source, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '160k', out]));

/** 12 seconds of a steady 440 Hz tone as a mono MP3: silent nowhere, so any silence in it was put there. */
export const toneCall = (): Buffer =>
  make('tone.mp3', (out) =>
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      '12',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      out,
    ]),
  );

/** 20 seconds of digital silence as an MP3. */
export const silentCall = (): Buffer =>
  make('silent.mp3', (out) =>
    ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '20', '-c:a', 'libmp3lame', '-b:a', '64k', out]),
  );

/** The first 40% of the MP3: an upload or download that stopped half way. */
export const truncatedCall = (): Buffer => {
  const whole = encodedCall('mp3');
  return whole.subarray(0, Math.floor(whole.length * 0.4));
};

/** An error page a file host serves with an audio content type. */
export const HTML_AS_AUDIO = Buffer.from(
  '<!doctype html><html><head><title>Access denied</title></head><body><h1>403 Forbidden</h1><p>Request has expired</p></body></html>\n'.repeat(
    40,
  ),
);

/**
 * A long call over 25 MB: the sample call looped for `minutes`, encoded at 64 kbps (70 minutes ≈ 33.6 MB).
 * Looping keeps its pauses, so it can be cut between words.
 */
export const longCall = (minutes: number): Buffer =>
  make(`long-${minutes}.mp3`, (out) => {
    // Encode the call once at 64 kbps, then repeat its frames without re-encoding (seconds, not minutes).
    const once = path.join(dir, 'once-64k.mp3');
    if (!fs.existsSync(once)) ffmpeg(['-i', source, '-c:a', 'libmp3lame', '-b:a', '64k', '-ar', '44100', once]);
    ffmpeg(['-stream_loop', '-1', '-i', once, '-t', String(minutes * 60), '-c', 'copy', out]);
  });

/**
 * A long call that is cheap to make and to process: every five minutes the sample call, then silence,
 * as a 16 kHz mono MP3 at the rendition's bitrate; five minutes encoded once, their frames repeated
 * without re-encoding. Each cut falls in a silence, so each piece holds speech.
 */
export const quietLongCall = (minutes: number): Buffer =>
  make(`quiet-long-${minutes}.mp3`, (out) => {
    const five = path.join(dir, 'quiet-five-minutes.mp3');
    if (!fs.existsSync(five))
      ffmpeg([
        '-i',
        source,
        '-af',
        'apad',
        '-t',
        '300',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '32k',
        five,
      ]);
    ffmpeg(['-stream_loop', '-1', '-i', five, '-t', String(minutes * 60), '-c', 'copy', out]);
  });

/**
 * A telephony recording with one side per channel: the customer's lines on the left, the rep's on
 * the right (each side spoken alone, then merged by ffmpeg), as a stereo WAV.
 */
export const stereoCall = (
  lines: ScriptLine[],
  seconds: number,
  repSpeaker: string | number,
): { wav: Buffer; rep: Buffer; customer: Buffer } => {
  const rep = speakScript(
    lines.filter((l) => l.speaker === repSpeaker),
    { seconds, format: 'wav' },
  );
  const customer = speakScript(
    lines.filter((l) => l.speaker !== repSpeaker),
    { seconds, format: 'wav' },
  );
  const wav = make(
    `stereo-${createHash('sha256').update(rep).update(customer).digest('hex').slice(0, 12)}.wav`,
    (out) => {
      const left = path.join(dir, 'left-in.wav');
      const right = path.join(dir, 'right-in.wav');
      fs.writeFileSync(left, customer);
      fs.writeFileSync(right, rep);
      ffmpeg([
        '-i',
        left,
        '-i',
        right,
        '-filter_complex',
        '[0:a][1:a]amerge=inputs=2[a]',
        '-map',
        '[a]',
        '-ac',
        '2',
        '-c:a',
        'pcm_s16le',
        out,
      ]);
    },
  );
  return { wav, rep, customer };
};

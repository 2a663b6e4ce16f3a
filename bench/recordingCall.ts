import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { speakScript } from '../test/support/sampleCall';
import type { SpokenSegment } from '../test/support/sttServers';
import { BENCH_CALL } from './endToEnd';

// The call `npm run bench:recording` sends: real speech, the end to end's two-minute discovery call
// (BENCH_CALL spoken, a 64 kbps mono MP3), repeated for M minutes. Its frames are repeated without
// re-encoding (seconds to make, even for 25 minutes) and the file is cached in the temp directory
// like the spoken call itself. The stand-in answers every piece with BENCH_CALL's lines.

export interface RecordingCall {
  minutes: number;
  audio: Buffer;
  segments: SpokenSegment[];
}

const CALL_SECONDS = 120;

export function recordingCall(minutes: number): RecordingCall {
  if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, not ${minutes}`);
  const spoken = speakScript(BENCH_CALL, { seconds: CALL_SECONDS });
  if (minutes * 60 === CALL_SECONDS) return { minutes, audio: spoken, segments: BENCH_CALL };
  const key = createHash('sha256').update(spoken).update(String(minutes)).digest('hex').slice(0, 16);
  const cached = path.join(os.tmpdir(), `sp-bench-call-${key}.mp3`);
  if (!fs.existsSync(cached)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-call-'));
    try {
      const once = path.join(dir, 'once.mp3');
      const out = path.join(dir, 'call.mp3');
      fs.writeFileSync(once, spoken);
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', once],
        ...['-t', String(minutes * 60), '-c', 'copy', out],
      ]);
      fs.copyFileSync(out, cached);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return { minutes, audio: fs.readFileSync(cached), segments: BENCH_CALL };
}

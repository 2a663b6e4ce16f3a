import fs from 'node:fs/promises';
import path from 'node:path';
import type { KnownSpeaker, Transcript } from '../stt/transcript';
import { MAX_KNOWN_SPEAKERS } from '../stt/openai';
import { FFMPEG_QUIET, runTool } from './ffmpeg';

// A diarising model labels speakers per request, in order of appearance: a later piece of a long call
// would start its labels over ("A" is whoever speaks first in that piece). So the first piece's
// speakers are carried over: for each speaker it labelled (at most 4, OpenAI's limit), the longest
// segment it gave that speaker is cut from the first piece as a clip of 2–10 s (known_speaker_references:
// "Each sample must be between 2 and 10 seconds"), and later pieces send those clips with the labels as
// names, so the model answers with the same labels for the same voices.

/** Clips within OpenAI's 2–10 s, with room for MP3 frame rounding at both ends. */
const CLIP_MIN_MS = 2_500;
const CLIP_MAX_MS = 9_000;

export async function speakerClips(
  pieceFile: string,
  transcript: Transcript,
  signal?: AbortSignal,
): Promise<KnownSpeaker[]> {
  const longest = new Map<string, { startMs: number; endMs: number }>();
  for (const s of transcript.segments) {
    if (s.speaker === null) continue;
    const best = longest.get(s.speaker);
    if (!best || s.endMs - s.startMs > best.endMs - best.startMs)
      longest.set(s.speaker, { startMs: s.startMs, endMs: s.endMs });
  }
  const clips: KnownSpeaker[] = [];
  const dir = path.dirname(pieceFile);
  for (const [name, segment] of [...longest].slice(0, MAX_KNOWN_SPEAKERS)) {
    const lengthMs = Math.min(segment.endMs - segment.startMs, CLIP_MAX_MS);
    // A speaker who never said 2.5 s in one go has no usable clip; the model labels them as new.
    if (lengthMs < CLIP_MIN_MS) continue;
    const out = path.join(dir, `speaker-${clips.length}.mp3`);
    const args = [
      '-ss',
      (segment.startMs / 1000).toFixed(3),
      '-t',
      (lengthMs / 1000).toFixed(3),
      '-i',
      pieceFile,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-f',
      'mp3',
      out,
    ];
    await runTool('ffmpeg', [...FFMPEG_QUIET, ...args], signal);
    try {
      clips.push({ name, clip: await fs.readFile(out), contentType: 'audio/mpeg' });
    } finally {
      await fs.rm(out, { force: true });
    }
  }
  return clips;
}

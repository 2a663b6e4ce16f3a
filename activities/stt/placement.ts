import type { TranscriptSegment, VoicedAudio } from './transcript';

// Text a provider answered without times (OpenAI's gpt-4o-transcribe and gpt-4o-mini-transcribe
// answer `json`: text only) laid over the audio's timeline: the media step already knows where the
// voice is (its pause detection), so the words are shared out over those voiced stretches in order, in
// proportion to each stretch's length (people say about as many words per second throughout a call).
// Each stretch becomes one segment; a stretch is never split mid-word. The times are approximate: a
// sentence may spill into the next stretch, and words-per-minute, turns and pauses follow from that.

export function placeText(text: string, voiced: VoicedAudio | undefined): TranscriptSegment[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const stretches = (voiced?.stretches ?? []).filter((s) => s.endMs > s.startMs);
  if (stretches.length === 0)
    return [{ startMs: 0, endMs: voiced?.durationMs ?? 0, text: words.join(' '), speaker: null }];
  const total = stretches.reduce((sum, s) => sum + (s.endMs - s.startMs), 0);
  const segments: TranscriptSegment[] = [];
  let spoken = 0;
  let taken = 0;
  stretches.forEach((s, i) => {
    spoken += s.endMs - s.startMs;
    // Words up to this stretch's end in proportion to the voice heard so far; the last takes the rest.
    const upTo = i === stretches.length - 1 ? words.length : Math.round((words.length * spoken) / total);
    if (upTo > taken)
      segments.push({ startMs: s.startMs, endMs: s.endMs, text: words.slice(taken, upTo).join(' '), speaker: null });
    taken = Math.max(taken, upTo);
  });
  return segments;
}

/** The voiced stretches of audio `durationMs` long with the given pauses. */
export function voicedBetween(durationMs: number, pauses: Array<{ startMs: number; endMs: number }>): VoicedAudio {
  const stretches: VoicedAudio['stretches'] = [];
  let at = 0;
  for (const p of [...pauses].sort((a, b) => a.startMs - b.startMs)) {
    if (p.startMs > at) stretches.push({ startMs: at, endMs: Math.min(p.startMs, durationMs) });
    at = Math.max(at, p.endMs);
  }
  if (durationMs > at) stretches.push({ startMs: at, endMs: durationMs });
  // Shorter than a fifth of a second is a click or the encoder's padding, not a word.
  return { durationMs, stretches: stretches.filter((s) => s.endMs - s.startMs >= 200) };
}

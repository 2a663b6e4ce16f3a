import type { Transcript } from '../stt/transcript';

// Speaker turns from transcript segments. Who is the rep (isUser): the recording belongs to the rep,
// who (in a sales call they place or answer) speaks first, so the speaker of the first labelled
// segment is the rep and every other speaker is the customer. Consecutive segments of one speaker
// form one turn. Without speaker labels (plain Whisper) the speakers cannot be told apart: every
// segment is its own snippet and is attributed to the rep.

export interface Turn {
  isUser: boolean;
  text: string;
  startMs: number;
  endMs: number;
}

export function hasSpeakerLabels(transcript: Transcript): boolean {
  return transcript.segments.some((s) => s.speaker !== null);
}

export function toTurns(transcript: Transcript): Turn[] {
  const segments = transcript.segments.filter((s) => s.text.trim().length > 0);
  if (!hasSpeakerLabels(transcript)) {
    return segments.map((s) => ({ isUser: true, text: s.text.trim(), startMs: s.startMs, endMs: s.endMs }));
  }
  const rep = segments.find((s) => s.speaker !== null)?.speaker;
  const turns: Array<Turn & { speaker: string | null }> = [];
  for (const s of segments) {
    // An unlabelled segment inside a labelled transcript continues the current turn.
    const speaker = s.speaker ?? turns[turns.length - 1]?.speaker ?? rep ?? null;
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker) {
      last.text = `${last.text} ${s.text.trim()}`;
      last.endMs = Math.max(last.endMs, s.endMs);
    } else {
      turns.push({ speaker, isUser: speaker === rep, text: s.text.trim(), startMs: s.startMs, endMs: s.endMs });
    }
  }
  return turns.map(({ isUser, text, startMs, endMs }) => ({ isUser, text, startMs, endMs }));
}

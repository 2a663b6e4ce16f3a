import { repSpeakerOf, speakerAttributionOf, type Transcript } from '../../common/transcript';

// Speaker turns from transcript segments. Who is the rep (isUser): the transcript's `repSpeaker` when
// it names one (the caller's repSpeaker or repChannel); otherwise the recording belongs to the rep,
// who (in a sales call they place or answer) speaks first, so the speaker of the first labelled
// segment is the rep and every other speaker is the customer. Consecutive segments of one speaker
// form one turn. Without speaker labels (plain Whisper) the speakers cannot be told apart: every
// segment is its own snippet and is attributed to the rep.

export interface Turn {
  isUser: boolean;
  text: string;
  startMs: number;
  endMs: number;
  /** Time actually spoken: the turn's segments, without the pauses between them. */
  speakingMs: number;
  /** The speaker's label (null without labels): a submitted transcript's speaker name, a provider's "A"/"0". */
  speaker: string | null;
  /** The turn's lines as the transcript has them, each with its start: sentences and quotes come from these. */
  lines: Array<{ text: string; startMs: number }>;
}

export function hasSpeakerLabels(transcript: Transcript): boolean {
  return speakerAttributionOf(transcript) !== 'none';
}

const spoken = (s: { startMs: number; endMs: number }): number => Math.max(0, s.endMs - s.startMs);

export function toTurns(transcript: Transcript): Turn[] {
  const segments = transcript.segments.filter((s) => s.text.trim().length > 0);
  if (!hasSpeakerLabels(transcript)) {
    return segments.map((s) => ({
      isUser: true,
      text: s.text.trim(),
      startMs: s.startMs,
      endMs: s.endMs,
      speakingMs: spoken(s),
      speaker: null,
      lines: [{ text: s.text.trim(), startMs: s.startMs }],
    }));
  }
  const rep = repSpeakerOf(transcript);
  const turns: Turn[] = [];
  for (const s of segments) {
    // An unlabelled segment inside a labelled transcript continues the current turn.
    const speaker = s.speaker ?? turns[turns.length - 1]?.speaker ?? rep;
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker) {
      last.text = `${last.text} ${s.text.trim()}`;
      last.endMs = Math.max(last.endMs, s.endMs);
      last.speakingMs += spoken(s);
      last.lines.push({ text: s.text.trim(), startMs: s.startMs });
    } else {
      const text = s.text.trim();
      turns.push({
        speaker,
        isUser: speaker === rep,
        text,
        startMs: s.startMs,
        endMs: s.endMs,
        speakingMs: spoken(s),
        lines: [{ text, startMs: s.startMs }],
      });
    }
  }
  return turns;
}

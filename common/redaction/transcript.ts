import type { Transcript, TranscriptSegment, TranscriptWord } from '../transcript';
import { placeholderOf, type RedactedSpan, type TextSpan } from './kinds';
import { redactText } from './text';

// A transcript redacted: each segment's text by the rule set (common/redaction/text.ts), its words
// (when the provider timed them) merged into one placeholder word per span, and each span's time kept
// on the transcript (`redactions`), for the stored audio to be silenced there. A span is timed by the
// words it covers; without words (or when the words cannot be lined up with the text) by its segment.

/** Each word's [start, end) in the segment's text, found in order; null where a word cannot be found. */
function wordPlaces(text: string, words: TranscriptWord[]): Array<{ start: number; end: number } | null> {
  const lower = text.toLowerCase();
  let cursor = 0;
  return words.map((w) => {
    const core = w.text.toLowerCase().replace(/^[^\p{L}\p{N}[]+|[^\p{L}\p{N}\]]+$/gu, '');
    if (!core) return null;
    const at = lower.indexOf(core, cursor);
    if (at < 0) return null;
    cursor = at + core.length;
    return { start: at, end: at + core.length };
  });
}

function redactSegment(segment: TranscriptSegment): { segment: TranscriptSegment; redactions: RedactedSpan[] } {
  const { text, spans } = redactText(segment.text);
  if (spans.length === 0) return { segment, redactions: [] };
  const words = segment.words ?? [];
  const places = wordPlaces(segment.text, words);
  const covered = (span: TextSpan) =>
    words.filter((_, i) => {
      const place = places[i];
      return place !== null && place.start < span.end && span.start < place.end;
    });
  const redactions = spans.map((span): RedactedSpan => {
    const timed = covered(span);
    return timed.length > 0
      ? {
          startMs: Math.min(...timed.map((w) => w.startMs)),
          endMs: Math.max(...timed.map((w) => w.endMs)),
          kind: span.kind,
        }
      : { startMs: segment.startMs, endMs: segment.endMs, kind: span.kind };
  });
  const redactedWords: TranscriptWord[] = [];
  let lastSpan = -1;
  words.forEach((word, i) => {
    const place = places[i];
    // A word that cannot be placed in the text is dropped rather than risk keeping what was redacted.
    if (!place) return;
    const k = spans.findIndex((s) => place.start < s.end && s.start < place.end);
    if (k < 0) {
      redactedWords.push(word);
      lastSpan = -1;
    } else if (k !== lastSpan) {
      lastSpan = k;
      redactedWords.push({
        startMs: redactions[k].startMs,
        endMs: redactions[k].endMs,
        text: placeholderOf(spans[k].kind),
      });
    }
  });
  return {
    segment: {
      ...segment,
      text,
      ...(segment.words ? { words: redactedWords } : {}),
    },
    redactions,
  };
}

/** The transcript with its personal data replaced; `redactions` adds the times of what this pass found. */
export function redactTranscript(transcript: Transcript): Transcript {
  const segments: TranscriptSegment[] = [];
  const found: RedactedSpan[] = [];
  for (const s of transcript.segments) {
    const { segment, redactions } = redactSegment(s);
    segments.push(segment);
    found.push(...redactions);
  }
  return { ...transcript, segments, redactions: [...(transcript.redactions ?? []), ...found] };
}

/** The transcript without its words: what is kept (the words served only to time the redactions). */
export function withoutWords(transcript: Transcript): Transcript {
  return {
    ...transcript,
    segments: transcript.segments.map(({ words: _words, ...segment }) => segment),
  };
}

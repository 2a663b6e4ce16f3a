import type { Transcript, TranscriptSegment, TranscriptWord } from '../transcript';
import { placeholderOf, type RedactedSpan, type TextSpan } from './kinds';
import { backchannel } from './acknowledgements';
import { echoOf, goesOn, kindOfLastGroup } from './echoes';
import { addPiecesBefore, joined as joinedSpans } from './pieces';
import { addSpelledPiecesBefore } from './spelledPieces';
import { type Heard, heardIn } from './readBacks';
import { heardAddress, type HeardAddress, RECENT } from './addressesAgain';
import { NOT_A_PHONE } from './context';
import { digitRuns } from './digits';
import { RECENT_REFERENCES, referencesIn } from './references';
import { begunIn, RECENT_BEGUN } from './begun';
import { findPii, replaceSpans, type RedactionOptions } from './text';

// A transcript redacted: each segment's text by the rule set (common/redaction/text.ts), its words
// (when the provider timed them) merged into one placeholder word per span, and each span's time kept
// on the transcript (`redactions`, spans of a kind that meet in time as one), for the stored audio to be
// silenced there. A span is timed by the words it covers; without words (or when the words cannot be lined
// up with the text) by its segment.

const isCore = (c: string): boolean => /[\p{L}\p{N}]/u.test(c);

/** A word without the punctuation around it (a provider's placeholder keeps its brackets). */
function coreOf(word: string): string {
  let a = 0;
  let b = word.length;
  while (a < b && !isCore(word[a]) && word[a] !== '[') a += 1;
  while (b > a && !isCore(word[b - 1]) && word[b - 1] !== ']') b -= 1;
  return word.slice(a, b).toLowerCase();
}

/** Each word's [start, end) in the segment's text, found in order; null where a word cannot be found. */
function wordPlaces(text: string, words: TranscriptWord[]): Array<{ start: number; end: number } | null> {
  const lower = text.toLowerCase();
  let cursor = 0;
  return words.map((w) => {
    const core = coreOf(w.text);
    if (!core) return null;
    const at = lower.indexOf(core, cursor);
    if (at < 0) return null;
    cursor = at + core.length;
    return { start: at, end: at + core.length };
  });
}

/**
 * The stretches to silence: spans of one kind whose times meet are one. A segment without words times each of
 * its spans by the whole segment, and a megabyte of "[SSN] [SSN] …" was 166,000 copies of one range to store.
 */
function stretchesOf(redactions: RedactedSpan[]): RedactedSpan[] {
  const stretches: RedactedSpan[] = [];
  for (const r of redactions) {
    const last = stretches[stretches.length - 1];
    if (last && last.kind === r.kind && r.startMs >= last.startMs && r.startMs <= last.endMs)
      last.endMs = Math.max(last.endMs, r.endMs);
    else stretches.push({ ...r });
  }
  return stretches;
}

/** A segment redacted by the spans found in it (sorted, not overlapping). */
function redactSegment(
  segment: TranscriptSegment,
  spans: TextSpan[],
): { segment: TranscriptSegment; redactions: RedactedSpan[] } {
  if (spans.length === 0) return { segment, redactions: [] };
  const text = replaceSpans(segment.text, spans);
  const words = segment.words ?? [];
  const places = wordPlaces(segment.text, words);
  // Words and spans are both in text order: one pass pairs each word with the span it falls in.
  const spanOf: number[] = [];
  let k = 0;
  for (const place of places) {
    if (!place) {
      spanOf.push(-2);
      continue;
    }
    while (k < spans.length && spans[k].end <= place.start) k += 1;
    spanOf.push(k < spans.length && spans[k].start < place.end ? k : -1);
  }
  const timed = spans.map(() => ({ startMs: Infinity, endMs: -Infinity }));
  words.forEach((word, i) => {
    const s = spanOf[i];
    if (s < 0) return;
    timed[s].startMs = Math.min(timed[s].startMs, word.startMs);
    timed[s].endMs = Math.max(timed[s].endMs, word.endMs);
  });
  const redactions = spans.map((span, i): RedactedSpan =>
    timed[i].startMs <= timed[i].endMs
      ? { startMs: timed[i].startMs, endMs: timed[i].endMs, kind: span.kind }
      : { startMs: segment.startMs, endMs: segment.endMs, kind: span.kind },
  );
  const redactedWords: TranscriptWord[] = [];
  let lastSpan = -1;
  words.forEach((word, i) => {
    const s = spanOf[i];
    // A word that cannot be placed in the text is dropped rather than risk keeping what was redacted.
    if (s === -2) return;
    if (s < 0) {
      redactedWords.push(word);
      lastSpan = -1;
    } else if (s !== lastSpan) {
      lastSpan = s;
      redactedWords.push({
        startMs: redactions[s].startMs,
        endMs: redactions[s].endMs,
        text: placeholderOf(spans[s].kind),
      });
    }
  });
  return {
    segment: {
      ...segment,
      text,
      ...(segment.words ? { words: redactedWords } : {}),
    },
    redactions: stretchesOf(redactions),
  };
}

/** How much of the other speaker's last segment is read as context: the rules read a few words back. */
const ASKED_CHARS = 80;
/** Ends the question read as context: no digit run, address or IBAN runs across a "|" (common/redaction/). */
const ASKED_MARK = ' | ';

/** The last words of `text` (whole words, at most ASKED_CHARS characters), and the mark after them. */
function questionTail(text: string): string {
  if (text.length === 0) return '';
  let from = Math.max(0, text.length - ASKED_CHARS);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space < 0 ? text.length : space + 1;
  }
  return text.slice(from) + ASKED_MARK;
}

/** A stretch that ends in digits (a pause or a hesitation after them): only then can a value be broken off there. */
const ENDS_IN_DIGITS =
  /(?:\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple))[\s,.…-]*(?:(?:uh|um|er|erm)[\s,.…-]*)?$/i;

/** How much of a stretch's end is read for that: a hesitation and a pause fit; a long run of spaces is no pause. */
const TAIL = 48;

/** How many values found in earlier turns a turn's read-back or correction is compared with. */
const HEARD = 8;
/**
 * The segments of one stretch from `first` on: the adjacent segments of its speaker, and past the other's
 * backchannel or echo of the group just said to the same speaker's next segment (not read: it is the other's).
 * `echoes`: each echo's segment and the member it repeats.
 */
function stretchFrom(
  segments: TranscriptSegment[],
  first: number,
): { members: number[]; next: number; echoes: Array<{ at: number; of: number }> } {
  const members = [first];
  const echoes: Array<{ at: number; of: number }> = [];
  let at = first + 1;
  while (at < segments.length) {
    const last = members[members.length - 1];
    if (segments[at].speaker === segments[first].speaker) members.push(at);
    else if (segments[at + 1]?.speaker !== segments[first].speaker) break;
    else if (echoOf(segments[at].text, segments[last].text) && goesOn(segments[at + 1].text))
      echoes.push({ at, of: last });
    else if (!backchannel(segments[at].text)) break;
    at += 1;
  }
  return { members, next: at, echoes };
}

/** Each echo's group hidden as what the group it repeats was found to be (spans added to `out`, in place). */
function addEchoes(
  segments: TranscriptSegment[],
  out: TextSpan[][],
  echoes: Array<{ at: number; of: number }>,
  after: { at: number; of: number } | null,
): void {
  for (const { at, of } of after ? [...echoes, after] : echoes) {
    const kind = kindOfLastGroup(segments[of].text, out[of]);
    const echo = kind && echoOf(segments[at].text, segments[of].text, at === after?.at);
    if (kind && echo) out[at].push({ ...echo, kind });
  }
}

/**
 * The spans of each segment, found over each stretch of adjacent segments of one speaker read as one text:
 * people pause between groups of digits and a cue or a provider's segment ends at a pause, so a card read
 * out across two segments is found whole and each segment loses its part (issue 51). The values found in the
 * turns before are handed on: the agent reading one back, or the caller correcting a digit, is that value again.
 */
function spansBySegment(segments: TranscriptSegment[], options: RedactionOptions): TextSpan[][] {
  const out: TextSpan[][] = segments.map(() => []);
  let heard: Heard[] = [];
  let heardAddresses: HeardAddress[] = [];
  let references: string[] = [];
  let begun: Heard[] = [];
  let first = 0;
  while (first < segments.length) {
    const { members, next, echoes } = stretchFrom(segments, first);
    // The question just asked by the other speaker names what is answered ("what's your social?" / "it's
    // 766738228"; "and the order number?" / "100234567"): its last words are read as context, behind a mark
    // no value runs across, and nothing is found in them here (their own stretch is read for that).
    const asked = first > 0 ? questionTail(segments[first - 1].text) : '';
    const offsets: number[] = [];
    let joined = asked;
    for (const [k, i] of members.entries()) {
      if (k > 0) joined += ' ';
      offsets.push(joined.length);
      joined += segments[i].text;
    }
    let seg = 0;
    const kept: TextSpan[] = [];
    for (const found of findPii(joined, options, { values: heard, addresses: heardAddresses, references, begun })) {
      if (found.end <= asked.length) continue;
      const span = found.start < asked.length ? { ...found, start: asked.length } : found;
      kept.push(span);
      while (seg + 1 < offsets.length && offsets[seg + 1] <= span.start) seg += 1;
      // A span may run over into the following segments: each keeps its own part.
      for (let j = seg; j < offsets.length && offsets[j] < span.end; j += 1) {
        const text = segments[members[j]].text;
        const start = Math.max(0, span.start - offsets[j]);
        const end = Math.min(text.length, span.end - offsets[j]);
        if (end > start && text.slice(start, end).trim() !== '') out[members[j]].push({ start, end, kind: span.kind });
      }
    }
    // The echoes inside, and the other speaker's next turn when it starts with one ("Oh two four seven. And …?").
    const lastMember = members[members.length - 1];
    const after = next < segments.length && next === lastMember + 1 ? { at: next, of: lastMember } : null;
    addEchoes(segments, out, echoes, after);
    for (const span of kept) {
      const address = span.kind === 'email_address' ? heardAddress(joined, span) : null;
      if (address) heardAddresses = [...heardAddresses, address].slice(-RECENT);
    }
    // The numbers named a reference in this stretch (its own words, not the question's), when one is named at all.
    if (NOT_A_PHONE.test(joined.toLowerCase()))
      references = [...references, ...referencesIn(joined, digitRuns(joined), kept, asked.length)].slice(
        -RECENT_REFERENCES,
      );
    heard = [...heard, ...heardIn(joined, kept).map(({ digits, kind }) => ({ digits, kind }))].slice(-HEARD);
    // A value begun and broken off at the stretch's end, for a later turn that says it whole.
    if (ENDS_IN_DIGITS.test(joined.slice(-TAIL)))
      begun = [...begun, ...begunIn(joined, digitRuns(joined), kept, asked.length)].slice(-RECENT_BEGUN);
    first = next;
  }
  // An echo's span may meet what its own stretch finds there.
  return out.map((spans) => (spans.length > 1 ? joinedSpans(spans.sort((a, b) => a.start - b.start)) : spans));
}

/** The transcript with its personal data replaced; `redactions` adds the times of what this pass found. */
export function redactTranscript(transcript: Transcript, options: RedactionOptions = {}): Transcript {
  const segments: TranscriptSegment[] = [];
  const found: RedactedSpan[] = [];
  const spans = spansBySegment(transcript.segments, options);
  addPiecesBefore(transcript.segments, spans);
  addSpelledPiecesBefore(transcript.segments, spans);
  transcript.segments.forEach((s, i) => {
    const { segment, redactions } = redactSegment(s, spans[i]);
    segments.push(segment);
    // A loop: `push(...redactions)` passes each as an argument, a RangeError past ~124k of them (issue 49).
    for (const r of redactions) found.push(r);
  });
  return { ...transcript, segments, redactions: [...(transcript.redactions ?? []), ...found] };
}

/** The transcript without its words: what is kept (the words served only to time the redactions). */
export function withoutWords(transcript: Transcript): Transcript {
  return {
    ...transcript,
    segments: transcript.segments.map(({ words: _words, ...segment }) => segment),
  };
}

import type { AnalysisLanguage } from '../../common/recordingAnalysis';

// Sentences from the Unicode sentence segmenter built into Node (Intl.Segmenter, ICU's rules for the
// language), in bounded windows. On Node 20 each segment the segmenter hands out costs time in the
// length of the whole string it was given (and spreading them keeps every one alive, each holding
// the line): 50 KB of "Hi. " cost minutes and the worker's heap. So the segmenter only ever sees a
// window of about WINDOW characters, and only a bounded number of its segments are taken from it,
// which keeps time and memory linear in the line whatever its shape.
//
// A window gives the same boundaries as the whole line: it starts at a boundary (ICU's rules never
// look back across one), and the only rule that looks ahead further than a character (UAX #29 SB8:
// "etc. 5 more" is one sentence) is settled by the next terminator. So every segment of a window but
// its last two is final (the one before last ends where the window's last segment starts, a break
// that text beyond the window could undo); the next window starts where the last final one ended.
// A window with fewer segments than that (a sentence longer than the window) is doubled until it has
// them: the long sentence is segmented a few times at most, each at about twice its length.

/** Characters the segmenter sees at once (doubled for a longer sentence). */
export const WINDOW = 2048;
/** Segments taken from one window: enough to move on, few enough that a window costs O(WINDOW). */
const TAKE = 64;

export interface Span {
  start: number;
  end: number;
}

const segmenters = new Map<AnalysisLanguage, Intl.Segmenter>();
function segmenterFor(language: AnalysisLanguage): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * Where each sentence of `text` starts and ends (character offsets, trailing spaces included), one at
 * a time. `window` is for tests, which make it small to prove the windows change nothing.
 */
export function* sentenceSpansOf(text: string, language: AnalysisLanguage, window = WINDOW): Generator<Span> {
  const segmenter = segmenterFor(language);
  let start = 0;
  let size = window;
  while (start < text.length) {
    const base = start;
    const end = Math.min(text.length, base + size);
    const last = end === text.length;
    // The segments seen and not yet final: the last two of the window so far.
    const held: Span[] = [];
    let taken = 0;
    let finished = true;
    for (const s of segmenter.segment(text.slice(base, end))) {
      held.push({ start: base + s.index, end: base + s.index + s.segment.length });
      if (held.length > (last ? 0 : 2)) {
        const span = held.shift()!;
        yield span;
        taken += 1;
        start = span.end;
        if (taken === TAKE) {
          finished = false;
          break;
        }
      }
    }
    if (last && finished) {
      // Nothing beyond the window: its last segments are final too.
      for (const span of held) yield span;
      return;
    }
    // Nothing final in the window: its first sentence is longer than it; try twice the window.
    size = taken === 0 ? size * 2 : window;
  }
}

/** Where each sentence of `text` starts and ends (character offsets, trailing spaces included). */
export function sentenceSpans(text: string, language: AnalysisLanguage): Span[] {
  return [...sentenceSpansOf(text, language)];
}

/** The sentences of `text`, trimmed, without empty ones. */
export function sentencesOf(text: string, language: AnalysisLanguage): string[] {
  const sentences: string[] = [];
  for (const span of sentenceSpansOf(text, language)) {
    const sentence = text.slice(span.start, span.end).trim();
    if (sentence.length > 0) sentences.push(sentence);
  }
  return sentences;
}

/** The first sentence of `text` (trimmed, not empty), segmenting no further than it. */
export function firstSentenceOf(text: string, language: AnalysisLanguage): string | undefined {
  for (const span of sentenceSpansOf(text, language)) {
    const sentence = text.slice(span.start, span.end).trim();
    if (sentence.length > 0) return sentence;
  }
  return undefined;
}

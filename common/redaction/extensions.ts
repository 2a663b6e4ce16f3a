import type { TextSpan } from './kinds';

// A phone number's extension said after it ("1-800-572-4419 extension 203", "408 391 6620 ext 14", "… x 12"):
// part of the number one dials, so part of its span. Read at each phone span's end only: linear in the text.

/** A word of a number said aloud: digits, teens, tens, "hundred", "double". */
const DIGIT_WORD =
  '(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|' +
  'seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|double|triple)';
const EXTENSION = new RegExp(
  `[\\s,]{1,3}(?:ext\\.?|extension|x)[\\s:.]{0,3}(?:(?:number|no\\.?)\\s{1,3})?(?:\\d{1,6}|${DIGIT_WORD}(?:[\\s-]{1,3}${DIGIT_WORD}){0,5})\\b`,
  'iy',
);

/** `spans` (in order) with each phone number widened over the extension said right after it. */
export function withExtensions(text: string, spans: TextSpan[]): TextSpan[] {
  return spans.map((span, s) => {
    if (span.kind !== 'phone_number') return span;
    EXTENSION.lastIndex = span.end;
    const m = EXTENSION.exec(text);
    if (!m) return span;
    const end = span.end + m[0].length;
    // The next value found starts after the extension, or the words are that value's, not this one's.
    if (s + 1 < spans.length && spans[s + 1].start < end) return span;
    return { ...span, end };
  });
}

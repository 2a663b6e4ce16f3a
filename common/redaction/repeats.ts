import { digitRuns } from './digits';
import type { TextSpan } from './kinds';
import { isProviderMark } from './providerMarks';

// A value said twice, to be sure it was heard: "the code's eight two nine, yes, eight two nine", "… 4111,
// again, 4111 …", or its last group said again. The copy said right after a find, with only a confirming word between, is the same value:
// the find's span covers it. Each find reads a bounded window after it: linear in the text.

/** What may stand between a value and the same value said again. */
const AGAIN =
  /^[\s,.;:?!]*(?:(?:yes|yeah|yep|again|i repeat|repeat|repeating|that's|that is|so|once more|i said|correct|i think|i believe|(?:can you |let me |to )?confirm)\b[\s,.;:?!]*){0,3}$/i;
const WINDOW = 80;
/**
 * A value of this many digits or more said again with the same digits is the same value whatever words stand
 * between ("…, no hang on, let me look at the card, yeah, …"): nobody says two different values with the same digits.
 */
const SAME_DIGITS = 7;

const digitsOf = (said: string): string =>
  digitRuns(said)
    .flat()
    .map((t) => t.digits)
    .join('');

/** `spans` (in order) each widened over the same digits said again right after it. */
export function withRepeats(text: string, spans: TextSpan[]): TextSpan[] {
  // One array for all (not one per span: a text of marks has hundreds of thousands of spans).
  const out: TextSpan[] = [];
  spans.forEach((span, s) => {
    const again = saidAgain(text, span, s + 1 < spans.length ? spans[s + 1].start : text.length);
    if (again === null) out.push(span);
    else if (again.joined) out.push({ ...span, end: again.end });
    // Other words between are the caller's: the value said again is a span of its own.
    else out.push(span, { ...span, start: again.start, end: again.end });
  });
  return out;
}

/** The same digits said again after `span`, before `next`: where, and whether only confirming words stand between. */
function saidAgain(text: string, span: TextSpan, next: number): { start: number; end: number; joined: boolean } | null {
  if (isProviderMark(text, span)) return null;
  // The window holds the gap and the value said again: as long as the value, past WINDOW.
  const ceiling = Math.min(span.end + WINDOW + (span.end - span.start), next);
  const window = text.slice(span.end, ceiling);
  const run = digitRuns(window)[0];
  if (!run) return null;
  const digits = digitsOf(text.slice(span.start, span.end));
  const said = run.map((t) => t.digits).join('');
  // Its last group said again ("… eight two three, twenty-two hundred. Twenty-two hundred."), only with nothing
  // but a confirming word between.
  const lastGroup =
    said.length >= 3 && digits.length >= SAME_DIGITS && said.length < digits.length && digits.endsWith(said);
  if (digits.length < 3 || (said !== digits && !lastGroup)) return null;
  const end = span.end + run[run.length - 1].end;
  if (AGAIN.test(window.slice(0, run[0].start))) return { start: span.end, end, joined: true };
  return digits.length < SAME_DIGITS || lastGroup ? null : { start: span.end + run[0].start, end, joined: false };
}

/**
 * A value taken back and given again: "sort code four oh, one two, one four, no, sorry, that's my old one, it's six
 * oh, nine five, one one"; "did you say seven twenty seven, no, i said eleven twenty seven". Only take-back words,
 * "it's", "i said", "the new one is" stand between; what is said again has about as many digits (one more or fewer)
 * and is the same kind. Each find reads a bounded window after it: linear in the text.
 */
const RETAKE =
  /^[\s,.;:]*(?:(?:no|nope|sorry|wait|actually|oops|my mistake|my bad|scratch that|hold on|that's (?:my|the) old (?:one|card|number)|that's wrong|wrong one|the new one(?: is| says)?|i said|i meant|i mean|it's|it is|that's|so|uh|um)\b[\s,.;:]*){1,6}$/i;
/** A month and year written with a slash: the first in a window. */
const WRITTEN_DATE = /(?<![\d/])(?:0?[1-9]|1[0-2])\s*\/\s*(?:20\d{2}|\d{2})(?![\d/])/;
const TAKEN_BACK = /\b(?:no|nope|sorry|wait|actually|oops|mistake|old one|wrong)\b/i;

export function withRetakes(text: string, spans: TextSpan[]): TextSpan[] {
  const out: TextSpan[] = [];
  spans.forEach((span, s) => {
    out.push(span);
    if (isProviderMark(text, span)) return;
    const ceiling = Math.min(span.end + WINDOW, s + 1 < spans.length ? spans[s + 1].start : text.length);
    const window = text.slice(span.end, ceiling);
    // An expiry written again: "10/26. Wait, no, that's the old one. 10/29." ("/" joins no run).
    const date = span.kind === 'credit_card_expiration' ? WRITTEN_DATE.exec(window) : null;
    if (date) {
      const gap = window.slice(0, date.index);
      if (RETAKE.test(gap) && TAKEN_BACK.test(gap))
        out.push({ start: span.end + date.index, end: span.end + date.index + date[0].length, kind: span.kind });
      return;
    }
    // The first run of three digits or more: "that's my old one" holds a digit word.
    const run = digitRuns(window).find((r) => r.reduce((n, t) => n + t.digits.length, 0) >= 3);
    if (!run) return;
    const gap = window.slice(0, run[0].start);
    if (!RETAKE.test(gap) || !TAKEN_BACK.test(gap)) return;
    const said = digitsOf(text.slice(span.start, span.end)).length;
    const again = run.map((t) => t.digits).join('').length;
    // The run must end inside the window: one cut by it is not the whole value (one the text ends with is whole).
    const cut = ceiling < text.length && span.end + run[run.length - 1].end >= ceiling - 1;
    if (said < 3 || Math.abs(again - said) > 1 || cut) return;
    out.push({ start: span.end + run[0].start, end: span.end + run[run.length - 1].end, kind: span.kind });
  });
  return out;
}

/** The word said just before a value, a pause or hesitation after it: "may, uh, " of "may, uh, may twenty seven". */
const WORD_BEFORE = /(?:^|[^\p{L}\p{N}'])([\p{L}\p{N}']+)[\s,.]+(?:(?:uh|um|er)[\s,.]+)?$/u;
const FIRST_WORD = /^[\p{L}\p{N}']+/u;

/**
 * A value whose first word was stammered ("it runs out may may twenty seven", "j, john dot smith at …"): the word
 * said twice is the value's first, and the span covers both. One look back per find: linear.
 */
export function withStutters(text: string, spans: TextSpan[]): TextSpan[] {
  return spans.map((span, s) => {
    const floor = s > 0 ? spans[s - 1].end : 0;
    const before = WORD_BEFORE.exec(text.slice(Math.max(floor, span.start - 20), span.start));
    const first = FIRST_WORD.exec(text.slice(span.start, span.end));
    // A digit said twice may be two digits ("the last four four oh …" is a count, then a 4): only words.
    if (!before || !first || before[1].toLowerCase() !== first[0].toLowerCase() || digitRuns(first[0]).length > 0)
      return span;
    return { ...span, start: span.start - before[0].length + before[0].indexOf(before[1]) };
  });
}

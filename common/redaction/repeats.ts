import { digitRuns } from './digits';
import type { TextSpan } from './kinds';

// A value said twice, to be sure it was heard: "the code's eight two nine, yes, eight two nine", "… 4111,
// again, 4111 …". The copy said right after a find, with only a confirming word between, is the same value:
// the find's span covers it. Each find reads a bounded window after it: linear in the text.

/** What may stand between a value and the same value said again. */
const AGAIN =
  /^[\s,.;:]*(?:(?:yes|yeah|yep|again|i repeat|repeat|repeating|that's|that is|so|once more|i said|correct|i think|i believe|(?:can you |let me |to )?confirm)\b[\s,.;:]*){0,3}$/i;
const WINDOW = 80;

const digitsOf = (said: string): string =>
  digitRuns(said)
    .flat()
    .map((t) => t.digits)
    .join('');

/** `spans` (in order) each widened over the same digits said again right after it. */
export function withRepeats(text: string, spans: TextSpan[]): TextSpan[] {
  return spans.map((span, s) => {
    const ceiling = Math.min(span.end + WINDOW, s + 1 < spans.length ? spans[s + 1].start : text.length);
    const window = text.slice(span.end, ceiling);
    const run = digitRuns(window)[0];
    if (!run || !AGAIN.test(window.slice(0, run[0].start))) return span;
    const digits = digitsOf(text.slice(span.start, span.end));
    if (digits.length < 3 || run.map((t) => t.digits).join('') !== digits) return span;
    return { ...span, end: span.end + run[run.length - 1].end };
  });
}

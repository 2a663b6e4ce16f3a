import { someOf, BANK_CONTEXT, CARD_CONTEXT, NOT_A_PHONE, PHONE_WORD, SSN_CONTEXT } from './context';
import { digitRuns } from './digits';
import type { DigitToken } from './digitToken';
import type { TextSpan } from './kinds';
import { isSsn } from './socialSecurity';

// An SSN given in its parts with talk between them: "social's four two nine and then the middle is six one and the
// last four, um, hold on, oh eight three five"; "my ssn, first five are 412 09, last four 7735". After a social is
// named, the next runs hold its groups (3-2-4, 5-4 or 3-6 digits) with only a little talk between, naming nothing
// else. Each part is its own span: the words between stay. Each naming reads a bounded window, and a naming inside
// the window already read is not read again: linear in the text.

const SSN_NAMED = new RegExp(SSN_CONTEXT.source, 'gi');
/** How far after the social's name its parts may reach, and what may stand before and between them. */
const WINDOW = 200;
const MAX_GAP = 60;
const PART_SHAPES = new Set(['3-2-4', '5-4', '3-6']);
/** "the last four", "the first three", "the middle two": the count of a part, not a digit of it. */
const COUNT_BEFORE = /\b(?:last|first|final|middle|next)\s+$/i;
const COUNT_WORD = /^(?:two|three|four|five|six|[2-6])$/i;
const OTHER_WORDS = someOf(PHONE_WORD, CARD_CONTEXT, BANK_CONTEXT, NOT_A_PHONE);

const digitCount = (run: DigitToken[]): number => run.reduce((n, t) => n + t.digits.length, 0);

/** `run` without a part's count said first ("last four oh eight three five"), or null when that was all of it. */
function withoutCount(window: string, run: DigitToken[]): DigitToken[] | null {
  const first = window.slice(run[0].start, run[0].end);
  if (!COUNT_WORD.test(first) || !COUNT_BEFORE.test(window.slice(Math.max(0, run[0].start - 10), run[0].start)))
    return run;
  return run.length > 1 ? run.slice(1) : null;
}

export function ssnPartSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let readTo = 0;
  for (const m of text.matchAll(SSN_NAMED)) {
    const from = m.index + m[0].length;
    if (from < readTo) continue;
    readTo = from + WINDOW;
    const window = text.slice(from, readTo);
    const runs = digitRuns(window)
      .map((run) => withoutCount(window, run))
      .filter((run): run is DigitToken[] => run !== null);
    let at = 0;
    const parts: DigitToken[][] = [];
    for (const run of runs.slice(0, 3)) {
      const gap = window.slice(at, run[0].start).toLowerCase();
      if (gap.length > MAX_GAP || (parts.length > 0 && OTHER_WORDS.test(gap))) break;
      parts.push(run);
      at = run[run.length - 1].end;
    }
    for (let k = 3; k >= 2; k -= 1) {
      const chosen = parts.slice(0, k);
      if (chosen.length !== k || !PART_SHAPES.has(chosen.map(digitCount).join('-'))) continue;
      if (
        !isSsn(
          chosen
            .flat()
            .map((t) => t.digits)
            .join(''),
        )
      )
        break;
      for (const run of chosen)
        spans.push({
          start: from + run[0].start,
          end: from + run[run.length - 1].end,
          kind: 'us_social_security_number',
        });
      break;
    }
  }
  return spans;
}

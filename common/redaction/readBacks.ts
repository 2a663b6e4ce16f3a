import { UNIT_AFTER } from './cardCodes';
import { digitRuns, type DigitToken } from './digits';
import type { PiiKind, TextSpan } from './kinds';
import { isProviderMark } from './providerMarks';

// A value read back later in the same text: "… okay reading back yours six one four oh two eight three three nine …",
// "Okay, so 6011 4882 0371 6593. Yes.", "… yes, zero four seven", or said two or three times back to back with no pause
// ("two eight four four one six six three five two eight four four one six six three five …"), as an engine without
// speaker turns or punctuation writes an agent's read-back. A run of digits whose digits are those of a value found
// elsewhere in the text (once, twice or three times over) is that value again. One pass over the text's runs, each
// looked up in a map of the values found: linear in the text.

/** At least this many figures, or three said in words ("zero four seven") or a code's (below). */
const MIN_DIGITS = 4;
const MIN_SPOKEN = 3;
/** Said at most this many times over in one run. */
const TIMES = 3;

const amount = (text: string, start: number, end: number): boolean =>
  /[$£€¥₹]\s*$/.test(text.slice(Math.max(0, start - 2), start)) || UNIT_AFTER.test(text.slice(end, end + 16));

/** `runs`: the text's digit runs (common/redaction/digits.ts), read once for the numbers and kept for this. */
export function withReadBacks(text: string, spans: TextSpan[], runs: DigitToken[][]): TextSpan[] {
  if (runs.length === 0) return spans;
  const found = new Map<string, PiiKind>();
  // Each found value's digits, read from its own text.
  for (const span of spans) {
    if (span.kind === 'email_address' || isProviderMark(text, span)) continue;
    // A run read more than one way (a restart, an echo) holds its tokens more than once: each place is read once.
    let digits = '';
    let readTo = -1;
    for (const token of digitRuns(text.slice(span.start, span.end))
      .flat()
      .sort((a, b) => a.start - b.start))
      if (token.start >= readTo) {
        digits += token.digits;
        readTo = token.end;
      }
    if (digits.length >= MIN_SPOKEN) found.set(digits, span.kind);
  }
  if (found.size === 0) return spans;
  const taken = new Uint8Array(text.length + 1);
  for (const span of spans) taken.fill(1, span.start, span.end);
  const added: TextSpan[] = [];
  for (const run of runs) {
    const start = run[0].start;
    const end = run[run.length - 1].end;
    if (taken.subarray(start, end).some((c) => c === 1)) continue;
    const digits = run.map((t) => t.digits).join('');
    const spoken = run.every((t) => !t.written);
    for (let times = 1; times <= TIMES; times += 1) {
      if (digits.length % times !== 0) continue;
      const once = digits.slice(0, digits.length / times);
      if (once.length < MIN_SPOKEN || once.repeat(times) !== digits) continue;
      const kind = found.get(once);
      // Three figures written are a code's only where no currency or unit makes them an amount ("Yes, 008." is the
      // code again; "the fee is 250 dollars" is not).
      const figures = !spoken && once.length < MIN_DIGITS;
      if (figures && (kind !== 'credit_card_cvv' || amount(text, start, end))) continue;
      if (kind) {
        added.push({ start, end, kind });
        break;
      }
    }
  }
  return added.length === 0 ? spans : [...spans, ...added].sort((a, b) => a.start - b.start);
}

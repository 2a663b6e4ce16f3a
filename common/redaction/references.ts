import { BANK_CONTEXT, CARD_CONTEXT, NOT_A_PHONE, PHONE_WORD, someOf, SSN_CONTEXT } from './context';
import { type DigitToken, digitsOf } from './digitToken';
import { digitRuns } from './digits';
import type { TextSpan } from './kinds';

// A number named a reference, read back: "your invoice number is eight one eight four four two oh nine one one" /
// "eight one eight four four two oh nine one one, okay" (the thirty-eighth and thirty-ninth blind sets,
// BENCHMARKS.md). Read back alone, with the name left in the turn before, the digits look like a phone; they are the
// reference again. Each run named a reference (an order, invoice, tracking, serial, claim number, …) and found to be
// nothing is kept as digits; a value found later with the same digits, or inside them, is dropped.

/** A reference is at least this many digits: shorter numbers are said again for other reasons. */
const MIN_DIGITS = 7;
/** And at most this many: each value found is compared with each reference, so both are bounded. */
const MAX_DIGITS = 40;
/** How far before a run its name is read. */
const NAMED_BEFORE = 50;
/** How many references heard last are compared with: bounded, so linear. */
export const RECENT_REFERENCES = 8;
/** A value's own name: "the phone number on the order" names a phone, whatever else is named. */
const VALUE_NAMED = someOf(PHONE_WORD, BANK_CONTEXT, CARD_CONTEXT, SSN_CONTEXT, /\b(?:e-?mail|phone)\b/);
const NUMBER_KINDS = new Set([
  'phone_number',
  'credit_card_number',
  'us_social_security_number',
  'banking_information',
]);

/**
 * The runs of `text` from `from` on named a reference just before, with no value named there, and found to be nothing
 * (`spans`: what was found, sorted), as digits.
 */
export function referencesIn(text: string, runs: DigitToken[][], spans: TextSpan[], from = 0): string[] {
  const out: string[] = [];
  let s = 0;
  for (const run of runs) {
    const start = run[0].start;
    if (start < from) continue;
    const end = run[run.length - 1].end;
    while (s < spans.length && spans[s].end <= start) s += 1;
    if (s < spans.length && spans[s].start < end) continue;
    const digits = digitsOf(run);
    if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) continue;
    const before = text.slice(Math.max(from, start - NAMED_BEFORE), start).toLowerCase();
    if (NOT_A_PHONE.test(before) && !VALUE_NAMED.test(before)) out.push(digits);
  }
  return out.slice(-RECENT_REFERENCES);
}

/**
 * `spans` without the numbers that are a reference read back: of `heard`, the references named in the call's turns
 * before. Linear: each span's digits are compared with a bounded number of bounded references.
 */
export function withoutReferences(text: string, spans: TextSpan[], heard: string[]): TextSpan[] {
  if (heard.length === 0) return spans;
  return spans.filter((span) => {
    if (!NUMBER_KINDS.has(span.kind)) return true;
    const digits = digitRuns(text.slice(span.start, span.end)).map(digitsOf).join('');
    return digits.length < MIN_DIGITS || !heard.some((r) => r.includes(digits));
  });
}

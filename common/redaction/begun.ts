import { anyOf, BANK_CONTEXT, lastMatchAt, NOT_A_PHONE, PHONE_WORD, SSN_CONTEXT } from './context';
import { type DigitToken, digitsOf } from './digitToken';
import type { PiiKind, TextSpan } from './kinds';
import type { Heard } from './readBacks';

// A value begun and broken off at the end of a turn, then said whole in a later one: "the account number is eight four
// one one" / "sorry, you cut out after eight four one one" / "oh sorry, eight four one one two six three oh nine" (the
// forty-fifth blind set, BENCHMARKS.md). The first part is too short to be any value, and the whole, said after the
// other speaker's words, has no name before it. Each run named a value's kind and broken off is kept as digits; a run
// said later that starts with them and goes on is that value.

/** A part begun: at least this many digits (fewer are said again for other reasons), at most a value's half. */
const MIN_DIGITS = 3;
const MAX_DIGITS = 8;
/** The whole goes on past the part by at least this many digits, and is no longer than a card. */
const MORE_DIGITS = 2;
const MAX_VALUE = 19;
/** How far before a run its name is read. */
const NAMED_BEFORE = 40;
/** How many parts begun last are compared with: bounded, so linear. */
export const RECENT_BEGUN = 8;
/** Broken off: nothing but a pause or a hesitation after the run, to the end of the turn. */
const BROKEN_OFF = /^[\s,.…-]*(?:(?:uh|um|er|erm)[\s,.…-]*)?$/i;

/** The kinds a part is named as, each by its words; of those said, the last named is the part's. */
const NAMES: Array<[RegExp, PiiKind]> = [
  [anyOf(SSN_CONTEXT), 'us_social_security_number'],
  [anyOf(BANK_CONTEXT), 'banking_information'],
  [anyOf(PHONE_WORD), 'phone_number'],
];

function namedKind(before: string): PiiKind | null {
  if (NOT_A_PHONE.test(before)) return null;
  let kind: PiiKind | null = null;
  let at = -1;
  for (const [words, named] of NAMES) {
    const last = lastMatchAt(words, before);
    if (last > at) [at, kind] = [last, named];
  }
  return kind;
}

/**
 * The last run of `text` (from `from` on), when it is broken off at the turn's end, found to be nothing (`spans`:
 * what was found, sorted), and named a value's kind just before it: as digits, with that kind.
 */
export function begunIn(text: string, runs: DigitToken[][], spans: TextSpan[], from = 0): Heard[] {
  const run = runs[runs.length - 1];
  if (run === undefined || run[0].start < from) return [];
  const start = run[0].start;
  const end = run[run.length - 1].end;
  const digits = digitsOf(run);
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || !BROKEN_OFF.test(text.slice(end))) return [];
  if (spans.some((s) => s.start < end && s.end > start)) return [];
  const kind = namedKind(text.slice(Math.max(from, start - NAMED_BEFORE), start).toLowerCase());
  return kind ? [{ digits, kind }] : [];
}

/**
 * `spans` with each run not found that starts with a part begun in the call's turns before (`begun`) and goes on: that
 * value, whole. Linear: each run's digits are compared with a bounded number of bounded parts.
 */
export function withBegun(spans: TextSpan[], runs: DigitToken[][], begun: Heard[]): TextSpan[] {
  if (begun.length === 0) return spans;
  const out = [...spans];
  const added: TextSpan[] = [];
  let s = 0;
  for (const run of runs) {
    const start = run[0].start;
    const end = run[run.length - 1].end;
    while (s < out.length && out[s].end <= start) s += 1;
    const digits = digitsOf(run);
    if (digits.length > MAX_VALUE) continue;
    const part = begun.find((b) => digits.length >= b.digits.length + MORE_DIGITS && digits.startsWith(b.digits));
    if (!part) continue;
    if (s >= out.length || out[s].start >= end) added.push({ start, end, kind: part.kind });
    // Nine digits given alone are read as an SSN when nothing names them (common/redaction/bareAnswer.ts): begun as an
    // account, they are the account.
    else if (out[s].start === start && out[s].end === end && out[s].kind === 'us_social_security_number')
      out[s] = { ...out[s], kind: part.kind };
  }
  return added.length === 0 ? out : [...out, ...added].sort((a, b) => a.start - b.start);
}

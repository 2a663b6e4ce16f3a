import {
  anyOf,
  BANK_CONTEXT,
  CARD_CONTEXT,
  contextBefore,
  CVV_CONTEXT,
  cvvCode,
  EXPIRY_CONTEXT,
  lastMatchAt,
  NOT_A_PHONE,
  OTHER_CODES,
  PHONE_WORD,
  SSN_CONTEXT,
  SSN_LAST_FOUR,
} from './context';
import type { PiiKind, TextSpan } from './kinds';
import { isSsn } from './socialSecurity';

// Values a provider's formatter wrote as a time, a date or a quantity (Deepgram's smart_format, AssemblyAI's
// format_text, Whisper turn "twelve twenty eight" into "12:28" and "five eight three, two oh nine, one four seven"
// into "583,209,147"): "expiry 12:28", "the cvv is 9:06", "CID is 4,402", "sort code 20:47:15" (or "40.18.62",
// "09/01/28"), "the SSN is 583,209,147", "last four of the social, 51.67", "account number 12,734,409". Everywhere
// else times, prices and counts are written so (common/redaction/runContext.ts keeps them), so one is read as a
// value only where the word for a value of its length is the last thing named before it, with no number between.
// One pass of a bounded pattern over the text, a few words read before each match: linear in the text.

/** Digits in two to four groups joined by one kind of formatter's mark: ":", ".", "," or "/". */
const FORMATTED = /(?<![\w.,:/])\d{1,3}([:.,/])\d{2,3}(?:\1\d{2,3}){0,2}(?![\w]|[.,:/]\d)/g;

/** What may name the number instead, said after the value's word: then it is that, not the value. */
const OTHER_NAMED = anyOf(NOT_A_PHONE, PHONE_WORD, /\b(?:price|cost|total|balance|fee|amount|dollars?|pounds?)\b/);
const CVV_WORDS = anyOf(CVV_CONTEXT, /\bcode\b/);
const EXPIRY_WORDS = anyOf(EXPIRY_CONTEXT);
const SSN_WORDS = anyOf(SSN_CONTEXT);
const SORT_CODE = /\bsort(?: code|code)?\b/g;
const ACCOUNT_NUMBER = /\b(?:account|acct|a\/c) (?:number|no)\b/g;
const NUMBER = /\d/;
/** At most this many words between the value's word and the value. */
const SINCE_WORDS = 4;
/** Words a time or an amount follows, not a value. */
const TIME_WORDS = new Set(['at', 'by', 'until', 'till', 'from', 'around', 'before', 'after', 'about', 'of']);

/** Where the last match of `words` ends in `context`, when nothing else was named and no number said after it; else -1. */
function namedLast(context: string, words: RegExp): number {
  let end = -1;
  for (const m of context.matchAll(words)) end = m.index + m[0].length;
  if (end < 0) return -1;
  const since = context.slice(end);
  const said = since.split(' ').filter(Boolean);
  // "the cvv on the visa is 7:17", not "the cvv was fine, the delivery is at 1:10": a few words, none a time's.
  if (said.length > SINCE_WORDS || TIME_WORDS.has(said[said.length - 1] ?? '')) return -1;
  return NUMBER.test(since) || lastMatchAt(OTHER_NAMED, since) >= 0 ? -1 : end;
}

/** The kind of personal value `said` is (separated by `mark`), given the words before it; null when none. */
function kindOf(said: string, mark: string, context: string): PiiKind | null {
  const groups = said.split(mark);
  const digits = groups.join('');
  const [expiry, code, ssn, sort, account] = [EXPIRY_WORDS, CVV_WORDS, SSN_WORDS, SORT_CODE, ACCOUNT_NUMBER].map((w) =>
    namedLast(context, w),
  );
  // "expiry 12:28", "expiration is 5:28": a month and a year a card runs to, named as the expiry last.
  if (expiry > code && groups.length === 2 && (mark === ':' || mark === '.')) {
    const [month, year] = groups.map(Number);
    if (month >= 1 && month <= 12 && year >= 15 && year <= 49 && groups[1].length === 2)
      return 'credit_card_expiration';
  }
  // "the cvv is 9:06", "CID is 4,402": a card's code (not a door's) named last; "1.50" is a price.
  const cardCode =
    CVV_CONTEXT.test(context) || (cvvCode(context) && (!OTHER_CODES.test(context) || CARD_CONTEXT.test(context)));
  if (code > expiry && cardCode && mark !== '.' && (digits.length === 3 || digits.length === 4))
    return 'credit_card_cvv';
  // "the SSN is 583,209,147"; "the last four of your social? yeah, it's 4,419", "… social, 51.67".
  if (ssn >= 0 && mark === ',' && digits.length === 9 && groups.every((g) => g.length === 3) && isSsn(digits))
    return 'us_social_security_number';
  if (ssn >= 0 && digits.length === 4 && SSN_LAST_FOUR.test(context)) return 'us_social_security_number';
  // "sort code 20:47:15", "40.18.62", "09/01/28": a UK sort code is three pairs.
  if (sort >= 0 && groups.length === 3 && groups.every((g) => g.length === 2)) return 'banking_information';
  // "account number 12,734,409": an account's digits grouped as a count (a decimal part would be money).
  if (account >= 0 && mark === ',' && digits.length >= 6 && digits.length <= 17 && BANK_CONTEXT.test(context))
    return 'banking_information';
  return null;
}

/** The spans of values written by a formatter as times, dates or quantities, each named just before it. */
export function formattedSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const m of text.matchAll(FORMATTED)) {
    const context = contextBefore(text, m.index);
    if (context === '') continue;
    const kind = kindOf(m[0], m[1], context);
    if (kind) spans.push({ start: m.index, end: m.index + m[0].length, kind });
  }
  return spans;
}

import { BANK_CONTEXT } from './context';
import type { TextSpan } from './kinds';
import { DIGIT_WORDS, REPEATS, TENS } from './numberWords';
import type { Word } from './spelling';

/** The word's entry in one of the spoken-number tables, own keys only ("constructor" is no number). */
const entryOf = <T>(table: Record<string, T>, word: string | undefined): T | undefined =>
  word !== undefined && Object.hasOwn(table, word) ? table[word] : undefined;

// An Indian bank branch's IFSC, named: four letters of the bank, a zero, six letters or digits of the
// branch ("IFSC code HDFC0007876", spelled "i c i c oh nine nine oh three two three", "S B I N zero zero four
// eight four three one"). Read from the words after "IFSC": bounded, so linear in the text.

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const IFSC_LENGTH = 11;
/** Words between "IFSC" and the code. */
const LEAD_IN = new Set(['code', 'is', 'its', 'it', 'uh', 'um', 'number', 'no', 'right', 'hai', 'then']);

/** The characters word `w` says at position `at` of a code (a letter, a digit, or its own letters and digits). */
function charsOf(w: Word, at: number): string | null {
  // The bank's four letters come first: "oh" there would be the letter, and no bank code has one spoken so.
  // A lone "o" is the letter: only "oh" and "zero" say the branch's zero.
  const digit = at >= 4 && w.lower !== 'o' ? entryOf(DIGIT_WORDS, w.lower) : undefined;
  if (digit) return digit;
  if (/^[a-z0-9]$/.test(w.lower)) return w.lower.toUpperCase();
  // Written whole or in parts ("HDFC0007876", "SBIN 0048431"): letters and digits of at most the code's length.
  if (/^[a-z0-9]+$/.test(w.lower) && w.lower.length <= IFSC_LENGTH && /\d/.test(w.lower + (at === 0 ? '0' : '')))
    return w.text.toUpperCase();
  return null;
}

/** An IFSC written whole: four letters of the bank, a zero, six of the branch. */
const WRITTEN_IFSC = /\b[A-Za-z]{4}0[A-Za-z0-9]{6}\b/g;
const IFSC_AROUND = new RegExp(`${BANK_CONTEXT.source}|\\b(?:ifsc|neft|imps|rtgs|refund|transfer)\\b`);

/**
 * "for the refund to india, utib0000456, a/c …": an IFSC written whole with no name before it, a bank word within a
 * few dozen characters either side. Its digits are the branch's: the shape alone is rare, the bank word makes it sure.
 */
export function writtenIfscSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const m of text.matchAll(WRITTEN_IFSC)) {
    if (!/\d/.test(m[0].slice(5))) continue;
    const end = m.index + m[0].length;
    if (IFSC_AROUND.test(text.slice(Math.max(0, m.index - 60), end + 40).toLowerCase()))
      spans.push({ start: m.index, end, kind: 'banking_information' });
  }
  return spans;
}

/** The spans of IFSCs said after "IFSC" in `words`. */
export function ifscSpans(text: string, words: Word[]): TextSpan[] {
  const spans: TextSpan[] = [];
  for (let k = 0; k < words.length; k += 1) {
    // "ifsc", or spelled "i f s c".
    const spelled = ['i', 'f', 's', 'c'].every((letter, n) => words[k + n]?.lower === letter);
    if (words[k].lower !== 'ifsc' && !spelled) continue;
    if (spelled) k += 3;
    let i = k + 1;
    // The "s" of "it's" is no letter of the code.
    const leadIn = (w: Word) => LEAD_IN.has(w.lower) || (w.lower === 's' && /['’]/.test(text[w.start - 1] ?? ''));
    while (i < words.length && i - k <= 3 && leadIn(words[i])) i += 1;
    let code = '';
    let j = i;
    for (; j < words.length && code.length < IFSC_LENGTH; j += 1) {
      // "thirty one", "forty": two digits.
      const tens = code.length >= 4 ? entryOf(TENS, words[j].lower) : undefined;
      if (tens) {
        const unit = entryOf(DIGIT_WORDS, words[j + 1]?.lower);
        const said = unit && unit !== '0';
        code += tens + (said ? unit : '0');
        if (said) j += 1;
        continue;
      }
      // "double oh", "triple seven": the next character said so many times.
      const times = entryOf(REPEATS, words[j].lower);
      const chars = charsOf(words[times && j + 1 < words.length ? j + 1 : j], code.length);
      if (chars === null) break;
      if (times && chars.length === 1) {
        code += chars.repeat(times);
        j += 1;
      } else if (times) break;
      else code += chars;
    }
    if (j > i && IFSC.test(code))
      spans.push({ start: words[i].start, end: words[j - 1].end, kind: 'banking_information' });
    k = Math.max(k, j - 1);
  }
  return spans;
}

/** A group of an account's characters next to a span: digits, or letters and digits ("PT00", "INGB"), at most 4. */
const GROUP_AFTER = /^[ -]?(?=[A-Za-z]*\d)[A-Za-z0-9]{1,4}(?![A-Za-z0-9])/;
const GROUP_BEFORE = /(?<![A-Za-z0-9])(?=[A-Za-z]*\d)[A-Za-z0-9]{1,4}[ -]?$/;
/** An IBAN has at most 34 characters: an account's span widens over at most this many more. */
const MAX_WIDENING = 40;

/**
 * Bank details found in a window of a run (at most 17 digits) widened over the groups of the same account
 * written next to them: "PT00 0000 0000 0000 0000 000" is one account, not a span and three groups left.
 * Only groups holding a digit, up to an IBAN's length: a word next to the span stays.
 */
export function widenedAccounts(text: string, spans: TextSpan[]): TextSpan[] {
  return spans.map((span, s) => {
    if (span.kind !== 'banking_information') return span;
    const floor = s > 0 ? spans[s - 1].end : 0;
    const ceiling = s + 1 < spans.length ? spans[s + 1].start : text.length;
    let { start, end } = span;
    for (
      let m = GROUP_BEFORE.exec(text.slice(Math.max(floor, start - 5), start));
      m && span.start - start < MAX_WIDENING;
    ) {
      start -= m[0].length;
      m = GROUP_BEFORE.exec(text.slice(Math.max(floor, start - 5), start));
    }
    for (let m = GROUP_AFTER.exec(text.slice(end, Math.min(ceiling, end + 5))); m && end - span.end < MAX_WIDENING;) {
      end += m[0].length;
      m = GROUP_AFTER.exec(text.slice(end, Math.min(ceiling, end + 5)));
    }
    return start === span.start && end === span.end ? span : { ...span, start, end };
  });
}

/** A US routing number's checksum (ABA: 3·d1 + 7·d2 + d3 + … ≡ 0 mod 10). */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += w[i] * Number(digits[i]);
  return sum % 10 === 0;
}

/**
 * The account named right after a number: "… 071000013 acct 2209 4471 63", "031176110 account 36004418827", "…, and the
 * account".
 */
export const ACCOUNT_NEXT =
  /^[^a-z]{0,4}(?:(?:and|then|plus)\s+)?(?:(?:the|my|your|that's|that is|is that)\s+)?(?:acct|account|checking|savings)\b/;

/**
 * An account named by a bank's own words, a short one: "routing's 063100277 account 18834", "credit union, checking
 * account number 40217". A small credit union's share account has four or five digits; "account" alone before them
 * (an account with the seller) does not say so, a bank word before it does.
 */
export const SHORT_ACCOUNT =
  /\b(?:routing|aba|sort code|bsb|transit|bank|credit union|checking|savings)\b.*\b(?:account|acct)(?: (?:number|no|#|num))?(?: (?:is|it's|its|was|uh|um))*$/;

/**
 * "we're open 8 to 8, and the branch number is 0441": a shop's or an office's branch, where "branch number" alone
 * names it and no bank word is said around it (a bank's "branch code" names one by itself). `before`: the run's context.
 */
const BRANCH_ALONE = /\bbranch (?:number|no)\b/;
export const shopBranch = (text: string, at: number, before: string): boolean =>
  BRANCH_ALONE.test(before) && !BANK_CONTEXT.test(text.slice(Math.max(0, at - 120), at + 60).toLowerCase());

import { getCountries } from 'libphonenumber-js/max';
import { DIGIT_WORDS } from './numberWords';
import { BANK_CONTEXT } from './context';
import type { TextSpan } from './kinds';
import type { Word } from './spelling';

// A bank's SWIFT code (BIC, ISO 9362), named: four letters of the bank, its country's two, two letters or digits
// of the location, and an optional branch of three ("swift is DEUTDEFF", "the bic is cobadeffxxx", spelled "c h a
// s u s three three", "b n p a f r p p x x x"). Read from the few words after "swift" or "bic": bounded, so
// linear in the text.

const BIC = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const COUNTRIES = new Set<string>(getCountries());
const NAMES = new Set(['swift', 'bic']);
/** Words between "swift" or "bic" and the code. */
const LEAD_IN = new Set([
  'code',
  'is',
  'its',
  'it',
  'number',
  'no',
  'bic',
  'swift',
  'the',
  'address',
  'as',
  'well',
  'too',
]);
/** Lead-in words that say a code follows ("swift code …", "swift is …"): "a swift decision" names none. */
const NAMING = new Set(['code', 'is', 'number', 'address', 'bic']);
/** Where a part written in letters and digits may end: the bank (4), the country (6), the location (8), the branch. */
const PART_ENDS = new Set([4, 6, 8, 11]);
const BANK_WORDS = new RegExp(`${BANK_CONTEXT.source}|\\b(?:wire|transfer|payment|refund|remit\\w*|beneficiary)\\b`);
/** How far around "swift" a bank word is looked for: past an IBAN before it, a code spelled out after it. */
const AROUND = 80;
const SHORT = 8;
/** How many words after "swift" or "bic" and its lead-in an "is" naming the code may come; fewer after a code. */
const IS_WITHIN = 6;
const IS_NEAR = 4;
const LONG = 11;

/** The characters word `w` gives a code at position `at`: a letter, a digit said or written, or a written part. */
function charsOf(w: Word, at: number): string | null {
  // The location (from position 6) may be digits said as words ("three three"); before it, only letters.
  if (at >= 6 && w.lower !== 'o' && Object.hasOwn(DIGIT_WORDS, w.lower)) return DIGIT_WORDS[w.lower];
  if (/^[a-z0-9]$/.test(w.lower)) return w.lower.toUpperCase();
  // Written whole ("deutdeff", "bofaus3n") or in its parts ("BNPA FR PP"), each part ending where one of the
  // code's does ("the bic pen order" is no code: "pen" is no bank's four letters).
  if (/^[a-z0-9]+$/.test(w.lower) && PART_ENDS.has(at + w.lower.length)) return w.text.toUpperCase();
  return null;
}

const valid = (code: string): boolean => {
  const m = BIC.exec(code);
  return m !== null && COUNTRIES.has(m[1]);
};

/** The last word of a SWIFT code read from word `i` on, or -1. */
function codeEnd(words: Word[], i: number, limit = words.length): number {
  let code = '';
  let end = -1;
  for (let j = i; j < limit && code.length < LONG; j += 1) {
    // "oh" is a zero read out ("oh seven"), or the location's two letters written ("… de oh").
    const next = words[j + 1];
    const spelledOn = next !== undefined && (next.lower.length === 1 || Object.hasOwn(DIGIT_WORDS, next.lower));
    const chars = words[j].lower === 'oh' && code.length === 6 && !spelledOn ? 'OH' : charsOf(words[j], code.length);
    if (chars === null) break;
    // A code written whole is one word; letters spelled one by one go on to the branch ("… p p x x x"), but
    // a written word after a whole code is the sentence's ("swift code bofaus3n for the wire").
    if (code.length === SHORT && chars.length > 1 && words[j - 1].lower.length > 1) break;
    code += chars;
    if ((code.length === SHORT || code.length === LONG) && valid(code)) end = j;
    // "n for november", "g as in golf": the example after a spelled letter is not another letter of the code.
    j += exampleAfter(words, j);
  }
  return end;
}

/** How many words after spelled letter `j` give its example ("for november", "as in golf"), or 0. */
function exampleAfter(words: Word[], j: number): number {
  const letter = words[j].lower;
  if (letter.length !== 1 || !/[a-z]/.test(letter)) return 0;
  const n = words[j + 1]?.lower === 'for' ? 1 : words[j + 1]?.lower === 'as' && words[j + 2]?.lower === 'in' ? 2 : 0;
  const example = words[j + n + 1]?.lower;
  return n > 0 && example !== undefined && example.length > 1 && example.startsWith(letter) ? n + 1 : 0;
}

/** "…, that's the swift": the name said after the code. */
const NAMED_AFTER = [
  ['that', 's', 'the'],
  ["that's", 'the'],
  ['is', 'the'],
  ['thats', 'the'],
];

/** The first and last words of a code said just before the words naming it, at word `k` ("swift"), or null. */
function codeBefore(words: Word[], k: number): { first: number; last: number } | null {
  for (const lead of NAMED_AFTER) {
    const last = k - lead.length - 1;
    if (last < 0 || !lead.every((w, i) => words[last + 1 + i].lower === w)) continue;
    // A code spelled with an example per letter is at most three words a character.
    for (let first = Math.max(0, last - 3 * LONG); first <= last; first += 1)
      if (codeEnd(words, first) === last) return { first, last };
  }
  return null;
}

const spelledChar = (w: Word): boolean => w.lower.length === 1 || Object.hasOwn(DIGIT_WORDS, w.lower);

/**
 * "the new provider's bank is h s b c g b two l": a code spelled letter by letter right after "bank is" (a bank's name
 * written whole, "the bank is barclays", is no code). The last word of the code, or -1.
 */
function spelledAfterBank(words: Word[], k: number): number {
  if (words[k].lower !== 'bank' || words[k + 1]?.lower !== 'is' || words[k + 2]?.lower.length !== 1) return -1;
  let limit = k + 2;
  while (limit < words.length && limit - k <= LONG + 1 && spelledChar(words[limit])) limit += 1;
  return codeEnd(words, k + 2, limit);
}

const CAPITALS = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const CAPITAL = /^[A-Z0-9]$/;
const ARTICLES = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'this', 'that']);

/**
 * "we wire to DEUTDEFF", "the intermediary is B B V A M X M M": a code written in capitals, whole or letter by letter,
 * where a bank or a wire is spoken of, with no "swift" or "bic" said; in a text that is not all capitals, a word of
 * eight or eleven capitals whose fifth and sixth are a country is no word of the sentence. The last word, or -1.
 */
function unnamedCode(text: string, words: Word[], k: number): number {
  const w = words[k];
  let end = -1;
  if (CAPITALS.test(w.text) && valid(w.text)) end = k;
  else if (/^[A-Z]$/.test(w.text)) {
    let code = '';
    for (let j = k; j < words.length && code.length < LONG && CAPITAL.test(words[j].text); j += 1) {
      code += words[j].text;
      if ((code.length === SHORT || code.length === LONG) && valid(code)) end = j;
    }
  }
  // "the BUSINESS account": a word stressed in capitals comes after an article; a code does not.
  if (end < 0 || !/[a-z]/.test(text) || ARTICLES.has(words[k - 1]?.lower ?? '')) return -1;
  const around = text.slice(Math.max(0, w.start - AROUND), words[end].end + AROUND).toLowerCase();
  return BANK_WORDS.test(around) || /\bintermediar(?:y|ies)\b/.test(around) ? end : -1;
}

/** "the account holder is m c d o n a l d", "spelled p e …": a name spelled, just after what names it. */
const NAME_BEFORE =
  /\b(?:name|names|holder|surname|spell|spelled|spelt|spelling|payee|beneficiary)\b(?:\W+\w+){0,2}\W*$/;
/** What a spelled code is spoken of with: a name spelled is an account holder's, and a bank's word alone names no code. */
const SPELLED_AROUND = /\b(?:swift|bic|wires?|wired|wiring|intermediar(?:y|ies)|correspondent|beneficiary bank)\b/;

/**
 * "the bic for the bank a i b k i e two d", "… is CHASUS33, so c h a s u s three three": a code spelled letter by
 * letter, the whole of a spelled run (a name spelled is no code unless its length and its country's letters are a
 * code's too), where a SWIFT code or a wire is spoken of. The last word, or -1.
 */
function spelledCode(text: string, words: Word[], k: number): number {
  if (words[k].lower.length !== 1 || !/[a-z]/.test(words[k].lower) || (k > 0 && spelledChar(words[k - 1]))) return -1;
  let limit = k;
  while (limit < words.length && limit - k <= LONG && spelledChar(words[limit])) limit += 1;
  if (limit - k < SHORT || limit - k > LONG) return -1;
  const end = codeEnd(words, k, limit);
  if (end !== limit - 1 || NAME_BEFORE.test(text.slice(Math.max(0, words[k].start - 40), words[k].start).toLowerCase()))
    return -1;
  const around = text.slice(Math.max(0, words[k].start - AROUND), words[end].end + AROUND).toLowerCase();
  return SPELLED_AROUND.test(around) ? end : -1;
}

/** The spans of SWIFT codes said after "swift" or "bic" in `words`. */
export function bicSpans(text: string, words: Word[]): TextSpan[] {
  const spans: TextSpan[] = [];
  for (let k = 0; k < words.length; k += 1) {
    const spelled = spelledAfterBank(words, k);
    if (spelled >= 0) {
      spans.push({ start: words[k + 2].start, end: words[spelled].end, kind: 'banking_information' });
      k = spelled;
      continue;
    }
    const unnamed = Math.max(unnamedCode(text, words, k), spelledCode(text, words, k));
    if (unnamed >= 0) {
      spans.push({ start: words[k].start, end: words[unnamed].end, kind: 'banking_information' });
      k = unnamed;
      continue;
    }
    if (!NAMES.has(words[k].lower)) continue;
    const before = codeBefore(words, k);
    if (before && (spans.length === 0 || spans[spans.length - 1].end <= words[before.first].start)) {
      spans.push({ start: words[before.first].start, end: words[before.last].end, kind: 'banking_information' });
      continue;
    }
    let i = k + 1;
    let named = words[k].lower === 'bic';
    while (i < words.length && i - k <= 3 && LEAD_IN.has(words[i].lower)) {
      named ||= NAMING.has(words[i].lower);
      i += 1;
    }
    // "the swift code for barclays is …", "the swift of itaú is …": the code may follow an "is" said later.
    let afterIs = -1;
    // "swift if it's international is …": a few words of condition may come before it, when no code starts the lead-in.
    const within = codeEnd(words, i) >= 0 ? IS_NEAR : IS_WITHIN;
    for (let t = i; t < Math.min(words.length, i + within); t += 1)
      if (words[t].lower === 'is') {
        afterIs = t + 1;
        break;
      }
    // "a BIC for the transfer, it's L O Y D …": the "'s" of "it's" when no "is" is said and no code starts the lead-in.
    for (let t = i; afterIs < 0 && within === IS_WITHIN && t < Math.min(words.length, i + within); t += 1)
      if (words[t].lower === 's' && /['’]/.test(text[words[t].start - 1] ?? '')) afterIs = t + 1;
    // "swift" alone names a code among bank details ("iban …, swift bnpafrpp"; "swift … for the wire"), not in
    // "a swift decision".
    const around = text.slice(Math.max(0, words[k].start - AROUND), words[k].end + AROUND).toLowerCase();
    if (!named && afterIs < 0 && !BANK_WORDS.test(around)) continue;
    // After the "is" first; else where the lead-in ends: the "is" may be the code's own location ("and the bic
    // aaaa de is").
    let from = afterIs;
    let end = from >= 0 ? codeEnd(words, from) : -1;
    if (end < 0 && (named || BANK_WORDS.test(around))) {
      from = i;
      end = codeEnd(words, i);
      // Read from the lead-in, a code must reach the "is" to be its ("the swift code they told me is …" is not THEYTOLD),
      // unless written whole in capitals ("SWIFT OCBCSGSG, the name is …": that "is" is another thing's).
      if (afterIs >= 0 && end < afterIs - 1 && !(end === i && /^[A-Z0-9]{8}(?:[A-Z0-9]{3})?$/.test(words[i].text)))
        end = -1;
    }
    if (end >= 0) {
      spans.push({ start: words[from].start, end: words[end].end, kind: 'banking_information' });
      k = end;
    }
  }
  return spans;
}

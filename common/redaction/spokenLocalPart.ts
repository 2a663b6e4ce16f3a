import type { Word } from './spelling';
import { between, isSpace } from './wordGaps';
import { isNumberWord } from './numberWords';

// How far back a spoken address's local part reaches (common/redaction/emails.ts). Callers say a local part
// in pieces: a name then its spelling ("ravi, r a v i, dot patel, p a t e l, at …"), letters with commas
// and examples ("k as in kilo, a, r, i, m, dot, h, a, d, …"), two words ("mohammed dot al rashid at …"),
// "capital T", "all one word", "first initial j, then smith", a take-back ("e m i l y, no, e m i l i e,
// dot dubois at …"). Once an address's "at <domain>" is found, what was said before its local part
// belongs to it back to what introduces it ("my email is", "it's", "sure,", the start of the text), when
// it is said the way a local part is: it holds a spelled letter pair, a joining word or a word that only
// spelling uses. Bounded to LOCAL_WORDS words per address: linear in the text.

/** The most words a local part said in pieces can add before the part already found. */
const LOCAL_WORDS = 30;

/** Words that introduce an address or end what came before it: the local part said in pieces starts after them. */
const INTRODUCING = new Set(
  (
    'is was are it its email emails mail address addresses my your his her our their me to at sure okay ok ' +
    'yeah yes yep um uh umm uhm er so spell spelled spelling thanks thank please and or but hi hello send ' +
    'write reach contact cc forward copy that this the on of from with by via here there be id username'
  ).split(' '),
);

/** Words only an address said in pieces uses: a joiner, a spelling aid, a take-back inside it. */
const SPELLING_WORDS = new Set(
  'dot underscore dash hyphen period point apostrophe capital initial word double no sorry'.split(' '),
);

const DIGIT_WORDS = new Set('zero oh one two three four five six seven eight nine'.split(' '));

/** A sentence ends in the gap: what comes before is not the address. */
const SENTENCE_END = /[?!;:|]|\.\s/;

/**
 * The first word of a local part said in pieces, reaching back from `first` (the first word of the part
 * found) to what introduces it; `first` when what stands before is not said like a local part.
 */
export function spelledOutFrom(
  text: string,
  words: Word[],
  first: number,
  claimedTo: number,
  localEnd = first,
  mailHost = false,
): number {
  let from = first;
  while (from > 0 && first - from < LOCAL_WORDS) {
    const prev = words[from - 1];
    // "… l i n two thousand and three at …": "and" inside a number said in words is the number's.
    const inNumber = prev.lower === 'and' && /^(?:hundred|thousand)$/.test(words[from - 2]?.lower ?? '');
    if (prev.start < claimedTo || /\d/.test(prev.text) || (INTRODUCING.has(prev.lower) && !inNumber)) break;
    if (SENTENCE_END.test(between(text, prev, words[from]))) break;
    // The "s" of "it's", "that's", "name's".
    if (prev.lower === 's' && /['’]/.test(text[prev.start - 1] ?? '')) break;
    from -= 1;
  }
  let letters = 0;
  let digits = 0;
  let spelling = false;
  // Read to the local part's end: "wei ling dot tan at …", "sarah j m at …" are said in pieces after the name.
  for (let i = from; i <= Math.max(first, localEnd) && !spelling; i += 1) {
    // "a" and "i" are words unless spelled next to another letter ("then i met a smith at …" spells nothing).
    const letter = words[i].text.length === 1;
    const word = /^[ai]$/i.test(words[i].text) && words[i - 1]?.text.length !== 1 && words[i + 1]?.text.length !== 1;
    if (letter && !word) letters += 1;
    // "j smith two oh oh four at …": digits said in words are a local part's.
    if (DIGIT_WORDS.has(words[i].lower)) digits += 1;
    spelling = letters >= 2 || digits >= 2 || SPELLING_WORDS.has(words[i].lower);
  }
  // "send the label to dave kessler at gmail …": a first name and a surname said as the local part of a webmail address
  // (`mailHost`), with no pause between them: one word more, not spelled.
  if (spelling) return from;
  const name = words[first - 1];
  const named =
    mailHost &&
    from <= first - 1 &&
    /^[a-z]{2,}$/.test(name.lower) &&
    !DIGIT_WORDS.has(name.lower) &&
    isSpace(between(text, name, words[first]));
  return named ? first - 1 : first;
}

/** "at the rate of" or "at sign" said from word k ("at") on: how many words follow "at" (3, 1), else 0. */
export function atTheRateOf(text: string, words: Word[], k: number): number {
  const [the, rate, of, next] = [words[k + 1], words[k + 2], words[k + 3], words[k + 4]];
  // "at sign": how "@" is said when read off a screen.
  if (the?.lower === 'sign' && rate && isSpace(between(text, words[k], the))) return 1;
  if (!the || !rate || !of || !next) return 0;
  const said = the.lower === 'the' && rate.lower === 'rate' && of.lower === 'of';
  return said && isSpace(between(text, the, rate)) && isSpace(between(text, rate, of)) ? 3 : 0;
}

/**
 * A website, not an address: its host starts with "www" (written or spelled "w w w") or a path follows it
 * ("brightline.co.uk/contact", "iberia dot com slash manage").
 */
export function website(text: string, words: Word[], domainStart: number, last: number): boolean {
  const host = words[domainStart].lower;
  const spelledWww = host === 'w' && words[domainStart + 1]?.lower === 'w' && words[domainStart + 2]?.lower === 'w';
  // "at www dot com" is an address at www.com, "w w w a a a dot com" one spelled label; "www dot acme dot com" a site.
  const labelEnd = host === 'www' ? domainStart : spelledWww ? domainStart + 2 : -1;
  const dotAfter =
    labelEnd >= 0 &&
    (words[labelEnd + 1]?.lower === 'dot' ||
      between(text, words[labelEnd], words[labelEnd + 1] ?? words[labelEnd]) === '.');
  if (dotAfter && last > labelEnd + 2) return true;
  const after = text.slice(words[last].end, words[last].end + 8).toLowerCase();
  return /^(?:\/|\s+slash\b)/.test(after);
}

/** Words that say which address is meant before "is" ("the backup is", "mine is", "my personal one is"). */
const WHICH_ADDRESS = new Set(
  'email mail address backup personal work business private other second alternative secondary primary home mine'.split(
    ' ',
  ),
);
/** At most this many words of a local part said after "<which address> is". */
const AFTER_IS_WORDS = 4;
const NAMING_WORDS = 6;

/**
 * "the email is the rooneys at …", "and the backup is jdh work at …", "mine is sunita kaur at …": after the words
 * naming which address is meant and "is", every word up to "at" is the local part (at most AFTER_IS_WORDS words,
 * said without a pause); "this is tom at acme dot com" names no address. Returns the first such word, else `first`.
 */
export function afterIsFrom(text: string, words: Word[], first: number, claimedTo: number): number {
  for (let from = first; from > 0 && first - from < AFTER_IS_WORDS; from -= 1) {
    const prev = words[from - 1];
    if (prev.start < claimedTo || !isSpace(between(text, prev, words[from]))) return first;
    const is = prev.lower === 'is' || (prev.lower === 's' && /['’]/.test(text[prev.start - 1] ?? ''));
    if (!is) continue;
    // "my personal email for the W-2 is …": the naming word up to NAMING_WORDS words before "is".
    const naming = words.slice(Math.max(0, from - 1 - NAMING_WORDS), from - 1).some((w) => WHICH_ADDRESS.has(w.lower));
    return naming ? from : first;
  }
  return first;
}

/** At most this many number words end a local part ("… nineteen seventy six at"), after at most NAMES names. */
const NUMBER_WORDS = 4;
const NAMES = 2;

/**
 * "it's bigdog nineteen seventy six at aol dot com", "becca lynn ninety one at …": a local part ending in a number
 * said in words takes the name said before the number (one or two words `isName` accepts, and an initial before).
 * Returns the first word of it, else `first`.
 */
export function numberedFrom(
  text: string,
  words: Word[],
  first: number,
  claimedTo: number,
  isName: (w: Word) => boolean,
): number {
  const joins = (k: number): boolean =>
    k >= 0 && words[k].start >= claimedTo && isSpace(between(text, words[k], words[k + 1]));
  // Said in words or written as figures ("d hayes 1975 at …").
  // "noventa y dos", "dos mil cinco", "two thousand and five": the words inside a number are the number's.
  const numeral = (k: number): boolean =>
    isNumberWord(words[k].lower) ||
    /^\d{1,4}$/.test(words[k].text) ||
    (/^(?:y|and|mil|thousand|hundred)$/.test(words[k].lower) && k > 0 && isNumberWord(words[k - 1].lower));
  if (!numeral(first)) return first;
  let from = first;
  while (from - 1 >= 0 && first - from < NUMBER_WORDS - 1 && joins(from - 1) && numeral(from - 1)) from -= 1;
  const numbers = from;
  while (numbers - from < NAMES && joins(from - 1) && isName(words[from - 1]) && !numeral(from - 1)) from -= 1;
  if (from === numbers) return first;
  // An initial, not the "s" of "it's".
  const initial =
    joins(from - 1) && /^[b-hj-z]$/i.test(words[from - 1].text) && !/['’]/.test(text[words[from - 1].start - 1] ?? '');
  return initial ? from - 1 : from;
}

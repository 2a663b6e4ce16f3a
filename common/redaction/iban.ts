import type { TextSpan } from './kinds';
import { wordsOf, type Word } from './spelling';
import { quiet } from './wordGaps';

// IBANs in any case, written in blocks ("DE89 3704 0044 0532 0130 00", "nl91 abna 0417 1643 00") or
// spelled and spoken ("d e eight nine three seven oh four …", "d as in delta, e as in echo, …"), found by their checksum (ISO 13616: the
// account moved behind the country code, letters as 10–35, mod 97 is 1) at the length their country
// gives them. A written one starts with a block of country code and check digits; a spoken one spells
// its country code letter by letter or has a bank word before it. Each start reads at most 34 characters
// of units: linear in the text.

/** The length of an IBAN in each country that issues them (SWIFT's IBAN registry). */
// prettier-ignore
const LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22,
  GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31,
  MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24,
  SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

// prettier-ignore
const SPOKEN_DIGITS: Record<string, string> = {
  zero: '0', oh: '0', nought: '0', naught: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6',
  seven: '7', eight: '8', nine: '9',
};

// prettier-ignore
const TENS: Record<string, string> = {
  twenty: '2', thirty: '3', forty: '4', fifty: '5', sixty: '6', seventy: '7', eighty: '8', ninety: '9',
};
// prettier-ignore
const TEENS: Record<string, string> = {
  ten: '10', eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16',
  seventeen: '17', eighteen: '18', nineteen: '19',
};

const MAX_IBAN = 34;
/** The blocks an IBAN is written in. */
const BLOCK = 4;
/** Everyday words that are also a country's code in an IBAN: said in lower case, they are the words. */
const WORDS = new Set(['ad', 'at', 'be', 'by', 'do', 'is', 'it', 'me', 'no']);
const BANK_WORDS = /\b(iban|i b a n|account|bank|transfer|wire|sepa|payee|beneficiary)\b/;

interface Unit {
  chars: string;
  start: number;
  end: number;
  /** Written as a block of letters and digits (not spelled or spoken). */
  block: boolean;
}

/** The text as units an IBAN can be said in: blocks, spelled letters, digit words ("double" repeats). */
function unitsOf(text: string, words: Word[]): Array<Unit | null> {
  const units: Array<Unit | null> = [];
  let repeat = 0;
  let repeatStart = 0;
  let lastEnd = 0;
  let pendingTens = false;
  for (const said of words) {
    // A letter spelled with an example ("d as in delta") is the letter, spanning its example.
    const word = said.text;
    const lower = said.lower;
    const start = said.start;
    // Only spaces, dashes, dots and commas (a transcriber's pause between groups) stand between the units
    // of one IBAN, and the hesitations of someone reading it out ("d e eight nine, uh, three seven").
    const gap = quiet(text.slice(lastEnd, start));
    if (units.length > 0 && !/^[\s.,-]*$/.test(gap)) {
      if (pendingTens) (units[units.length - 1] as Unit).chars += '0';
      pendingTens = false;
      units.push(null);
    }
    // "seventeen thirty, eight seven seven": a pause ends "thirty"; its unit would follow it at once.
    if (pendingTens && /[,.-]/.test(gap)) {
      (units[units.length - 1] as Unit).chars += '0';
      pendingTens = false;
    }
    lastEnd = said.end;
    if (lower === 'double' || lower === 'triple') {
      repeat = lower === 'double' ? 2 : 3;
      repeatStart = start;
      continue;
    }
    const digit = SPOKEN_DIGITS[lower];
    const last = units[units.length - 1];
    // "seventy one" is 71: the unit joins the tens said before it; "seventy" alone is 70.
    if (pendingTens && last) {
      pendingTens = false;
      if (digit !== undefined && digit !== '0' && !repeat) {
        last.chars += digit;
        last.end = lastEnd;
        continue;
      }
      last.chars += '0';
    }
    if (TENS[lower] !== undefined) {
      units.push({ chars: TENS[lower], start, end: lastEnd, block: false });
      pendingTens = true;
      repeat = 0;
      continue;
    }
    if (TEENS[lower] !== undefined) {
      units.push({ chars: TEENS[lower], start, end: lastEnd, block: false });
      repeat = 0;
      continue;
    }
    if (digit !== undefined) {
      units.push({
        chars: digit.repeat(repeat || 1),
        start: repeat ? repeatStart : start,
        end: lastEnd,
        block: false,
      });
    } else if (word.length === 1) {
      const chars = lower.toUpperCase().repeat(repeat || 1);
      units.push({ chars, start: repeat ? repeatStart : start, end: lastEnd, block: false });
    } else if (word.length <= MAX_IBAN && (word.length <= BLOCK || /\d/.test(word))) {
      units.push({ chars: word.toUpperCase(), start, end: lastEnd, block: true });
    } else {
      // A word of letters longer than a block ("is 59164869, actually, 44965114") is said, not an IBAN's
      // part: IBANs are written in blocks of four, and one written whole holds digits.
      units.push(null);
    }
    repeat = 0;
  }
  if (pendingTens) (units[units.length - 1] as Unit).chars += '0';
  return units;
}

/**
 * Whether an IBAN whose checksum holds from unit `first` on was said as one: its country code spelled letter
 * by letter ("d e eight nine …", "g b three three …", how an IBAN is read out), written as a block with its
 * check digits ("DE89", "nl91") or alone ("gb two nine …", "DE 89 …"), or a bank word before it. "is",
 * "at", "no" said before digits are words, not Iceland, Austria, Norway.
 */
function saidAsIban(text: string, first: Unit, second: Unit | null | undefined): boolean {
  if (!first.block)
    return (
      (first.chars.length === 1 && second?.block === false && second.chars.length === 1) || bankWordBefore(text, first)
    );
  const code = text.slice(first.start, first.end);
  return (
    /^[A-Z]{2}\d/.test(first.chars) ||
    (code.length === 2 && (/^[A-Z]{2}$/.test(code) || !WORDS.has(code.toLowerCase()))) ||
    bankWordBefore(text, first)
  );
}

const bankWordBefore = (text: string, first: Unit): boolean =>
  BANK_WORDS.test(text.slice(Math.max(0, first.start - 60), first.start).toLowerCase());

/** ISO 7064 mod 97-10 over the rearranged IBAN, one character at a time (no big numbers). */
export function ibanValid(iban: string): boolean {
  const length = LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const c of moved) {
    const value = c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

/** `words`: the text's words (common/redaction/spelling.ts), when the caller has them already. */
export function ibanSpans(text: string, words: Word[] = wordsOf(text)): TextSpan[] {
  const spans: TextSpan[] = [];
  const units = unitsOf(text, words);
  let i = 0;
  while (i < units.length) {
    const first = units[i];
    if (!first || !/^[A-Z]/.test(first.chars)) {
      i += 1;
      continue;
    }
    let chars = '';
    let found = -1;
    for (let j = i; j < units.length && chars.length < MAX_IBAN; j += 1) {
      const unit = units[j];
      if (!unit) break;
      chars += unit.chars;
      if (chars.length >= 2 && LENGTHS[chars.slice(0, 2)] === undefined) break;
      if (chars.length === LENGTHS[chars.slice(0, 2)]) {
        if (ibanValid(chars)) found = j;
        break;
      }
    }
    if (found >= 0 && saidAsIban(text, first, units[i + 1])) {
      spans.push({ start: first.start, end: (units[found] as Unit).end, kind: 'banking_information' });
      i = found + 1;
    } else i += 1;
  }
  return spans;
}

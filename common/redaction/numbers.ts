import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { digitRuns, digitsOf, type DigitToken } from './digits';
import type { PiiKind, TextSpan } from './kinds';

// Numbers that are personal data, found in the digit runs of a text (written or spoken):
// - card numbers: 13–19 digits, Luhn-valid, with a card network's leading digits;
// - US social security numbers: ddd-dd-dddd as written, or nine digits after "social security"/"SSN";
// - bank account and routing numbers: 6–17 digits after "account", "routing", "IBAN", "sort code";
// - phone numbers: what libphonenumber-js (Google's metadata) calls a valid number, national (US) or
//   international ("plus" or "+" before it); not after "order", "invoice", … (a reference, not a phone);
// - a card's CVV after "CVV"/"security code", its expiry after "expires"/"expiration" or as MM/YY next
//   to a card number.
// Prices, dates, times, counts and order numbers stay: none of them passes these tests.

/** How many words before a run its context is read from. */
const CONTEXT_WORDS = 6;

const contextBefore = (text: string, at: number): string =>
  text
    .slice(Math.max(0, at - 80), at)
    .toLowerCase()
    .split(/[^a-z0-9#']+/)
    .filter(Boolean)
    .slice(-CONTEXT_WORDS)
    .join(' ');

const SSN_CONTEXT = /\b(social security|social|ssn|ss number)\b/;
const BANK_CONTEXT = /\b(account|acct|routing|aba|iban|sort code|bank|checking|savings)\b/;
const CVV_CONTEXT =
  /\b(cvv2?|cvc2?|cid|security code|verification code|card code|code on the back|digits on the back)\b/;
const EXPIRY_CONTEXT = /\b(expir\w*|exp|valid thru|valid through|good thru|good through)\b/;
const NOT_A_PHONE =
  /\b(order|invoice|ticket|tracking|reference|ref|confirmation|po|quote|case|serial|sku|part|model|item|claim|policy|id)\b/;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Leading digits of the card networks (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro). */
const CARD_PREFIX =
  /^(4|5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720)|3[47]|6011|64[4-9]|65|35(2[89]|[3-8])|3(0[0-5]|[689])|62|5[06-9]|6[37])/;

export const isCardNumber = (digits: string): boolean =>
  digits.length >= 13 && digits.length <= 19 && CARD_PREFIX.test(digits) && luhnValid(digits);

/** The Social Security Administration never issues area 000, 666 or 9xx, group 00 or serial 0000. */
export const isSsn = (digits: string): boolean => /^(?!000|666|9)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(digits);

const isPhone = (digits: string, international: boolean): boolean => {
  if (international) return parsePhoneNumberFromString(`+${digits}`)?.isValid() === true;
  if (digits.length !== 10 && !(digits.length === 11 && digits.startsWith('1'))) return false;
  return parsePhoneNumberFromString(digits, 'US')?.isValid() === true;
};

interface Window {
  i: number;
  j: number;
  digits: string;
}

/** Every window of whole tokens of a run, longest first, as its digits. */
function windows(run: DigitToken[]): Window[] {
  const all: Window[] = [];
  for (let i = 0; i < run.length; i += 1)
    for (let j = i; j < run.length; j += 1) all.push({ i, j, digits: digitsOf(run, i, j) });
  return all.sort((a, b) => b.digits.length - a.digits.length || a.i - b.i);
}

/** The written shape of a window: its tokens' digit counts joined by what stands between them. */
const shapeOf = (text: string, run: DigitToken[], w: Window): string => text.slice(run[w.i].start, run[w.j].end);

function kindOf(text: string, run: DigitToken[], w: Window, cardBefore: boolean): PiiKind | null {
  const { digits } = w;
  const context = contextBefore(text, run[w.i].start);
  const written = run.slice(w.i, w.j + 1).every((t) => t.written);
  if (digits.length === 9 && isSsn(digits)) {
    if (SSN_CONTEXT.test(context)) return 'us_social_security_number';
    if (written && /^\d{3}[- ]\d{2}[- ]\d{4}$/.test(shapeOf(text, run, w))) return 'us_social_security_number';
  }
  if (digits.length >= 6 && digits.length <= 17 && BANK_CONTEXT.test(context)) return 'banking_information';
  if ((digits.length === 3 || digits.length === 4) && CVV_CONTEXT.test(context)) return 'credit_card_cvv';
  if (digits.length >= 3 && digits.length <= 6 && (EXPIRY_CONTEXT.test(context) || cardBefore)) {
    // "oh four twenty-seven" arrives as digits 0427, "04 2027" as 042027: a month first.
    if (/^(0?[1-9]|1[0-2])(\d{2}|20\d{2})$/.test(digits) && (EXPIRY_CONTEXT.test(context) || !written))
      return 'credit_card_expiration';
  }
  const international = /(\+|\bplus)\s*$/i.test(text.slice(Math.max(0, run[w.i].start - 6), run[w.i].start));
  if (digits.length >= 7 && !NOT_A_PHONE.test(context) && isPhone(digits, international)) return 'phone_number';
  return null;
}

/** Card lengths in the order they are tried: the common ones first, so a digit said after a card does not join it. */
const CARD_LENGTHS = [16, 15, 14, 13, 19, 18, 17];

/** The spans of personal-data numbers in a text's digit runs. */
export function numberSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const run of digitRuns(text)) {
    const taken = new Array<boolean>(run.length).fill(false);
    const all = windows(run);
    const free = (w: Window) => !taken.slice(w.i, w.j + 1).some(Boolean);
    const take = (w: Window, kind: PiiKind) => {
      for (let k = w.i; k <= w.j; k += 1) taken[k] = true;
      // A phone said with its country code keeps the "+" or "plus" before it inside the span.
      const lead = kind === 'phone_number' ? /(\+|\bplus)\s*$/i.exec(text.slice(0, run[w.i].start)) : null;
      spans.push({ start: lead ? lead.index : run[w.i].start, end: run[w.j].end, kind });
    };
    for (const length of CARD_LENGTHS)
      for (const w of all)
        if (w.digits.length === length && free(w) && isCardNumber(w.digits)) take(w, 'credit_card_number');
    for (const w of all) {
      if (!free(w)) continue;
      const cardBefore = spans.some(
        (s) => s.kind === 'credit_card_number' && run[w.i].start >= s.end && run[w.i].start - s.end < 40,
      );
      const kind = kindOf(text, run, w, cardBefore);
      if (kind) take(w, kind);
    }
  }
  return spans;
}

/** Written expiries: "04/27", "4 / 2027" after an expiry word or near a card number. */
export function writtenExpirySpans(text: string, cards: TextSpan[]): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const m of text.matchAll(/(?<![\d/])(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|20\d{2})(?![\d/])/g)) {
    const near = cards.some((c) => Math.abs(m.index - c.end) < 60) || EXPIRY_CONTEXT.test(contextBefore(text, m.index));
    if (near) spans.push({ start: m.index, end: m.index + m[0].length, kind: 'credit_card_expiration' });
  }
  return spans;
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';

/** "expires April 2027", "expiration: March twenty twenty-eight": a month and a year after an expiry word. */
export function spokenExpirySpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  const pattern = new RegExp(
    `\\b(${MONTHS})(?:\\s+of)?\\s*,?\\s+(20\\d{2}|\\d{2}|twenty[\\s-]+\\w+(?:[\\s-]+\\w+)?)`,
    'gi',
  );
  for (const m of text.matchAll(pattern))
    if (EXPIRY_CONTEXT.test(contextBefore(text, m.index)))
      spans.push({ start: m.index, end: m.index + m[0].length, kind: 'credit_card_expiration' });
  return spans;
}

/** Written IBANs ("DE89 3704 0044 0532 0130 00"): two letters, two check digits, the account. */
export function ibanSpans(text: string): TextSpan[] {
  return [...text.matchAll(/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    kind: 'banking_information' as const,
  }));
}

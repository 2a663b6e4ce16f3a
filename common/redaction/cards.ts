import { CARD_CONTEXT, contextAround } from './context';
import type { DigitToken } from './digits';

// Payment card numbers, for common/redaction/numbers.ts: 13–19 digits with a card network's leading
// digits, Luhn-valid, and said or written as a card number.

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

/**
 * A Luhn-valid number is a card when it is said as one (context words around it, or spoken digit by
 * digit) or written as cards are printed (one block, or groups of 4-4-4-4, 4-6-5, …): a list of prices
 * or counts whose digits happen to pass Luhn stays (issue 51, Presidio's pattern + checksum + context).
 */
export function cardLike(text: string, tokens: DigitToken[]): boolean {
  // Nobody says a card number with "thousand".
  if (tokens.some((t) => t.magnitude)) return false;
  if (CARD_CONTEXT.test(contextAround(text, tokens[0].start, tokens[tokens.length - 1].end))) return true;
  if (tokens.some((t) => !t.written)) return true;
  for (let k = 1; k < tokens.length; k += 1)
    if (!/^[ -]?$/.test(text.slice(tokens[k - 1].end, tokens[k].start))) return false;
  const groups = tokens.map((t) => t.digits.length).join('-');
  return tokens.length === 1 || /^(4-4-4-4|4-4-4-4-3|4-6-5|4-6-4|4-4-4-3|4-4-4-2|4-4-4-1|4-4-5)$/.test(groups);
}

/** Card lengths in the order they are tried: the common ones first, so a digit said after a card does not join it. */
export const CARD_LENGTHS = [16, 15, 14, 13, 19, 18, 17];

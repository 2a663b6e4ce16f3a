import { type DigitToken, digitsOf } from './digitToken';
import { abaValid } from './bankCodes';

// The numbers printed along the bottom of a check, read out as they stand: "i'm looking at a check and the numbers at
// the bottom are three two two two seven one six two seven nine one four four …" (the forty-fifth and forty-eighth
// blind sets, BENCHMARKS.md). The routing number and the account run together, or come one after the other with
// "then there's a little symbol then …" between; the check's own number (three or four digits) comes last.

/** The bottom line of a check named in the words before a run. */
const BOTTOM_LINE =
  /\b(?:numbers?|digits) (?:at|along|on|across|printed (?:at|along|on)) the bottom\b|\bbottom (?:line )?of (?:the|a|my|your|his|her|this|that) (?:check|cheque)\b/;
const A_CHECK = /\b(?:check|cheque)s?\b/;
/** How far back the check and its bottom line are looked for. */
const NAMED_BEFORE = 200;
/** The routing number's nine digits and an account's seventeen at most; no check number alone (three or four). */
const MIN_DIGITS = 6;
const MAX_DIGITS = 9 + 17;

/**
 * Whether `run` is read off a check's bottom line: named so in the words before it, a check spoken of, and the run
 * 6 to 17 digits (a routing number or an account said apart), or longer and starting with a routing number whose
 * checksum holds (the two run together). Read over the whole run: the windows a value is looked for in stop at
 * nineteen digits.
 */
export function checkLine(text: string, run: DigitToken[]): boolean {
  const digits = digitsOf(run);
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return false;
  const before = text.slice(Math.max(0, run[0].start - NAMED_BEFORE), run[0].start).toLowerCase();
  if (!BOTTOM_LINE.test(before) || !A_CHECK.test(before)) return false;
  return digits.length >= 9 ? abaValid(digits.slice(0, 9)) || digits.length <= 17 : true;
}

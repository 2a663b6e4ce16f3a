import type { CountryCode } from 'libphonenumber-js/max';
import { bareAnswer } from './bareAnswer';
import {
  BANK_CONTEXT,
  CARD_CONTEXT,
  lastMatchAt,
  namesThis,
  NOT_A_PHONE,
  PHONE_CONTEXT,
  SSN_AFTER,
  SSN_CONTEXT,
} from './context';
import type { DigitToken } from './digitToken';
import type { PiiKind } from './kinds';
import { isPhone, pieceOfId } from './phones';
import type { RunContext } from './runContext';
import { hundredsOnly, pausedGroups, shapeOf, type Window } from './runShape';

// A US social security number among a run's windows of nine digits (common/redaction/numbers.ts): named before
// or after ("social", "SSN"), written in its groups, said with "dash", in its own groups at a pause each, or given
// as the whole of an answer.

/** Written ddd-dd-dddd, or its digits written one by one in those groups ("3 6 2 - 1 8 - 4 5 0 9"). */
const ssnShaped = (shape: string): boolean =>
  /^\d{3}[- ]\d{2}[- ]\d{4}$/.test(shape) || /^\d ?\d ?\d ?- ?\d ?\d ?- ?\d ?\d ?\d ?\d$/.test(shape);

const SSN_WORDS = new RegExp(SSN_CONTEXT.source, 'g');
/** What else a number near a social may be: a phone ("number" aside: "social security number"), a card, an account, a reference. */
const OTHER_WORDS = new RegExp(
  [PHONE_CONTEXT.source.replace('|number|', '|'), CARD_CONTEXT.source, BANK_CONTEXT.source, NOT_A_PHONE.source].join(
    '|',
  ),
  'g',
);
/** How far back a social named before a whole run of nine digits is read: a sentence, not the run's eight words. */
const WIDE = 120;

/**
 * A social named in the sentence before `start` and nothing else named since: "the social on the w-2 doesn't
 * match, it should be …", "my social security number is …, and my son's is …".
 */
function socialNamedEarlier(text: string, start: number): boolean {
  const wide = text.slice(Math.max(0, start - WIDE), start).toLowerCase();
  const social = lastMatchAt(SSN_WORDS, wide);
  return social >= 0 && social > lastMatchAt(OTHER_WORDS, wide);
}

/** The Social Security Administration never issues area 000, 666 or 9xx, group 00 or serial 0000. */
export const isSsn = (digits: string): boolean => /^(?!000|666|9)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(digits);

/**
 * The kind of a window of nine digits read as an SSN: the SSN, a phone where the region dials nine digits and an
 * answer is one, or null. `scaled`: a token of it was said with "hundred" or "thousand"; `written`: all in figures.
 */
export function socialSecurityOf(
  text: string,
  run: DigitToken[],
  w: Window,
  around: RunContext,
  region: CountryCode,
  scaled: boolean,
  written: boolean,
): PiiKind | null {
  const { digits } = w;
  // A group said with "hundred" ("three hundred forty-one, fifty six, ninety one twenty") is an SSN's group too.
  if ((scaled && !hundredsOnly(run, w)) || !isSsn(digits)) return null;
  if (around.ssnBefore[w.i] || namesThis(SSN_AFTER, around.after[w.j])) return 'us_social_security_number';
  // Written ddd-dd-dddd, unless cut out of a longer ID ("10-100-10-1000-10").
  // Either shape alone, with no word naming it, unless a reference word names it ("case number 418-22-6719").
  if (
    written &&
    !around.referenceBefore[w.i] &&
    ssnShaped(shapeOf(text, run, w, around)) &&
    !pieceOfId(text, run[w.i].start, run[w.j].end)
  )
    return 'us_social_security_number';
  if (
    !written &&
    !around.referenceBefore[w.i] &&
    /\bdash\b/.test(shapeOf(text, run, w, around).toLowerCase()) &&
    w.j - w.i >= 2
  )
    return 'us_social_security_number';
  // Nine digits alone as an answer: an SSN, unless the company's region dials nine-digit numbers and this is one.
  if (w.i === 0 && w.j === run.length - 1 && bareAnswer(text, run))
    return region !== 'US' && isPhone(digits, false, region) ? 'phone_number' : 'us_social_security_number';
  // The whole of a run, with a social named further back than the run's own context reaches.
  if (w.i === 0 && w.j === run.length - 1 && !around.referenceBefore[w.i] && socialNamedEarlier(text, run[w.i].start))
    return 'us_social_security_number';
  // Said in the SSN's own groups, three, two and four digits at a pause each ("double one six, five nine,
  // one two five four"): a phone is grouped 3-3-4, a list in ones. The whole run, nothing named before it.
  if (
    !written &&
    !around.referenceBefore[w.i] &&
    w.i === 0 &&
    w.j === run.length - 1 &&
    pausedGroups(text, run) === '3-2-4'
  )
    return 'us_social_security_number';
  return null;
}

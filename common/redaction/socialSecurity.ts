import type { CountryCode } from 'libphonenumber-js/max';
import { bareAnswer } from './bareAnswer';
import {
  anyOf,
  BANK_CONTEXT,
  CARD_CONTEXT,
  namedInSentenceBefore,
  namesThis,
  NOT_A_PHONE,
  PHONE_WORD,
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

/** A social, or "the last four" callers are asked for (common/redaction/lastFour.ts), named in a sentence. */
const SSN_WORDS = anyOf(SSN_CONTEXT, /\blast (?:four|4)\b/);
/**
 * Another person's value said after one's own ("and my husband's is …", "hers is …"): nine digits of a person's
 * are their SSN when nothing else is named.
 */
const SOMEONE_ELSES = /(?:^| )(?:(?:my|his|her|our|their|the) [a-z]+'s|hers|his|theirs|mine)(?: one)?(?: is| was)$/;
/** "and mine, if you need mine as well for the benefit, is uh …": the owner said, then "is" just before the digits. */
const OWNER_SAID = /\b(?:mine|hers|theirs)\b/;
const IS_BEFORE = /(?:^| )(?:is|was)(?: (?:uh|um|er))?$/;
/** What else a number near a social may be: a phone, a card, an account, a reference. */
const OTHER_WORDS = anyOf(PHONE_WORD, CARD_CONTEXT, BANK_CONTEXT, NOT_A_PHONE);

/**
 * A social (or "the last four") named in the sentence before `start` and nothing else named since: "the social on
 * the w-2 doesn't match, it should be …", "the last four are 7035, the whole thing is …"; or nine digits said as
 * someone's with nothing else named ("and my husband's is …").
 */
function socialNamedEarlier(text: string, start: number, before: string): boolean {
  const { sentence, named, namedEnd, other } = namedInSentenceBefore(text, start, SSN_WORDS, OTHER_WORDS);
  if (named >= 0) return other < namedEnd;
  return other < 0 && (SOMEONE_ELSES.test(before) || (OWNER_SAID.test(sentence) && IS_BEFORE.test(before)));
}

/**
 * The digits said between the "dash"es of a window, as "3-2-4" ("" when no dash is said): an SSN's dashes stand
 * where its groups end; a student number "two zero two three dash zero one five five six" is grouped 4-5.
 */
function dashedGroups(text: string, run: DigitToken[], w: Window): string {
  const groups = [run[w.i].digits.length];
  for (let k = w.i + 1; k <= w.j; k += 1) {
    if (/\b(?:dash|hyphen)\b/i.test(text.slice(run[k - 1].end, run[k].start))) groups.push(0);
    groups[groups.length - 1] += run[k].digits.length;
  }
  return groups.length > 1 ? groups.join('-') : '';
}
const SSN_DASHED = /^(?:3-2-4|3-6|5-4)$/;

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
  // "And the routing number? two six oh, oh seven, …": a bank named it, whatever its groups; a bank's rules read it.
  if (
    around.bankBefore[w.i] &&
    !SSN_CONTEXT.test(text.slice(Math.max(0, run[w.i].start - 80), run[w.i].start).toLowerCase())
  )
    return null;
  // Written ddd-dd-dddd, unless cut out of a longer ID ("10-100-10-1000-10").
  // Either shape alone, with no word naming it, unless a reference word names it ("case number 418-22-6719").
  if (
    written &&
    !around.referenceBefore[w.i] &&
    ssnShaped(shapeOf(text, run, w, around)) &&
    !pieceOfId(text, run[w.i].start, run[w.j].end)
  )
    return 'us_social_security_number';
  if (!written && !around.referenceBefore[w.i] && w.j - w.i >= 2 && SSN_DASHED.test(dashedGroups(text, run, w)))
    return 'us_social_security_number';
  // Nine digits alone as an answer: an SSN, unless the company's region dials nine-digit numbers and this is one.
  // ("… we have an EIN now, it's 36 4412907": a reference word names it.)
  if (w.i === 0 && w.j === run.length - 1 && !around.referenceBefore[w.i] && bareAnswer(text, run))
    return region !== 'US' && isPhone(digits, false, region) ? 'phone_number' : 'us_social_security_number';
  // The whole of a run, with a social named further back than the run's own context reaches.
  if (
    w.i === 0 &&
    w.j === run.length - 1 &&
    !around.referenceBefore[w.i] &&
    socialNamedEarlier(text, run[w.i].start, around.before[w.i])
  )
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

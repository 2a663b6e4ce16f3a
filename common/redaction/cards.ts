import { BANK_CONTEXT, CARD_CONTEXT, contextAround, contextBefore, EXPIRY_CONTEXT, NOT_A_PHONE } from './context';
import type { DigitToken } from './digits';
import { cardShaped, isCardNumber } from './cardNumber';
import type { RunContext } from './runContext';
import type { Window } from './runShape';
import { pieceOfId } from './phones';

// Payment card numbers, for common/redaction/numbers.ts (which tests the digits: 13–19, a card network's
// leading digits, Luhn-valid): said or written as a card number.

/**
 * A Luhn-valid number is a card when it is said as one (context words around it, or spoken digit by
 * digit, in words or figures) or written as cards are printed (one block, or groups of 4-4-4-4, 4-6-5, …): a list of prices
 * or counts whose digits happen to pass Luhn stays (issue 51, Presidio's pattern + checksum + context).
 */
export function cardLike(text: string, tokens: DigitToken[], referenced = false): boolean {
  // Nobody says a card number with "thousand" (a group with "hundred" they do: "fifty eight hundred").
  if (tokens.some((t) => t.magnitude && (t.year || t.digits.endsWith('000')))) return false;
  const around = contextAround(text, tokens[0].start, tokens[tokens.length - 1].end);
  if (CARD_CONTEXT.test(around)) return true;
  // "try 4578 2216 9038 4,710, and it's good through 10/30", "$4,716.33 8209 5411 77, and it expires …": a formatter
  // wrote groups as an amount or a count, and the card's expiry is named right after (no reference named it).
  const end = tokens[tokens.length - 1].end;
  if (!referenced && EXPIRY_CONTEXT.test(text.slice(end, end + EXPIRY_NEXT).toLowerCase())) return true;
  // "i've got a gift card for the garden centre, the number is 6 0 3 9 …": a card no one pays with.
  if (NOT_A_PAYMENT_CARD.test(around)) return false;
  // "the clabe interbancaria, zero zero two, …": digits a bank word names are the account's.
  if (BANK_CONTEXT.test(contextBefore(text, tokens[0].start))) return false;
  // "the tracking number is 9 4 0 0 …": part of a reference read out figure by figure or in words passes Luhn too
  // (`referenced`: a reference word named the run it is in, however long ago).
  if (referenced) return false;
  // Said digit by digit or in words, or partly ("5493 uh 0893 oh seven oh two 4956"): a card, unless the words
  // say again what the figures said ("519 07 3388 five one nine oh seven …": a number read back).
  if (tokens.some((t) => !t.written)) return !readBack(tokens);
  // "EAN 4006385574606", "IMEI …": a product or device code named as such passes Luhn too.
  if (NOT_A_PHONE.test(contextBefore(text, tokens[0].start))) return false;
  if (pieceOfId(text, tokens[0].start, tokens[tokens.length - 1].end)) return false;
  // Printed groups read out with a hesitation between them ("4416 uh 0353 um 8271 6963") are still printed groups,
  // and with one comma an engine put at a pause ("5423. 1884, 0076 2143"); commas between them all are a list.
  let commas = 0;
  for (let k = 1; k < tokens.length; k += 1) {
    const gap = text.slice(tokens[k - 1].end, tokens[k].start);
    if (gap === ', ' && (commas += 1) === 1) continue;
    if (!GROUP_GAP.test(gap)) return false;
  }
  // Figures one at a time ("5 1 3 7 8 9 …"): said digit by digit, which nobody counts or prices in.
  if (tokens.length >= 13 && tokens.every((t) => t.digits.length === 1)) return true;
  // A group of four read as two pairs ("4624 40 uh 27 9003 1716") is that group.
  const groups = tokens
    .map((t) => t.digits.length)
    .join('-')
    .replace(/(^|-)2-2(?=-|$)/g, '$14');
  return tokens.length === 1 || /^(4-4-4-4|4-4-4-4-3|4-6-5|4-6-4|4-4-4-3|4-4-4-2|4-4-4-1|4-4-5)$/.test(groups);
}

/** How far before a number a card named makes a misheard number its own. */
const NAMED_NEAR = 50;

/**
 * "put it on the discover, six zero one one, four one oh nine, …" whose checksum fails: a digit misheard by the engine
 * or misread by the caller. A card named just before or after, no reference or gift card named, a card's common length
 * (`digits`, from the run's start to a pause): still the card's number, whose other digits are as real.
 */
function misheardCard(text: string, start: number, end: number, digits: string, referenced: boolean): boolean {
  if (referenced || !cardShaped(digits)) return false;
  const before = contextBefore(text, start).slice(-NAMED_NEAR);
  // Or named right after it: "…, six nine four four. That's the card."
  const named = CARD_NAMED_AFTER.test(text.slice(end, end + NAMED_NEAR).toLowerCase()) || CARD_CONTEXT.test(before);
  return named && !NOT_A_PAYMENT_CARD.test(before) && !NOT_A_PHONE.test(before);
}

/**
 * The window of `run` (`all`: its windows by length) that is such a card: 16 or 15 digits from the run's start to a
 * pause or its end; none where a longer card from the run's start passes Luhn (a Maestro's nineteen digits are no
 * misread sixteen) or the run follows a "+" (a country code).
 */
export function misheardCardWindow(
  text: string,
  run: DigitToken[],
  all: Window[][],
  around: RunContext,
): Window | null {
  if (around.leadAt[0] >= 0 || [17, 18, 19].some((l) => all[l].some((w) => w.i === 0 && isCardNumber(w.digits))))
    return null;
  for (const length of [16, 15])
    for (const w of all[length])
      if (
        w.i === 0 &&
        (w.j === run.length - 1 || around.pauses[w.j]) &&
        misheardCard(text, run[0].start, run[w.j].end, w.digits, around.referenceBefore[0])
      )
        return w;
  return null;
}

const CARD_NAMED_AFTER = /^[\s,.]*(?:(?:that's|that is|it's|on)\s+)?(?:the|my|a)\s+(?:credit |debit )?card\b/;

/** How far after a card its expiry may be named. */
const EXPIRY_NEXT = 40;

// "4264 2488. 7943 0450": a full stop an engine put between two groups is a pause too.
const NOT_A_PAYMENT_CARD = /\b(?:gift|loyalty|rewards|membership|library|store|sim|key|access) card\b/;

const GROUP_GAP = /^[ :-]?$|^\. $|^ ,? ?(?:uh|um|er|erm|like),? $/i;

/** Figures then words that start with the same digits: one number said twice, not one card. */
function readBack(tokens: DigitToken[]): boolean {
  const switchAt = tokens.findIndex((t) => !t.written);
  if (switchAt <= 0 || tokens.slice(switchAt).some((t) => t.written)) return false;
  const figures = tokens
    .slice(0, switchAt)
    .map((t) => t.digits)
    .join('');
  const words = tokens
    .slice(switchAt)
    .map((t) => t.digits)
    .join('');
  return figures.length >= 3 && words.startsWith(figures.slice(0, 3));
}

/** Card lengths in the order they are tried: the common ones first, so a digit said after a card does not join it. */
export const CARD_LENGTHS = [16, 15, 14, 13, 19, 18, 17];

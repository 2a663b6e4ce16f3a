import { digitsOf } from './digitToken';
import {
  anyOf,
  BANK_CONTEXT,
  contextBefore,
  CVV_WORDS,
  EXPIRY_AND_CODE,
  EXPIRY_CONTEXT,
  namedInSentenceBefore,
  NOT_A_PHONE,
  OTHER_CODES,
  PHONE_WORD,
  SSN_CONTEXT,
} from './context';
import { digitRuns } from './digits';
import type { TextSpan } from './kinds';

// A card's code said bare after the card and its expiry: "4012 2663 0477 8736, 08/31, 816", "… 03/28 224",
// "…, oh three slash twenty six, and seven one four". Callers read the card's details in the order they
// are printed; three or four digits right after a card's expiry, with nothing naming them, are its code.

/** At most this many characters between a card and its expiry, and between the expiry and the code. */
const NEAR = 40;
/** What may come before the code: separators, "and", "then", a hesitation, the code's name. */
const LEAD_IN = /^[\s,.;-]*(?:(?:and|then|uh|um|er|the|code|cvv|cvc|security|is)\b[\s,.;-]*){0,3}$/i;
/** What may follow it: the end, a pause, a sentence, a word; not more digits or a unit of a quantity. */
const ENDS = /^(?:$|[\s,.;!?]|\s*[a-z])/i;
/** A unit after a figure: it counts or prices something. */
export const UNIT_AFTER =
  /^\s*(?:%|percent|dollars?|euros?|pounds?|units?|items?|pieces?|times?|days?|months?|years?|people|users|customers|copies|views|miles|gallons|tons)\b/i;

const codeLength = (said: string): boolean => {
  const digits = digitRuns(said)
    .flat()
    .map((t) => t.digits)
    .join('');
  return digits.length === 3 || digits.length === 4;
};

/** `spans` (claimed, in order) with the code after each card's expiry added. */
export function withCodesAfterExpiries(text: string, spans: TextSpan[]): TextSpan[] {
  const added: TextSpan[] = [];
  const relabelled: number[] = [];
  for (let s = 0; s < spans.length; s += 1) {
    const expiry = spans[s];
    if (expiry.kind !== 'credit_card_expiration') continue;
    const card = spans[s - 1];
    const afterCard = card?.kind === 'credit_card_number' && expiry.start - card.end <= NEAR;
    // Or both asked for before it: "the expiry and CVV for that? zero nine slash twenty seven, and five eight four".
    if (!afterCard && !EXPIRY_AND_CODE.test(contextBefore(text, expiry.start))) continue;
    const next = spans[s + 1];
    // A second "expiry" right after the first is the code: nobody says two expiries in a row but to correct one.
    if (next?.kind === 'credit_card_expiration' && next.start - expiry.end <= NEAR) {
      if (LEAD_IN.test(text.slice(expiry.end, next.start)) && codeLength(text.slice(next.start, next.end)))
        relabelled.push(s + 1);
      continue;
    }
    const window = text.slice(expiry.end, Math.min(expiry.end + NEAR, next ? next.start : text.length));
    const run = digitRuns(window)[0];
    if (!run) continue;
    const digits = digitsOf(run);
    const end = run[run.length - 1].end;
    const rest = text.slice(expiry.end + end, expiry.end + end + 12);
    if (digits.length < 3 || digits.length > 4 || run.some((t) => t.magnitude && !t.hundreds)) continue;
    if (!LEAD_IN.test(window.slice(0, run[0].start)) || !ENDS.test(rest) || UNIT_AFTER.test(rest)) continue;
    // The window stops at the next span, and the run's end is inside it, unless a longer run ran on.
    if (end === window.length && next && expiry.end + end >= next.start) continue;
    added.push({ start: expiry.end + run[0].start, end: expiry.end + end, kind: 'credit_card_cvv' });
  }
  if (added.length === 0 && relabelled.length === 0) return spans;
  const out = spans.slice();
  for (const s of relabelled) out[s] = { ...out[s], kind: 'credit_card_cvv' };
  return [...out, ...added].sort((a, b) => a.start - b.start);
}

/** What else three or four digits said after a code word may be: a phone's, an account's, a reference's, an expiry. */
const OTHER_WORDS = anyOf(PHONE_WORD, BANK_CONTEXT, NOT_A_PHONE, SSN_CONTEXT, EXPIRY_CONTEXT);
/** A code's words anywhere in the sentence: the card-code words, and "the three digits" not at its end. */
const CODE_WORDS = anyOf(CVV_WORDS, /\b(?<!(?:last|first|final|next) )(?:three|four|3|4)[ -](?:digits?|numbers?)\b/);
/** Digits, in figures or words. */
const SAID_DIGITS = /\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|nought)\b/;

/**
 * "the cvv uh it's worn off a bit i think it's three eight eight": a code word said in the sentence before a run,
 * with no digits and nothing else named since, names the run (read once per run that could be a code).
 */
export function codeNamedEarlier(text: string, start: number): boolean {
  const { sentence, named, namedEnd, other } = namedInSentenceBefore(text, start, CODE_WORDS, OTHER_WORDS);
  // A word inside the code's own words ("three digits") is the code's, not another thing named since.
  // A lock, a door, a gate named anywhere in it has the code ("the other lock was four digits too, …").
  return named >= 0 && other < namedEnd && !SAID_DIGITS.test(sentence.slice(namedEnd)) && !OTHER_CODES.test(sentence);
}

const CODE_TAKEN_BACK = /\b(?:no|sorry|actually|mean|meant|wait|again)\b/;

/**
 * Whether the code word at `cvvAt` in a run's context `before` was answered already, digits said after it and not
 * taken back since ("the cvv is 250 and the fee is …" names no code; "the cvv is 0382? no sorry, it's …" does).
 */
export function codeAnswered(before: string, cvvAt: number): boolean {
  if (cvvAt < 0) return false;
  const since = before.slice(cvvAt);
  let lastDigit = since.length - 1;
  while (lastDigit >= 0 && !/\d/.test(since[lastDigit])) lastDigit -= 1;
  return lastDigit >= 0 && !CODE_TAKEN_BACK.test(since.slice(lastDigit));
}

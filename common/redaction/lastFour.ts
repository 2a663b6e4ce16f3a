import { anyOf, BANK_CONTEXT, CARD_CONTEXT, lastMatchAt, NOT_BANK, SSN_CONTEXT } from './context';
import type { PiiKind } from './kinds';

// Four digits given as "the last four" of something (common/redaction/numbers.ts): an SSN's when a social is
// named, an account's when a bank word is; asked for with nothing named ("the last four is one one seven nine",
// "the new hire's last four are …"), the last four callers are asked for is their SSN's. Read in the hundred
// characters before, wider than a run's context: "just the last four of your social please, okay, that's 8812".

const LAST_FOUR = /\blast (?:four|4)\b/;
/** What else has a last four: a card's is no secret, a phone's or an order's no personal data of this kind. */
const NAMES_OTHER =
  /\b(?:card|visa|master ?card|amex|debit|credit|phone|mobile|cell|number on file|order|ticket|invoice|tracking|confirmation|policy|claim|member|reference|pin|zip|imei|serial|vin|plate)\b/;
const WIDE = 100;
const OTHER_WORDS = anyOf(NAMES_OTHER);
const BANK_WORDS = anyOf(BANK_CONTEXT);
const CARD_WORDS = anyOf(CARD_CONTEXT);
const SSN_WORDS = anyOf(SSN_CONTEXT);
/** The social security card is the SSN's own, no payment card. */
const SOCIAL_CARD = /\b(?:social security|social|ss|ssn) card\b/g;

/** "4419, that's my social", "… 4419, no wait, that's my social", "7712 is my checking": whose four digits, after them. */
const WHOSE_AFTER =
  /^[\s,.]*(?:(?:no|wait|sorry|actually|oh)[\s,.]+){0,3}(?:(?:that's|that is|those are|it's|is|are|for|from)\s+)?(?:the|my|your|his|her|our) (social(?: security)?|ssn|checking|savings)\b/;

const CARD_AFTER =
  /^[\s,.]*(?:(?:that's|that is|it's|on|for|of)\s+)?(?:the|my|your|his|her)\s+(?:visa|master ?card|amex|discover|(?:credit |debit )?card)\b/;

/**
 * The kind of the four digits at `start`, or null. `named`: the run's own context (eight words) already says "last
 * four", "ends in"; `ssn`, `bank`: it names a social or a bank; `alone`: the four digits are the whole run.
 */
export function lastFourKind(
  text: string,
  start: number,
  named: boolean,
  ssn: boolean,
  bank: boolean,
  after = '',
  alone = false,
): PiiKind | null {
  // Named whose right after ("ends in 4419, no wait, that's my social"): the last word on it, when the four digits are
  // all that was said (the end of a whole SSN is the SSN's).
  // "the last four is 9 0 1 3, the Mastercard": a card's, named after it, is no secret.
  if (alone && !ssn && CARD_AFTER.test(after)) return null;
  const whose = alone ? WHOSE_AFTER.exec(after) : null;
  if (whose) return SSN_CONTEXT.test(whose[1]) ? 'us_social_security_number' : 'banking_information';
  const wide = text.slice(Math.max(0, start - WIDE), start).toLowerCase();
  if (!named && !LAST_FOUR.test(wide)) return namedAfter(after);
  // "the last four of my social is 9013, the card ends 4411": the card named since the social has the four digits.
  if (ssn || SSN_CONTEXT.test(wide)) {
    const named = wide.replace(SOCIAL_CARD, 'social');
    return lastMatchAt(CARD_WORDS, named) > lastMatchAt(SSN_WORDS, named) ? null : 'us_social_security_number';
  }
  // "the Monzo card, the coral one, ending 4471": a card named after the bank is the card's last four, no secret.
  if (bank) return lastMatchAt(CARD_WORDS, wide) > lastMatchAt(BANK_WORDS, wide) ? null : 'banking_information';
  if (LAST_FOUR.test(wide) && !NAMES_OTHER.test(wide) && !BANK_CONTEXT.test(wide)) return 'us_social_security_number';
  // "the account ending 4410 on file? No, I closed that. It's now ending 2094": "ending" said again, past the run's
  // eight words, of the account named last.
  if (named && !LAST_FOUR.test(wide) && !NOT_BANK.test(wide) && lastMatchAt(BANK_WORDS, wide) > otherNamedAt(wide))
    return 'banking_information';
  return null;
}

const otherNamedAt = (wide: string): number => Math.max(lastMatchAt(CARD_WORDS, wide), lastMatchAt(OTHER_WORDS, wide));

/** "It's 3398, the last four.", "… 6612, that's the last four of my social": named right after it (`after`, lower-case). */
const LAST_FOUR_AFTER =
  /^[\s,.]*(?:(?:that's|those are|it's|is|are)\s+)?(?:the|my|your) last (?:four|4)(?: digits| numbers)?(?=\s*(?:$|[,.;!?]|of\b))(?:\s+of\s+(?:the|my|your|his|her)\s+([a-z]+(?: [a-z]+)?))?/;

function namedAfter(after: string): PiiKind | null {
  const m = LAST_FOUR_AFTER.exec(after);
  if (!m) return null;
  const of = m[1] ?? '';
  if (SSN_CONTEXT.test(of)) return 'us_social_security_number';
  if (BANK_CONTEXT.test(of)) return 'banking_information';
  // "the last four" with nothing named is the SSN's, as when asked for (above); of anything else, none.
  return of === '' ? 'us_social_security_number' : null;
}

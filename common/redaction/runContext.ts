import {
  anyOf,
  BANK_AFTER,
  BANK_CONTEXT,
  BRANCH_CODE,
  CARD_CONTEXT,
  NOT_BANK,
  contextAfter,
  contextBefore,
  CVV_WORDS,
  cvvCode,
  EXPIRY_WORDS,
  lastMatchAt,
  namesThis,
  NOT_A_PHONE,
  NOT_NAMED_AFTER,
  OTHER_CODES,
  PHONE_CONTEXT,
  PHONE_NAMED_AFTER,
  PHONE_WORD,
  PHONE_WORDS_ABROAD,
  SSN_CONTEXT,
  SSN_LAST_FOUR,
} from './context';
import type { DigitToken } from './digits';
import { hyphenedToLetters } from './phones';

// What was said around each token of a digit run, for common/redaction/numbers.ts: read once per token,
// not once per window (a run of n tokens has up to 19n windows), and the counts over a window from prefix
// sums. A context of figures alone ("0 0 0 0 0 0", a list) names nothing: its word tests are skipped.

export interface RunContext {
  /** The few words before token i, and the characters after it (common/redaction/context.ts). */
  before: string[];
  after: string[];
  /** A phone word just before token i / just after token j. */
  phoneBefore: boolean[];
  phoneAfter: boolean[];
  /** Before token i: "social security", "last four", a bank word, a reference word ("order", "invoice"). */
  ssnBefore: boolean[];
  lastFourBefore: boolean[];
  bankBefore: boolean[];
  /** A bank's branch or institution code named just before token i ("BSB", "transit", "agência"). */
  branchBefore: boolean[];
  referenceBefore: boolean[];
  /** A phone's name right after token j ("… as the callback number"). */
  phoneNamedAfter: boolean[];
  /** A bank word named right after token j ("274592496 for routing"). */
  bankAfter: boolean[];
  /** The run follows "RF" (an ISO 11649 creditor reference: "RF14 5390 …"), not an account. */
  creditorReference: boolean;
  /**
   * A reference word named the run after any card word ("my card's in the other room but the order number's 1 1 4
   * dash …"): a card spoken of earlier does not make the reference's digits a card's.
   */
  referenceOverCard: boolean;
  /** Where in token i's context before the last code word and the last expiry word start (-1: none). */
  cvvAt: number[];
  expiryAt: number[];
  /** How many of tokens 0..k-1 are part of a figure written as a quantity ("3,141,592,653", "8,120.40"). */
  quantitiesBefore: number[];
  /** How many of tokens 0..k-1 are written as digits (not said in words): a window's counts in O(1). */
  writtenBefore: number[];
  /**
   * How many of tokens 0..k-1 are written as longer numbers than one digit ("317", not "3 1 7" dictated), or as one
   * digit alone between pauses.
   */
  groupsBefore: number[];
  /** How many of tokens 0..k-1 were said with "hundred" or "thousand". */
  scaledBefore: number[];
  /** Whether a token of the run took over digits said before a correction (common/redaction/corrections.ts). */
  mended: boolean;
  /** Where a "+" or "plus" said just before token i starts (-1: none): a country code follows. */
  leadAt: number[];
  /** Token i is written and hyphened to letters before it ("R-0471"): the digits are an ID's. */
  hyphened: boolean[];
  /** Whether a comma (a pause) follows token k, and how many of tokens 0..k-1 one follows. */
  pauses: boolean[];
  pausesBefore: number[];
}

/** Where "+" or "plus" said just before `at` starts, read from a few characters back only (-1: none). */
function leadBefore(text: string, at: number): number {
  const from = Math.max(0, at - 8);
  const m = /(?:\+|\bplus)\s{0,3}$/i.exec(text.slice(from, at));
  return m ? from + m.index : -1;
}

/** counts[k]: how many of flags[0..k-1] are set. */
function countsBefore(flags: boolean[]): number[] {
  const counts = [0];
  for (const flag of flags) counts.push(counts[counts.length - 1] + (flag ? 1 : 0));
  return counts;
}

/**
 * Numbers written as quantities: digits grouped by thousands ("3,141,592,653", "8,120") or with a decimal
 * part ("8,120.40", "9.95"), a version or an address of three or four short parts ("2.14.7", "10.0.0.12"), or a
 * share ("6.347%"), a time ("9:06", joined to its run by the colon). A formatter writes counts, amounts and times
 * like that, never a phone, card or account (a phone written with dots has a last part of four digits, or five
 * parts). No quantity grouped by thousands starts with a 0: "021,000,021" is a routing number a formatter took for
 * one.
 */
const QUANTITY_SHAPE =
  /^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?$|^\d+\.\d{1,2}$|^\d{1,3}(?:\.\d{1,3}){2,3}$|^\d{1,2}:\d{2}(?::\d{2})?$/;
/** A share: "6.347%", "15 percent". */
const PERCENT_AFTER = /^ ?(?:%|percent\b|per cent\b)/i;

/**
 * Which tokens of a run belong to a number written as a quantity: written tokens joined by a lone "," or
 * "." are one written number, tested once (a run is read in one pass, not once per window).
 */
function quantities(text: string, run: DigitToken[]): boolean[] {
  const marks = new Array<boolean>(run.length).fill(false);
  let a = 0;
  while (a < run.length) {
    let b = a;
    while (
      b + 1 < run.length &&
      run[b].written &&
      run[b + 1].written &&
      /^[,.:]$/.test(text.slice(run[b].end, run[b + 1].start))
    )
      b += 1;
    if (
      (b > a && QUANTITY_SHAPE.test(text.slice(run[a].start, run[b].end))) ||
      (run[b].written && PERCENT_AFTER.test(text.slice(run[b].end, run[b].end + 9)))
    )
      marks.fill(true, a, b + 1);
    a = b + 1;
  }
  return marks;
}

const worded = (context: string): boolean => /[a-z]/.test(context);
const LETTER = /\p{L}/u;
const NOT_BANK_WORDS = new RegExp(NOT_BANK.source, 'g');
/**
 * What the bank words say is not a bank account ("account holder", "the phone on the account"), with no bank word
 * after it: "account holder: luis ortega, routing …, acct" names the account after all.
 */
const notBankLast = (c: string): boolean => {
  let end = -1;
  for (const m of c.matchAll(NOT_BANK_WORDS)) end = m.index + m[0].length;
  return end >= 0 && !BANK_CONTEXT.test(c.slice(end));
};
/**
 * "post it to GL account 4010-200", "reserved for capex, account 1610-000", "credited against account 4410-300": an
 * account of the company's books, where only "account" names it and bookkeeping is what is spoken of.
 */
const LEDGER =
  /\b(?:gl|g l|general ledger|ledger|subledger|journal|capex|opex|budget|cost cent(?:er|re)|chart of accounts|accruals?|(?:debit|credit)(?:ed)? (?:to|against)|post(?:ed)? (?:it )?to)\b/;
const A_BANK_NAMED = /\b(?:bank|routing|iban|sort code|checking|savings|aba)\b/;
const ledgerAccount = (c: string): boolean => LEDGER.test(c) && !A_BANK_NAMED.test(c);
/** "about my electric bill, my account number is …": the utility's account, where no bank is named. */
const UTILITY_BILL = /\b(?:electric|electricity|gas|water|phone|cable|internet|power|utility|hydro|cell|mobile) bill\b/;
const utilityAccount = (c: string): boolean => UTILITY_BILL.test(c) && !A_BANK_NAMED.test(c);
const BANK_WORDS = anyOf(BANK_CONTEXT);
const SSN_WORDS = anyOf(SSN_CONTEXT);
/** A business's tax ID: "EIN", "employer identification" ("tax ID" alone may be the owner's SSN). */
const TAX_ID = /\b(?:ein|e i n|fein|employer identification)\b/g;
const PHONE_WORDS = anyOf(PHONE_WORD);
/**
 * "the routing, nine digits, …", "ends with the digits …": how long the number is, or its digits, names nothing else
 * (blanked, so offsets stay).
 */
const DIGIT_COUNT =
  /\b(?:four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|\d{1,2}|the|with|in) digits\b/g;
const REFERENCE_WORDS = anyOf(NOT_A_PHONE);
const OWN_TIME =
  /\b(?:expires?|expiring|runs? out) (?:in|after|within) (?:\w+ )?(?:a |an |\d+ )?(?:minutes?|hours?|days?|weeks?|months?)\b/g;
const blank = (m: string): string => ' '.repeat(m.length);
const CARD_WORDS = anyOf(CARD_CONTEXT);

/**
 * A reference word names the number unless a phone word is said after it ("case number is 0073…, call 0113 …"),
 * and names the rest of its run too: "the tracking number is 1Z 9 9 8 A 4 2 0 3 5 7 7 1 8 4 6 2" is one
 * reference, though its last tokens' eight words no longer reach "tracking".
 */
/**
 * What a phone or a card is on or for, said right after it: "(phone number) on the order", "(contact number) for the
 * claim", "(the card) for this order": the phone's or the card's, not the order's reference.
 */
const ON_A_THING =
  /(?<=\b(?:phone|cell|mobile|contact|callback|telephone|card|visa|mastercard|amex)(?: number)? )(?:on|for|attached to|linked to) (?:the|your|this|that|my) (?:[\w']+ )?[\w']+/g;
const withoutThing = (context: string): string => context.replace(ON_A_THING, blank);

function referencesOf(before: string[], named: boolean[], spelledId: boolean): boolean[] {
  const refs = before.map((context, i) => {
    if (!named[i] || !NOT_A_PHONE.test(context)) return false;
    // "the phone number on the order", "a contact number for the booking": the phone's, whatever it is on.
    const c = withoutThing(context);
    return lastMatchAt(REFERENCE_WORDS, c) > lastMatchAt(PHONE_WORDS, c);
  });
  refs[0] ||= spelledId;
  for (let i = 1; i < refs.length; i += 1) refs[i] ||= refs[i - 1];
  return refs;
}

/**
 * Letters spelled right before the digits ("registered number d e 4 3 1 3 1 6 …", "it's k l 0 4 …"): the start of
 * an ID of letters and digits, which no phone, card or SSN has; the run is that ID's. Not a name spelled for what
 * follows ("c v v 4 1 7", "s s n …", "a b a …").
 */
const SPELLED_BEFORE = /(?:^|[^a-z'])((?:[a-z],? ){2,})$/i;
const SPELLED_NAMES = new Set(['cvv', 'cvc', 'cid', 'csc', 'cvn', 'ssn', 'ss', 'aba', 'bsb', 'po', 'ext', 'pin', 'id']);
function spelledIdBefore(text: string, start: number): boolean {
  const m = SPELLED_BEFORE.exec(text.slice(Math.max(0, start - 24), start));
  return m !== null && !SPELLED_NAMES.has(m[1].replace(/[ ,]/g, '').toLowerCase());
}

/**
 * A token's words before are the run's first token's, fewer: a bank word a later token still reads was read by the
 * first, which also read what said it is no bank's ("your gas account number is 4 4 1 0 2 9 …": eight words on,
 * "gas" is out of reach and "account number is" alone is left). So no later token is a bank's when the first is not.
 */
const bankFirst = (bank: boolean[]): boolean[] => bank.map((b) => b && bank[0]);

export function contextOf(text: string, run: DigitToken[]): RunContext {
  const pauses = run.map((t, k) => k + 1 < run.length && text.slice(t.end, run[k + 1].start).includes(','));
  // Where the words before hold no letter (inside a digit list) nothing can be named: skip reading them.
  const before = run.map((t) =>
    LETTER.test(text.slice(Math.max(0, t.start - 80), t.start)) ? contextBefore(text, t.start) : '',
  );
  const after = run.map((t) => contextAfter(text, t.end));
  const named = before.map(worded);
  const namedAfter = after.map(worded);
  const test = (pattern: RegExp) => before.map((c, i) => named[i] && pattern.test(c));
  return {
    before,
    after,
    phoneBefore: before.map((c, i) => named[i] && (PHONE_CONTEXT.test(c) || PHONE_WORDS_ABROAD.test(c))),
    phoneAfter: after.map((c, j) => namedAfter[j] && PHONE_CONTEXT.test(c)),
    // "we don't use a social, we have an EIN now, it's …": a tax ID named after the social is what is given.
    ssnBefore: before.map(
      (c, i) => named[i] && SSN_CONTEXT.test(c) && lastMatchAt(SSN_WORDS, c) > lastMatchAt(TAX_ID, c),
    ),
    lastFourBefore: test(SSN_LAST_FOUR),
    // The bank word is the last thing named: "account 1674, and text me on 0476 …" names a phone.
    bankBefore: bankFirst(
      before.map(
        (c, i) =>
          named[i] &&
          BANK_CONTEXT.test(c) &&
          !notBankLast(c) &&
          !ledgerAccount(c) &&
          !utilityAccount(c) &&
          lastMatchAt(BANK_WORDS, c) >
            Math.max(
              lastMatchAt(
                PHONE_WORDS,
                c.replace(DIGIT_COUNT, (m) => ' '.repeat(m.length)),
              ),
              lastMatchAt(REFERENCE_WORDS, c),
            ),
      ),
    ),
    branchBefore: test(BRANCH_CODE),
    referenceBefore: referencesOf(before, named, spelledIdBefore(text, run[0].start)),
    phoneNamedAfter: after.map((c, j) => namedAfter[j] && PHONE_NAMED_AFTER.test(c) && !NOT_NAMED_AFTER.test(c)),
    // "our trade account with them is …, that's the account number on their invoices": not a bank's, named first.
    bankAfter: after.map((c, j) => namedAfter[j] && namesThis(BANK_AFTER, c) && !(named[0] && notBankLast(before[0]))),
    creditorReference: /\bRF$/i.test(text.slice(Math.max(0, run[0].start - 3), run[0].start)),
    referenceOverCard: lastMatchAt(REFERENCE_WORDS, withoutThing(before[0])) > lastMatchAt(CARD_WORDS, before[0]),
    // "the four digit code the app sent me was …", "the gate's security code": another thing's code, unless a card is named.
    cvvAt: before.map((c, i) =>
      !named[i] || (OTHER_CODES.test(c) && !CARD_CONTEXT.test(c))
        ? -1
        : cvvCode(c)
          ? c.length
          : lastMatchAt(CVV_WORDS, c),
    ),
    // "the pin … expires in seven days. six two eight …": an expiry word with its own time names no number after it.
    expiryAt: before.map((c, i) => (named[i] ? lastMatchAt(EXPIRY_WORDS, c.replace(OWN_TIME, blank)) : -1)),
    quantitiesBefore: countsBefore(quantities(text, run)),
    writtenBefore: countsBefore(run.map((t) => t.written)),
    // Dictated digits come in groups ("3 1 7, 9 0 4, …"): a written digit alone between pauses ("0, 0, 0, …") is a list's.
    groupsBefore: countsBefore(
      run.map((t, k) => t.written && (t.end - t.start > 1 || ((k === 0 || pauses[k - 1]) && pauses[k]))),
    ),
    scaledBefore: countsBefore(run.map((t) => t.magnitude === true)),
    mended: run.some((t) => t.saidFrom !== undefined),
    leadAt: run.map((t) => leadBefore(text, t.start)),
    hyphened: run.map((t) => t.written && hyphenedToLetters(text, t.start)),
    pauses,
    pausesBefore: countsBefore(pauses),
  };
}

import type { CountryCode } from 'libphonenumber-js/max';
import { lastFourKind } from './lastFour';
import { digitRuns, type DigitToken } from './digits';
import { digitsOf } from './digitToken';
import { cardsAcrossAsides } from './asides';
import { bareAnswer } from './bareAnswer';
import { checkLine } from './checkLine';
import { isCardNumber as cardNumber } from './cardNumber';
import { abaValid, ACCOUNT_NEXT, SHORT_ACCOUNT, shopBranch } from './bankCodes';
import { bareCardDetails } from './bareCardDetails';
import { codeAnswered, codeNamedEarlier } from './cardCodes';
import { CARD_LENGTHS, cardLike, misheardCardWindow } from './cards';
import {
  CARD_CONTEXT,
  contextAround,
  EXPIRY_AND_CODE,
  CODE_NEXT,
  CVV_AFTER,
  EXPIRY_AFTER,
  lastEndBefore,
  namesThis,
  NOT_A_CARD_DATE,
  NOT_BANK_AFTER,
} from './context';
import type { PiiKind, TextSpan } from './kinds';
import {
  isPhone,
  isPossibleInternational,
  isPossibleNational,
  notAPhoneShape,
  phoneShaped,
  trunkShaped,
} from './phones';
import { contextOf, type RunContext } from './runContext';
import { monthEndsAToken, shapeOf, type Window } from './runShape';
import { aligned, chunksOf, MAX_DIGITS, takeFound, windows } from './runWindows';
import { regionsNamed } from './region';
import { socialSecurityOf } from './socialSecurity';

// Numbers that are personal data, found in the digit runs of a text (written or spoken):
// - card numbers: 13–19 digits, Luhn-valid, with a card network's leading digits;
// - US social security numbers: ddd-dd-dddd as written, or nine digits after "social security"/"SSN"
//   (or the four of "the last four of my social");
// - bank account and routing numbers: 6–18 digits (a Mexican CLABE's 18) after "account", "routing", "IBAN", "sort code";
// - phone numbers: what libphonenumber-js (Google's metadata) calls a valid number, national (in the
//   company's region) or international ("plus" or "+" before it), said or written as one (a phone word,
//   digit by digit, a phone's groups, a trunk prefix); not after "order", "invoice", … (a reference),
//   nor a date or a piece of an ID written with dashes (common/redaction/phones.ts); one ending in "four
//   thousand" only when a phone word or its country code names it;
// - a card's CVV after "CVV"/"security code"/"verification value"/"signature strip"/a bare "code", its
//   expiry after "expires"/"valid until"/"the date on the card"/… or as MM/YY next to a card number
//   (context words: common/redaction/context.ts).
// A correction inside a number ("two eight, no sorry, two nine one") is read as corrected
// (common/redaction/corrections.ts).
// Prices, dates, times, counts and order numbers stay: none of them passes these tests, and a figure
// written as a quantity ("3,141,592,653", "8,120.40") is never one of these.

/** Bound once: called on every window of a run, where reading it through the module binding each time costs. */
const isCardNumber = cardNumber;

const CURRENCY = /[$£€¥₹]/;

const EXIT_CODE = /^(?:(?:zero|oh)[\s-]+one[\s-]+one|011)(?![\w-])/i;

/** An expiry word said after a number with a date or a time of its own ("… it expires on august 1", "… in ten minutes"). */
const OWN_DATE_AFTER =
  /\bexpir\w* (?:on|in|by|after) (?:the )?(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|first|end|next|this|(?:\w+ )?(?:seconds?|minutes?|hours?|days?|weeks?)\b)/;

function kindOf(
  text: string,
  run: DigitToken[],
  w: Window,
  cardBefore: boolean,
  region: CountryCode,
  around: RunContext,
  codeWasAnswered: boolean,
  regionsSaid: CountryCode[],
): PiiKind | null {
  const { digits } = w;
  const n = digits.length;
  if (n < 3) return null;
  const after = around.after[w.j];
  // Counts over the window from prefix sums: windows overlap, and a run of 300,000 digits has millions of them.
  const writtenIn = around.writtenBefore[w.j + 1] - around.writtenBefore[w.i];
  const written = writtenIn === w.j - w.i + 1;
  if (around.quantitiesBefore[w.j + 1] - around.quantitiesBefore[w.i] > 0) return null;
  // "we'll charge the $640": an amount.
  if (CURRENCY.test(text[run[w.i].start - 1] ?? '')) return null;
  if (around.hyphened[w.i]) return null;
  // A number said with "hundred" or "thousand" can only be a phone number (below).
  const scaled = around.scaledBefore[w.j + 1] - around.scaledBefore[w.i] > 0;
  // A list of figures names nothing: the words before are read only where there are some.
  if (!scaled && n === 4 && (/[a-z]/.test(around.before[w.i]) || /[a-z]/.test(after))) {
    const kind = lastFourKind(
      text,
      run[w.i].start,
      around.lastFourBefore[w.i],
      around.ssnBefore[w.i],
      around.bankBefore[w.i],
      after,
      w.i === 0 && w.j === run.length - 1,
    );
    if (kind) return kind;
  }
  const ssn = n === 9 ? socialSecurityOf(text, run, w, around, region, scaled, written) : null;
  if (ssn) return ssn;
  // A routing number (its checksum holds) with the account named right after it.
  if (n === 9 && !scaled && abaValid(digits) && ACCOUNT_NEXT.test(after)) return 'banking_information';
  // "RF14 5390 …": an ISO 11649 creditor reference a bank transfer quotes, not an account.
  if (around.creditorReference) return null;
  // "(212) 555-0198" and "plus four nine …" are phone numbers whatever bank word came before them.
  if (
    !scaled &&
    n >= 6 &&
    n <= MAX_ACCOUNT &&
    around.bankBefore[w.i] &&
    !NOT_BANK_AFTER.test(around.after[w.j]) &&
    text[run[w.i].start - 1] !== '(' &&
    around.leadAt[w.i] < 0
  )
    return 'banking_information';
  // "… and the account number ends in one seven three two five": a short account, or its end.
  if (
    !scaled &&
    (n === 4 || n === 5) &&
    around.bankBefore[w.i] &&
    (SHORT_ACCOUNT.test(around.before[w.i]) || (n === 5 && around.lastFourBefore[w.i]))
  )
    return 'banking_information';
  // A branch code is shorter (a Canadian institution: 3 digits), a CLABE longer (18), each by its name.
  if (
    !scaled &&
    n >= 3 &&
    n <= 18 &&
    around.branchBefore[w.i] &&
    !around.referenceBefore[w.i] &&
    !shopBranch(text, run[w.i].start, around.before[w.i])
  )
    return 'banking_information';
  if (!scaled && n >= 6 && n <= MAX_ACCOUNT && around.bankAfter[w.j] && !around.referenceBefore[w.i])
    return 'banking_information';
  // "oh four twenty-seven" arrives as digits 0427, "04 2027" as 042027: a month first, ending where a token
  // ends when said ("thirty two, 010" is not March 2010), and a year a card can carry (2015–2049, not "3 2000": "5 8 8" is a code, not May '88).
  // "oh four two thousand thirty three": a year said with "thousand" may end it.
  const yearLast = run[w.j].year === true && around.scaledBefore[w.j + 1] - around.scaledBefore[w.i] === 1;
  const monthYear =
    (!scaled || yearLast) &&
    n <= 6 &&
    /^(0?[1-9]|1[0-2])((?:1[5-9]|[2-4]\d)|20(?:1[5-9]|[2-9]\d))$/.test(digits) &&
    monthEndsAToken(run, w);
  // The nearer of an expiry word and a code word before the number names it ("expires 04/27, CVV 123"),
  // whatever is named after ("oh nine thirty one, cvv 274").
  // A code word already answered before this run ("the cvv is 250 and the fee is 251 dollars") names it no more.
  const cvvAt = codeWasAnswered ? -1 : around.cvvAt[w.i];
  if (monthYear && !cardBefore) {
    // "the quote is valid until 08/26": an expiry word, but of the quote, unless a card is spoken of nearby.
    const near = contextAround(text, run[w.i].start, run[w.j].end);
    if (NOT_A_CARD_DATE.test(near) && !CARD_CONTEXT.test(near)) return null;
  }
  if (monthYear && (around.expiryAt[w.i] > cvvAt || EXPIRY_AND_CODE.test(around.before[w.i])))
    return 'credit_card_expiration';
  // A code said as a number ("seven hundred eighteen") is one token said with "hundred".
  const code = !scaled || (w.i === w.j && run[w.i].hundreds === true);
  // Named after it, unless a reference word named it first ("stock number 24771, it's on the back row"); the
  // digits said last there, after a pause ("the three digit one, one hundred ten"), not part of a longer code
  // ("the verification code is 4 8 2 9 1 7" is a passcode). (No closure: one per window costs more than the tests.)
  if (
    code &&
    (n === 3 || n === 4) &&
    w.j === run.length - 1 &&
    // "the CVV on the card ending 8841": the card's last four, asked about, not its code.
    !ENDING_BEFORE.test(around.before[w.i]) &&
    (w.i === 0 || text.slice(run[w.i - 1].end, run[w.i].start).includes(',')) &&
    (cvvAt >= 0 ||
      (!around.referenceBefore[w.i] &&
        (namesThis(CVV_AFTER, after) || (w.i === 0 && codeNamedEarlier(text, run[0].start)))))
  )
    return 'credit_card_cvv';
  if (monthYear) {
    // "… and it expires on august 1": the expiry word has its own date.
    const named = namesThis(EXPIRY_AFTER, after) && !OWN_DATE_AFTER.test(after);
    // "oh eight slash twenty seven": a month and a year said with "slash" are an expiry when a card is
    // spoken of; "we ship on oh nine slash twelve" is a date.
    const slashed =
      /slash/i.test(shapeOf(text, run, w, around)) &&
      (cardBefore || CARD_CONTEXT.test(contextAround(text, run[w.i].start, run[w.j].end)) || CODE_NEXT.test(after));
    // Right after a card, said in words, ending where the run or a group ends ("… march twenty seven and two two nine
    // one": 2291 is the code, not February '29).
    const ends = w.j === run.length - 1 || /[,.;]/.test(text.slice(run[w.j].end, run[w.j + 1].start));
    // Named after it, the whole of what was said ("… was eight two one six but it expired" is no February '16).
    const whole = ends && (w.i === 0 || /[,.;]/.test(text.slice(run[w.i - 1].end, run[w.i].start)));
    // Followed by the card's code ("oh seven twenty eight, the code is 344"): callers read them in that order.
    const codeNext = whole && !written && CODE_NEXT.test(after);
    if ((named && whole) || slashed || codeNext || (cardBefore && !written && ends)) return 'credit_card_expiration';
  }
  if (n < 7 || n > 17 || (around.referenceBefore[w.i] && !around.phoneNamedAfter[w.j])) return null;
  const international = around.leadAt[w.i] >= 0;
  const named = international || around.phoneBefore[w.i] || around.phoneAfter[w.j];
  // Said digit by digit, a number is a phone number or a card; nobody counts like that. Checked before
  // the numbering plan, which is the costly test. "oh two, nine three seven four, four thousand" is a
  // phone number only when named as one: amounts are said with "thousand" too. The shape is read only
  // when needed: a list of digits has millions of windows.
  const from = run[w.i].saidFrom ?? run[w.i].start;
  const end = run[w.j].end;
  // (No closure here: one per window costs more than the tests.) A character early for phoneShaped:
  // "(212) 555-0198" keeps its bracket.
  // Neither written shape holds a comma: a window across a pause (a list) has neither, and is not sliced.
  const acrossPause = !around.mended && around.pausesBefore[w.j] > around.pausesBefore[w.i];
  const said =
    named ||
    (!scaled &&
      // Said digit by digit, or written so ("3 1 7, 9 0 4, 2 2 6 8": dictated, no list is written one digit apiece).
      (around.groupsBefore[w.j + 1] === around.groupsBefore[w.i] ||
        (!acrossPause &&
          ((written && trunkShaped(shapeOf(text, run, w, around, from))) ||
            phoneShaped(
              around.mended
                ? text.slice(Math.max(0, from - 1), from) + shapeOf(text, run, w, around, from)
                : text.slice(Math.max(0, from - 1), end),
            ))))) ||
    // A whole run given as the answer ("okay, it's 0278644583, i'll be on that all day"): a phone when the plan says so.
    (w.i === 0 && w.j === run.length - 1 && bareAnswer(text, run));
  if (!said || (written && notAPhoneShape(text, shapeOf(text, run, w, around, from), from, end))) return null;
  // "zero one one, four four, …": the exit code dialled from North America, said as its own group.
  if (EXIT_CODE.test(text.slice(from, from + 16)) && isPhone(digits.slice(3), true, region)) return 'phone_number';
  if (isPhone(digits, international, region)) return 'phone_number';
  // Said with its country code and named a phone: possible by the plan's lengths is enough. (In the company's region
  // too touched 39 more look-alikes over the sets, "my number"s of other things: not there.)
  if (international && (around.phoneBefore[w.i] || around.phoneAfter[w.j]) && isPossibleInternational(digits))
    return 'phone_number';
  // "her mobile is 07700 914 382", "…, use my mobile, 0491 570 110": a national number with its trunk prefix named by a
  // phone's own name (a mobile, a cell, a contact number; not "number" alone, which names other things), possible by
  // the region's plan.
  if (
    !international &&
    (MOBILE_NAMED.test(around.before[w.i]) || around.phoneNamedAfter[w.j]) &&
    isPossibleNational(digits, region)
  )
    return 'phone_number';
  // "my British mobile, 07700 918 442": a national number with its trunk prefix, in a region the call names.
  if (digits[0] === '0' && !international && regionsSaid.some((r) => r !== region && isPhone(digits, false, r)))
    return 'phone_number';
  return null;
}

/** A phone's own name said just before its number: a mobile's, a cell's, a contact or callback number's. */
const MOBILE_NAMED =
  /\b(?:mobile|cell|cellphone|landline|whatsapp|(?:phone|contact|callback|home|work|direct|mobile|cell) number|text (?:it |me |that )?(?:to|on|at))\b(?:\W+\w+){0,3}\W*$/;

/** An account's most digits: a Mexican CLABE's 18 (an IBAN's are read with its letters, common/redaction/iban.ts). */
const MAX_ACCOUNT = 18;

const ENDING_BEFORE = /\b(?:ending|ends|ending in|ends in|ending with|ends with)$/;

/** The spans of personal-data numbers in a text's digit runs (`runs`: common/redaction/digits.ts's, when read already). */
export function numberSpans(
  text: string,
  region: CountryCode = 'US',
  runs: DigitToken[][] = digitRuns(text),
): TextSpan[] {
  const spans: TextSpan[] = [];
  const regionsSaid = regionsNamed(text);
  // Where each card found so far ends, in text order (runs come in order; a run's own are sorted).
  const cardEnds: number[] = [];
  // Whether the run just read was a value said twice, read as once, and a value was found in it.
  let echoFound = false;
  // The values found in the restarted readings just read (common/redaction/restarts.ts), sorted: the run read whole
  // comes next, and its words inside them are taken (a "card" across a phone's last group said twice is none).
  let restartFinds: TextSpan[] = [];
  for (const run of runs.flatMap(chunksOf)) {
    if (echoFound) {
      // The same run read whole: "six four six, … two two. yep six four six …" holds no card across its two sayings.
      echoFound = false;
      continue;
    }
    const before = spans.length;
    const taken = new Array<boolean>(run.length).fill(false);
    // How many of tokens 0..k-1 are taken: a window is free in O(1) (recounted at each take, a few per run).
    const takenBefore = new Array<number>(run.length + 1).fill(0);
    const all = windows(run);
    const around = contextOf(text, run);
    const codeWasAnswered = codeAnswered(around.before[0], around.cvvAt[0]);
    const restarted = run.some((t) => t.restart === true);
    if (!restarted && restartFinds.length > 0) {
      takeFound(run, restartFinds, taken, takenBefore);
      // The echoed reading comes between the restarted ones and the whole: the whole is marked too.
      if (run[0].echo !== true) restartFinds = [];
    }
    const free = (w: Window) => takenBefore[w.j + 1] === takenBefore[w.i];
    const runCardEnds: number[] = [];
    const take = (w: Window, kind: PiiKind) => {
      for (let k = w.i; k <= w.j; k += 1) taken[k] = true;
      for (let k = 0; k < run.length; k += 1) takenBefore[k + 1] = takenBefore[k] + (taken[k] ? 1 : 0);
      // A phone said with its country code keeps the "+" or "plus" before it inside the span.
      const lead = kind === 'phone_number' ? around.leadAt[w.i] : -1;
      // "(212) 555-0198": the bracket opened before the area code goes with it.
      const opened = kind === 'phone_number' && lead < 0 && text[run[w.i].start - 1] === '(' ? 1 : 0;
      // "PT92 0035 …" read as an account (its checksum failed: a slip): the country's letters go with it.
      const country =
        kind === 'banking_information' &&
        w.i === 0 &&
        /(?:^|[^A-Za-z])[A-Za-z]{2}$/.test(text.slice(Math.max(0, run[0].start - 3), run[0].start))
          ? 2
          : 0;
      spans.push({ start: lead >= 0 ? lead : run[w.i].start - opened - country, end: run[w.j].end, kind });
      if (kind === 'credit_card_number') runCardEnds.push(run[w.j].end);
    };
    // The numbers along the bottom of a check: the routing number and the account, whole.
    if (checkLine(text, run)) {
      take({ i: 0, j: run.length - 1, digits: '' }, 'banking_information');
      continue;
    }
    // The whole run first when it is a card's length: a nineteen-digit card holds a Luhn-valid sixteen one time in ten.
    const total = run.reduce((n, t) => n + t.digits.length, 0);
    const lengths = CARD_LENGTHS.includes(total) ? [total, ...CARD_LENGTHS.filter((l) => l !== total)] : CARD_LENGTHS;
    // A named card whose checksum fails (a digit misheard), first: a shorter window inside passes Luhn one time in ten.
    const misheard = misheardCardWindow(text, run, all, around);
    if (misheard) take(misheard, 'credit_card_number');
    // A run named an account, of an account's length and itself no card ("her clabe, it's oh oh two oh oh four six …"):
    // a Luhn-valid window inside it is chance, one time in ten, not a card.
    const account =
      around.bankBefore[0] &&
      total <= MAX_ACCOUNT &&
      !CARD_CONTEXT.test(around.before[0]) &&
      !isCardNumber(digitsOf(run));
    for (const length of account ? [] : lengths)
      for (const w of all[length])
        if (
          free(w) &&
          isCardNumber(w.digits) &&
          // "plus fifty five, eleven, …": digits after "+" or "plus" are a phone's country code, not a card's.
          around.leadAt[w.i] < 0 &&
          // "my card's in the other room but the order number's …": the reference named last names the run.
          !(around.referenceOverCard && around.referenceBefore[w.i]) &&
          cardLike(text, run.slice(w.i, w.j + 1), around.referenceBefore[w.i])
        )
          take(w, 'credit_card_number');
    cardEnds.push(...runCardEnds.sort((a, b) => a - b));
    // Longest first: a phone number is not cut into a CVV and a count. Of one length, a window between the run's
    // pauses first: "he has one, five one seven four four oh two eight nine" is "one" and an SSN.
    const paused = around.pausesBefore[run.length] > 0 ? around.pauses : null;
    const cardBefore = run.map((t) => t.start - lastEndBefore(cardEnds, t.start) < 40);
    for (let length = MAX_DIGITS; length >= 3; length -= 1)
      for (let pass = paused ? 0 : 1; pass < 2; pass += 1)
        for (const w of all[length]) {
          if ((paused !== null && aligned(paused, w) !== (pass === 0)) || !free(w)) continue;
          const kind = kindOf(text, run, w, cardBefore[w.i], region, around, codeWasAnswered, regionsSaid);
          if (kind) take(w, kind);
        }
    echoFound = run[0].echo === true && spans.length > before;
    if (restarted) restartFinds = [...restartFinds, ...spans.slice(before)].sort((a, b) => a.start - b.start);
  }
  // A card read with an aside in the middle ("…, hold on mum i'm on the phone, nine two three two oh"), and an
  // expiry and a code given together with nothing naming them ("oh six twenty seven three one eight two").
  const asides = cardsAcrossAsides(text, runs, spans, isCardNumber);
  const found = [...spans, ...asides];
  return [...found, ...bareCardDetails(text, runs, found, cardEnds)];
}

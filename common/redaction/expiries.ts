import {
  CARD_CONTEXT,
  CVV_CONTEXT,
  contextAfter,
  contextAround,
  contextBefore,
  EXPIRY_AFTER,
  EXPIRY_CONTEXT,
  lastEndBefore,
  namesThis,
  NOT_A_CARD_DATE,
} from './context';
import { digitRuns } from './digits';
import { digitsOf } from './digitToken';
import type { TextSpan } from './kinds';

// Card expiries said apart from the digit runs' rules (common/redaction/numbers.ts reads "oh four
// twenty-seven" and "04 2027" itself): written MM/YY near a card or an expiry word, a month named in words
// and a year after an expiry word ("expires April 2027", "the sixth month of thirty"), and a month
// and a year each given with its own word ("the month is oh nine and the year is thirty").

/**
 * MM/YY or MM/YYYY, or its figures read one by one ("0 2 / 2 8"): a digit a space before a spaced month is
 * another number's ("… 1508 0 2/28" is not the month 02).
 */
const WRITTEN_EXPIRY =
  /(?:(?<![\d/])(?:0?[1-9]|1[0-2])|(?<![\d/] ?)(?:0 [1-9]|1 [0-2]))\s*\/\s*(?:\d{2}|20\d{2}|\d \d(?! ?\d))(?![\d/])/g;

/** "the date is 5/31. mm. and the three digit thing, 296": the date a card or its code is spoken of with. */
const THE_DATE = /\bthe date(?: is| was|'s| on it)?(?: uh| um)?$/;

/** A card's own code named right after a date: "… and the CID", "… and the three digit code" (not any "code"). */
const CARD_CODE_NEXT =
  /^[^a-z]{0,4}(?:(?:and|then|plus)\s+)?(?:the\s+)?(?:cvv2?|cvc2?|cid|csc|security code|(?:three|four|3|4)[- ]digit code|code on the (?:back|front))\b/;

/** How far back an expiry asked of a card is read: the question and its answer's first words. */
const ASKED_BACK = 160;

/**
 * "Do you have the new expiration date? … Yeah, the new card says 11/2029": an expiry and a card both named in the
 * words before, and nothing else that runs out.
 */
function askedOfCard(text: string, at: number): boolean {
  const back = text.slice(Math.max(0, at - ASKED_BACK), at).toLowerCase();
  return EXPIRY_CONTEXT.test(back) && CARD_CONTEXT.test(back) && !NOT_A_CARD_DATE.test(back);
}

/** Written expiries: "04/27", "4 / 2027", "0 2 / 2 8" after an expiry word or near a card number. */
export function writtenExpirySpans(text: string, cards: TextSpan[]): TextSpan[] {
  const spans: TextSpan[] = [];
  const ends = cards.map((c) => c.end).sort((a, b) => a - b);
  for (const m of text.matchAll(WRITTEN_EXPIRY)) {
    const end = m.index + m[0].length;
    const byCard = lastEndBefore(ends, m.index + 59) > m.index - 60;
    const around = contextAround(text, m.index, end);
    const before = contextBefore(text, m.index);
    const named =
      EXPIRY_CONTEXT.test(before) ||
      askedOfCard(text, m.index) ||
      // "10/29, and the CID on the back?": a card's code asked for right after it.
      CARD_CODE_NEXT.test(contextAfter(text, end)) ||
      namesThis(EXPIRY_AFTER, contextAfter(text, end)) ||
      (THE_DATE.test(before) && (CARD_CONTEXT.test(around) || CVV_CONTEXT.test(around)));
    // "the quote is valid until 08/26": an expiry word, but of something else named nearby, with no card.
    const ofSomethingElse = !byCard && NOT_A_CARD_DATE.test(around) && !CARD_CONTEXT.test(around);
    if (byCard || (named && !ofSomethingElse)) spans.push({ start: m.index, end, kind: 'credit_card_expiration' });
  }
  return spans;
}

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec|' +
  // Spanish: "vence en agosto del veintinueve".
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';

const DIGIT_WORD = '(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)';
/**
 * A year said in words: "twenty twenty eight", "twenty eight", "thirty", digit by digit "two six", "two
 * thousand twenty eight", "two thousand and nine".
 */
/** A year said in Spanish: "veintinueve", "treinta y uno", "dos mil veintiocho". */
const SPANISH_YEAR =
  '(?:dos[\\s-]+mil[\\s-]+)?(?:veinti(?:uno|d[oó]s|tr[eé]s|cuatro|cinco|s[eé]is|siete|ocho|nueve)|veinte|treinta(?:[\\s-]+y[\\s-]+(?:uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve))?)';
const SPOKEN_YEAR = `${SPANISH_YEAR}|two[\\s-]+thousand(?:[\\s-]+and)?[\\s-]+(?:(?:twenty|thirty)(?:[\\s-]+${DIGIT_WORD}\\b)?|${DIGIT_WORD}\\b)|(?:twenty[\\s-]+)?(?:twenty|thirty)(?:[\\s-]+${DIGIT_WORD}\\b)?|${DIGIT_WORD}[\\s-]+${DIGIT_WORD}\\b`;

/** A month said by its place in the year: "the sixth month", "the 6th month" (its "the" with it). */
const ORDINAL_MONTH =
  '(?:the\\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|(?:1[0-2]|0?[1-9])(?:st|nd|rd|th))\\s+month';

/** A day said before a month ("thirty first may twenty nine", "the 31st of may"): part of how the date is said. */
const ORDINAL_DAY =
  '(?:the\\s+)?(?:thirty[\\s-]+first|twenty[\\s-]+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|' +
  'third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|' +
  'seventeenth|eighteenth|nineteenth|twentieth|thirtieth|(?:[12]?\\d|3[01])(?:st|nd|rd|th))\\s+(?:of\\s+)?';

/**
 * A month said by its number before "of" ("oh two of twenty thirty", "7 of 29", "month twelve of the year twenty
 * seven"): "of" joins it to its year.
 */
const NUMBERED_MONTH = `(?:month[\\s-]+)?(?:(?:oh|zero)[\\s-]+${DIGIT_WORD}|ten|eleven|twelve|${DIGIT_WORD}|0?[1-9]|1[0-2])\\s+of(?:\\s+the\\s+year)?`;

/**
 * A month and a year ("may 2031", "february '29" as a formatter writes it, "the sixth month of thirty", "thirty first may twenty nine"); "december 31st"
 * and "march twenty first" are days.
 */
const MONTH_THEN_YEAR = new RegExp(
  `\\b((?:${ORDINAL_DAY})?(?:${MONTHS})|${ORDINAL_MONTH}|${NUMBERED_MONTH})(?:\\s+(?:of|del|de))?,?\\s+(?:del\\s+)?(20\\d{2}|['’]?\\d{2}|${SPOKEN_YEAR})(?![\\d/]|(?:st|nd|rd|th)\\b|[\\s-]+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\\b)`,
  'gi',
);
/** The year first, as British and Indian English say it ("twenty eight march", "twenty thirty one january"). */
const YEAR_THEN_MONTH = new RegExp(`\\b(?:20\\d{2}|${SPOKEN_YEAR})\\s+(?:${MONTHS})\\b`, 'gi');

/**
 * "expires April 2027", "expiration: March twenty twenty-eight", "expiry date is the sixth month of
 * thirty", "expiring oh two of twenty thirty", "valid till twenty eight march": a month and a year after an
 * expiry word, or right after a card number ("…, may 2031, that's 05/31 on the card"; "…, january of thirty
 * one and …"), or named as the expiry after them. The year said first needs the expiry word before it.
 */
const THE_DATE_AFTER = /^[\s,]*(?:that's|that is|is) the date\b(?! (?:of|for)\b)/;

/** Only a take-back between an expiry and a month-year: "march twenty seven, no wait, may may twenty seven". */
const TAKE_BACK =
  /^[\s,.;]*(?:(?:no|nope|sorry|wait|actually|i mean|i meant|hold on|oops|scratch that|uh|um)\b[\s,.;]*){1,4}$/i;

/** The date a caller gave instead of the expiry just found (the month maybe stammered: "may may twenty seven"). */
function retaken(text: string, spans: TextSpan[], m: RegExpMatchArray): boolean {
  const last = spans[spans.length - 1];
  const at = m.index ?? 0;
  if (!last || at - last.end > 40) return false;
  const gap = text.slice(last.end, at);
  if (TAKE_BACK.test(gap)) return true;
  const month = (/^[a-z]+/i.exec(m[0])?.[0] ?? '').toLowerCase();
  const said = gap.trimEnd().replace(/,$/, '').trimEnd();
  return said.toLowerCase().endsWith(` ${month}`) && TAKE_BACK.test(said.slice(0, said.length - month.length));
}

export function spokenExpirySpans(text: string, cards: TextSpan[] = []): TextSpan[] {
  const spans: TextSpan[] = [];
  const ends = cards.map((c) => c.end).sort((a, b) => a - b);
  for (const m of text.matchAll(MONTH_THEN_YEAR)) {
    // Only separators and a few words between the card and the date: "4111 …, may 2031".
    const cardEnd = lastEndBefore(ends, m.index);
    const afterCard =
      cardEnd > m.index - 40 &&
      /^[\s,.;-]*(?:(?:and|then|uh|um|expiring|exp|valid)\b[\s,]*){0,2}$/i.test(text.slice(cardEnd, m.index));
    const end = m.index + m[0].length;
    // "January of twenty twenty six is the expiration": named after it, unless something else's date.
    const namedAfter = () => {
      const after = contextAfter(text, end);
      const around = contextAround(text, m.index, end);
      // "…, that's the card. august of twenty twenty five, that's the date": named so with a card spoken of.
      if (THE_DATE_AFTER.test(after)) return CARD_CONTEXT.test(around) || CVV_CONTEXT.test(around);
      if (!namesThis(EXPIRY_AFTER, after)) return false;
      return !NOT_A_CARD_DATE.test(around) || CARD_CONTEXT.test(around);
    };
    // "the warranty expires november twenty thirty": an expiry word, but of something else, with no card spoken of.
    const namedBefore = () => {
      const before = contextBefore(text, m.index);
      const around = contextAround(text, m.index, end);
      // "the date is ten of twenty nine. code behind, …": the date a card or its code is spoken of with.
      if (THE_DATE.test(before) && (CARD_CONTEXT.test(around) || CVV_CONTEXT.test(around))) return true;
      if (!EXPIRY_CONTEXT.test(before)) return false;
      return !NOT_A_CARD_DATE.test(around) || CARD_CONTEXT.test(around);
    };
    if (afterCard || namedBefore() || namedAfter() || retaken(text, spans, m))
      spans.push({ start: m.index, end, kind: 'credit_card_expiration' });
  }
  let claimed = 0;
  const yearFirst: TextSpan[] = [];
  for (const m of text.matchAll(YEAR_THEN_MONTH)) {
    const end = m.index + m[0].length;
    // Not over a month-then-year find ("march twenty six, november …" is that one's).
    while (claimed < spans.length && spans[claimed].end <= m.index) claimed += 1;
    if (claimed < spans.length && spans[claimed].start < end) continue;
    if (EXPIRY_CONTEXT.test(contextBefore(text, m.index)))
      yearFirst.push({ start: m.index, end, kind: 'credit_card_expiration' });
  }
  return yearFirst.length === 0 ? spans : [...spans, ...yearFirst].sort((a, b) => a.start - b.start);
}

/** The word a part of a date was given with, just before it ("the month is", "year's", "month:"). */
const PART_SAID = /(?:^| )(month|year)(?: is| was|'s)?$/;
/** The first part's own word right before it: "month ", "year is ". */
const PART_WORD_BEFORE = /\b(?:month|year)(?: is| was|'s)? ?$/i;
/** What may stand between the two parts: "and the", a comma. */
const PARTS_JOIN = /^[\s,]*(?:and\s+)?(?:the\s+)?$/i;
const isMonth = (digits: string): boolean => /^(0?[1-9]|1[0-2])$/.test(digits);
const isYear = (digits: string): boolean => /^(\d{2}|20\d{2})$/.test(digits);

/**
 * "the month is oh nine and the year is thirty" (or the year first): a month and a year each given
 * with its own word, next to each other, are a card's expiry; no expiry word is needed, nobody gives a
 * date of anything else that way. Each run is read with the run after it only: linear in the text.
 */
export function monthYearSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  const runs = digitRuns(text);
  for (let r = 0; r + 1 < runs.length; r += 1) {
    const first = runs[r];
    const second = runs[r + 1];
    const firstWord = PART_SAID.exec(contextBefore(text, first[0].start))?.[1];
    if (!firstWord) continue;
    const gap = text.slice(first[first.length - 1].end, second[0].start);
    if (gap.length > 40) continue;
    const m = /^(.*?)\b(month|year)(?: is| was|'s)?\s*$/is.exec(gap);
    if (!m || m[2].toLowerCase() === firstWord || !PARTS_JOIN.test(m[1])) continue;
    const [month, year] = firstWord === 'month' ? [first, second] : [second, first];
    if (!isMonth(digitsOf(month)) || !isYear(digitsOf(year))) continue;
    // "month zero three, year thirty four": the first part's word goes with it, as the second's does.
    const lead = PART_WORD_BEFORE.exec(text.slice(Math.max(0, first[0].start - 12), first[0].start));
    const start = first[0].start - (lead?.[0].length ?? 0);
    spans.push({ start, end: second[second.length - 1].end, kind: 'credit_card_expiration' });
    r += 1;
  }
  return spans;
}

import { contextAfter, contextBefore, EXPIRY_AFTER, EXPIRY_CONTEXT, lastEndBefore, namesThis } from './context';
import type { TextSpan } from './kinds';

// Card expiries said apart from the digit runs' rules (common/redaction/numbers.ts reads "oh four
// twenty-seven" and "04 2027" itself): written MM/YY near a card or an expiry word, a month named in words
// and a year after an expiry word ("expires April 2027", "the fourth month of twenty nine"), and a month
// and a year each given with its own word ("the month is oh seven and the year is twenty eight").

/** Written expiries: "04/27", "4 / 2027" after an expiry word or near a card number. */
export function writtenExpirySpans(text: string, cards: TextSpan[]): TextSpan[] {
  const spans: TextSpan[] = [];
  const ends = cards.map((c) => c.end).sort((a, b) => a - b);
  for (const m of text.matchAll(/(?<![\d/])(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|20\d{2})(?![\d/])/g)) {
    const end = m.index + m[0].length;
    const near =
      lastEndBefore(ends, m.index + 59) > m.index - 60 ||
      EXPIRY_CONTEXT.test(contextBefore(text, m.index)) ||
      namesThis(EXPIRY_AFTER, contextAfter(text, end));
    if (near) spans.push({ start: m.index, end, kind: 'credit_card_expiration' });
  }
  return spans;
}

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';

/** "expires April 2027", "expiration: March twenty twenty-eight": a month and a year after an expiry word. */
export function spokenExpirySpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  const pattern = new RegExp(
    `\\b(${MONTHS})(?:\\s+of)?,?\\s+(20\\d{2}|\\d{2}|twenty[\\s-]+\\w+(?:[\\s-]+\\w+)?)`,
    'gi',
  );
  for (const m of text.matchAll(pattern))
    if (EXPIRY_CONTEXT.test(contextBefore(text, m.index)))
      spans.push({ start: m.index, end: m.index + m[0].length, kind: 'credit_card_expiration' });
  return spans;
}

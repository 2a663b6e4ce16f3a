import { someOf, BANK_CONTEXT, contextBefore, NOT_A_CARD_DATE, NOT_A_PHONE, PHONE_WORD, SSN_CONTEXT } from './context';
import { type DigitToken, digitsOf } from './digitToken';
import type { TextSpan } from './kinds';

// A card's expiry and code given together with nothing naming them, as callers answer an agent who asks for
// "the expiry and the code" (the question in the agent's turn): "oh six twenty seven three one eight two", "um oh
// two twenty eight and then six oh seven", "oh eight twenty six and five five two", "december twenty eight um
// three nought four"; written after a card ("4859 3277 1406 0655 0427 311"). A month and a year (15–49), each
// ending where a token ends, then three or four digits: no date, price or count is said so. Nothing else may be
// named before them (a phone, an account, a reference, a social).

const MONTH_YEAR = /^(0[1-9]|1[0-2])([2-4]\d|1[5-9])$/;
const MONTH_NAME =
  /(?:^|\s)(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\s+$/i;
/** What may stand between the date and the code: "and", "and then", a hesitation, a pause. */
const BETWEEN = /^[\s,]*(?:(?:and|then|uh|um|er)\b[\s,]*){0,2}$/i;
// And what has a date of its own: "your date of birth? oh seven, twenty two, …", "the work authorization expires …".
const OTHER = someOf(
  PHONE_WORD,
  BANK_CONTEXT,
  NOT_A_PHONE,
  SSN_CONTEXT,
  NOT_A_CARD_DATE,
  /\b(?:number|zip|postal|postcode|cep|pin|birth|born|birthday|dob|d o b)\b/,
);
const NEAR_CARD = 40;

/** The index of the token a month and year end at, from token 0 of `run` (1 or 2 tokens said), or -1. */
function dateEnd(run: DigitToken[]): number {
  let digits = '';
  for (let k = 0; k < run.length && digits.length < 4; k += 1) {
    digits += run[k].digits;
    if (digits.length === 4) return MONTH_YEAR.test(digits) ? k : -1;
  }
  return -1;
}

/** The index of the token a year (15–49) said after a month's name ends at ("twenty eight", "two eight"), or -1. */
function yearEnd(run: DigitToken[]): number {
  const k =
    run[0].digits.length === 2
      ? 0
      : run.length > 1 && run[0].digits.length === 1 && run[1].digits.length === 1
        ? 1
        : -1;
  return k >= 0 && /^(?:1[5-9]|[2-4]\d)$/.test(digitsOf(run.slice(0, k + 1))) ? k : -1;
}

/**
 * A year said as a decade and a unit ("thirty five", "twenty-eight") whose decade alone is a year a card runs to
 * (20, 30, 40): where the decade ends and the unit starts; else null.
 */
function decadeThenUnit(text: string, year: DigitToken): { decadeEnd: number; unitStart: number } | null {
  if (year.written || !/^[234][1-9]$/.test(year.digits)) return null;
  const said = /^(twenty|thirty|forty)([\s-]+)[a-z]+$/i.exec(text.slice(year.start, year.end));
  if (!said) return null;
  const decadeEnd = year.start + said[1].length;
  return { decadeEnd, unitStart: decadeEnd + said[2].length };
}

const codeLength = (tokens: DigitToken[]): boolean => {
  const n = digitsOf(tokens).length;
  return n === 3 || n === 4;
};

/**
 * Expiry and code spans for each run (in text order) that is a month, a year and a code, or a month and a year
 * followed by a run that is a code; none where `found` already lies, nor over anything named otherwise. `cardEnds`:
 * where each card found ends (a written one needs a card just before it). One pass over the runs: linear.
 */
export function bareCardDetails(text: string, runs: DigitToken[][], found: TextSpan[], cardEnds: number[]): TextSpan[] {
  const taken = new Uint8Array(text.length + 1);
  for (const span of found) taken.fill(1, span.start, span.end);
  const free = (start: number, end: number) => taken.subarray(start, end).every((c) => c === 0);
  const codes = new Set(found.filter((s) => s.kind === 'credit_card_cvv').map((s) => s.start));
  const out: TextSpan[] = [];
  for (let r = 0; r < runs.length; r += 1) {
    // After a card in the same run ("4859 3277 1406 0655 0427 311"), from its first token no find covers.
    let from = 0;
    while (from < runs[r].length && taken[runs[r][from].start] === 1) from += 1;
    const run = runs[r].slice(from);
    if (run.length === 0 || run.some((t) => t.magnitude)) continue;
    // A code written with dashes ("oh one three one oh dash one double oh", a postal code) is no date and code.
    if (/-|\bdash\b/i.test(text.slice(run[0].start, run[run.length - 1].end))) continue;
    const written = run.every((t) => t.written);
    if (!written && run.some((t) => t.written)) continue;
    const start = run[0].start;
    if (written && !cardEnds.some((end) => end <= start && start - end <= NEAR_CARD)) continue;
    const before = contextBefore(text, start);
    if (OTHER.test(before)) continue;
    // "december twenty eight um three nought four": the month said by name, the year as the run's start.
    const named = MONTH_NAME.exec(text.slice(Math.max(0, start - 12), start));
    const monthWord = named ? start - named[0].trimStart().length : -1;
    const date = named ? yearEnd(run) : dateEnd(run);
    if (date < 0) continue;
    const rest = run.slice(date + 1);
    let code: DigitToken[] = rest;
    if (rest.length === 0) {
      const next = runs[r + 1];
      if (!next || next[0].start <= run[run.length - 1].end) continue;
      // "yep oh nine twenty six and um one seven five on the back": the code already named, the date before it.
      const gap = text.slice(run[run.length - 1].end, next[0].start);
      if (codes.has(next[0].start) && gap.length <= NEAR_CARD && /^[\s,]*and\b/i.test(gap)) {
        const dateFrom = monthWord >= 0 ? monthWord : start;
        if (free(dateFrom, run[date].end))
          out.push({ start: dateFrom, end: run[date].end, kind: 'credit_card_expiration' });
        continue;
      }
      if (!BETWEEN.test(text.slice(run[run.length - 1].end, next[0].start))) continue;
      if (next.some((t) => t.written !== written)) continue;
      code = next;
    }
    let dateTo = run[date].end;
    let codeFrom = code[0]?.start ?? -1;
    if (!codeLength(code)) {
      // "oh eight thirty five six two": a year of the 2030s said as its decade alone, the code's first digit after it.
      const split = code === rest && rest.length > 0 ? decadeThenUnit(text, run[date]) : null;
      const left = digitsOf(rest).length;
      if (!split || left < 2 || left > 3) continue;
      dateTo = split.decadeEnd;
      codeFrom = split.unitStart;
    }
    const dateFrom = monthWord >= 0 ? monthWord : start;
    const codeTo = code[code.length - 1].end;
    if (!free(dateFrom, codeTo)) continue;
    out.push({ start: dateFrom, end: dateTo, kind: 'credit_card_expiration' });
    out.push({ start: codeFrom, end: codeTo, kind: 'credit_card_cvv' });
    taken.fill(1, dateFrom, codeTo);
  }
  return out;
}

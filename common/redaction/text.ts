import type { CountryCode } from 'libphonenumber-js/max';
import { withCodesAfterExpiries } from './cardCodes';
import { emailSpans } from './emails';
import { withExtensions } from './extensions';
import { ifscSpans, widenedAccounts, writtenIfscSpans } from './bankCodes';
import { bicSpans } from './bicCodes';
import { placeholderOf, type TextSpan } from './kinds';
import { restated } from './corrections';
import { withRepeats, withRetakes, withStutters } from './repeats';
import { type Heard, withReadBacks } from './readBacks';
import { digitRuns } from './digits';
import { wordsOf } from './spelling';
import { ibanSpans } from './iban';
import { monthYearSpans, spokenExpirySpans, writtenExpirySpans } from './expiries';
import { numberSpans } from './numbers';
import { forgetPhoneAnswers } from './phones';
import { ssnPartSpans } from './ssnParts';
import { providerMarkSpans } from './providerMarks';
import { formattedSpans } from './formatted';
import { type HeardAddress, withAddressesAgain } from './addressesAgain';
import { withoutReferences } from './references';
import { withBegun } from './begun';

// The one rule set: the spans of personal data in a piece of text and the text with each replaced by its
// placeholder. The API runs it on a submitted transcript, the worker on every provider's answer.

/**
 * Earlier finds win where two overlap: provider marks, then emails (their digits are not a phone), IBANs,
 * then numbers (phone numbers last: a card's or an account's digits are not a phone).
 */
function claim(found: TextSpan[], length: number): TextSpan[] {
  // Each character is claimed once: a span is kept when none of its characters is taken. Each finder's
  // own spans do not overlap, so this costs the text's length times the finders, not finds squared.
  const taken = new Uint8Array(length);
  const kept: TextSpan[] = [];
  for (const span of found) {
    let free = true;
    for (let i = span.start; i < span.end && free; i += 1) free = taken[i] === 0;
    if (!free) continue;
    taken.fill(1, span.start, span.end);
    kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Finds of one kind next to each other with only a correction or a restatement between them are one value
 * said twice ("04/27, sorry, 04/28"; "twelve thirty, like december twenty thirty"): one span, so the
 * words that joined them do not stand between two placeholders.
 */
function merged(text: string, spans: TextSpan[]): TextSpan[] {
  const out: TextSpan[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    const gap = text.slice(last?.end ?? 0, span.start);
    // An account read in two pieces ("PT92 0035 … 5889 1" past a window's 17 digits) is one value.
    const pieces = span.kind === 'banking_information' && /^[\s-]{0,3}$/.test(gap);
    if (last && last.kind === span.kind && (pieces || restated(gap)))
      out[out.length - 1] = { start: last.start, end: span.end, kind: span.kind };
    else out.push(span);
  }
  return out;
}

export interface RedactionOptions {
  /** The region a national phone number is read in (ISO 3166 alpha-2, e.g. "GB"); US unless given. */
  phoneRegion?: CountryCode;
}

/**
 * Addresses, IBANs, IFSCs and SWIFT codes, all read from the text's words (letters spelled with an example as one): the words
 * once, and let go before the digit runs are read (a digit list's words and runs would be held together).
 */
function spelledSpans(text: string): { emails: TextSpan[]; ibans: TextSpan[] } {
  const words = wordsOf(text);
  return {
    emails: emailSpans(text, words),
    ibans: [...ibanSpans(text, words), ...ifscSpans(text, words), ...writtenIfscSpans(text), ...bicSpans(text, words)],
  };
}

const WIDENINGS: Array<(text: string, spans: TextSpan[]) => TextSpan[]> = [
  widenedAccounts,
  withCodesAfterExpiries,
  withRepeats,
  withRetakes,
  withStutters,
  withExtensions,
];

/**
 * The spans of personal data in `text`, in order, none overlapping. `heard`: what the call's turns before said.
 */
/** What the call's turns before a text said (common/redaction/transcript.ts), for what is said again in it. */
export interface HeardInCall {
  /** Values found, as digits: a read-back or a correction of one. */
  values?: Heard[];
  /** Addresses found, as letters: one said again in part. */
  addresses?: HeardAddress[];
  /** Numbers named a reference and found to be nothing: one read back is that reference. */
  references?: string[];
  /** Values begun and broken off at a turn's end: one said whole later starts with it. */
  begun?: Heard[];
}

export function findPii(text: string, options: RedactionOptions = {}, heard: HeardInCall = {}): TextSpan[] {
  try {
    return piiIn(text, options, heard);
  } finally {
    // The numbering plan's answers hold the digits read: none is kept past this text (common/redaction/phones.ts).
    forgetPhoneAnswers();
  }
}

function piiIn(text: string, options: RedactionOptions, heard: HeardInCall): TextSpan[] {
  const region = options.phoneRegion ?? 'US';
  const marks = providerMarkSpans(text);
  const { emails, ibans } = spelledSpans(text);
  // The digit runs are read once: for the numbers, and again for a value read back later (common/redaction/readBacks.ts).
  const runs = digitRuns(text);
  const numbers = numberSpans(text, region, runs);
  const cards = numbers.filter((s) => s.kind === 'credit_card_number');
  const claimed = claim(
    [
      ...marks,
      ...emails,
      ...ibans,
      // A written expiry ("05/28") before the numbers: its year is not the start of a code.
      ...writtenExpirySpans(text, cards),
      ...spokenExpirySpans(text, cards),
      ...monthYearSpans(text),
      // A value the provider's formatter wrote as a time or a count ("expiry 12:28", "the SSN is 583,209,147").
      ...formattedSpans(text),
      ...ssnPartSpans(text),
      ...numbers.filter((s) => s.kind !== 'phone_number'),
      ...numbers.filter((s) => s.kind === 'phone_number'),
    ],
    text.length,
  );
  // Then each find widened over what belongs to it, in this order: an account's groups, a card's code after its
  // expiry, the value said again, taken back and given again, its first word stammered, a phone's extension, the value
  // read back anywhere later.
  // Then each said again: a value read back, an address said again in part; and a reference read back is none.
  const readBack = withReadBacks(
    text,
    WIDENINGS.reduce((spans, widen) => widen(text, spans), claimed),
    runs,
    heard.values,
  );
  const again = withBegun(withAddressesAgain(text, readBack, heard.addresses ?? []), runs, heard.begun ?? []);
  return merged(text, withoutReferences(text, again, heard.references ?? []));
}

/** `text` with the given spans replaced by their placeholders. */
export function replaceSpans(text: string, spans: TextSpan[]): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + placeholderOf(span.kind);
    at = span.end;
  }
  return out + text.slice(at);
}

export function redactText(text: string, options: RedactionOptions = {}): { text: string; spans: TextSpan[] } {
  const spans = findPii(text, options);
  return { text: spans.length > 0 ? replaceSpans(text, spans) : text, spans };
}

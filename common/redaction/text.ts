import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { emailSpans } from './emails';
import { placeholderOf, type TextSpan } from './kinds';
import { ibanSpans, numberSpans, spokenExpirySpans, writtenExpirySpans } from './numbers';
import { providerMarkSpans } from './providerMarks';

// The one rule set: the spans of personal data in a piece of text and the text with each replaced by its
// placeholder. The API runs it on a submitted transcript, the worker on every provider's answer.

/**
 * Earlier finds win where two overlap: provider marks, then emails (their digits are not a phone), IBANs,
 * then numbers, then phones (libphonenumber-js's span first: it takes a number's brackets).
 */
function claim(found: TextSpan[]): TextSpan[] {
  const kept: TextSpan[] = [];
  for (const span of found) if (!kept.some((k) => span.start < k.end && k.start < span.end)) kept.push(span);
  return kept.sort((a, b) => a.start - b.start);
}

const NOT_A_PHONE_BEFORE =
  /\b(order|invoice|ticket|tracking|reference|ref|confirmation|po|quote|case|serial|sku|part|model|item|claim|policy|id)\b[^a-z]*(number|no|#)?[^a-z]*$/i;

/** The spans of personal data in `text`, in order, none overlapping. */
export function findPii(text: string): TextSpan[] {
  const marks = providerMarkSpans(text);
  const emails = emailSpans(text);
  const numbers = numberSpans(text);
  const cards = numbers.filter((s) => s.kind === 'credit_card_number');
  const phones: TextSpan[] = findPhoneNumbersInText(text, { defaultCountry: 'US' })
    .filter((p) => !NOT_A_PHONE_BEFORE.test(text.slice(Math.max(0, p.startsAt - 40), p.startsAt)))
    .map((p) => ({ start: p.startsAt, end: p.endsAt, kind: 'phone_number' }));
  return claim([
    ...marks,
    ...emails,
    ...ibanSpans(text),
    ...numbers.filter((s) => s.kind !== 'phone_number'),
    ...writtenExpirySpans(text, cards),
    ...spokenExpirySpans(text),
    ...phones,
    ...numbers.filter((s) => s.kind === 'phone_number'),
  ]);
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

export function redactText(text: string): { text: string; spans: TextSpan[] } {
  const spans = findPii(text);
  return { text: spans.length > 0 ? replaceSpans(text, spans) : text, spans };
}

import type { PiiKind, TextSpan } from './kinds';

// What a provider leaves where it redacted (AssemblyAI with `redact_pii_sub: entity_name` writes the
// policy's name in brackets, "[CREDIT_CARD_NUMBER]"; Deepgram writes an entity label such as
// "[CREDIT_CARD_1]"; with a hash substitution, "####"): each becomes a span of its kind, so it is
// written as the service's placeholder, and timed and silenced like the service's own finds. A mark of
// no known kind (a hash, a label of an entity the service does not ask for) keeps its text: it already
// hides what was said.

const LABELS: Array<[RegExp, PiiKind]> = [
  [/^(CREDIT_CARD(_NUMBER)?|CARD_NUMBER|PCI|PAYMENT_CARD)$/, 'credit_card_number'],
  [/^(CREDIT_CARD_EXPIRATION|CARD_EXPIRATION|EXPIRATION(_DATE)?|CREDIT_CARD_EXPIRY)$/, 'credit_card_expiration'],
  [/^(CREDIT_CARD_CVV|CVV|CVC|CARD_CVV|CREDIT_CARD_SECURITY_CODE)$/, 'credit_card_cvv'],
  [/^(BANKING_INFORMATION|BANK_ACCOUNT(_NUMBER)?|ACCOUNT_NUMBER|ROUTING_NUMBER|ROUTING|IBAN)$/, 'banking_information'],
  [/^(EMAIL(_ADDRESS)?)$/, 'email_address'],
  [/^(PHONE(_NUMBER)?|TELEPHONE(_NUMBER)?)$/, 'phone_number'],
  [/^(US_SOCIAL_SECURITY_NUMBER|SOCIAL_SECURITY_NUMBER|SSN)$/, 'us_social_security_number'],
];

export function providerMarkSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  // A label is at most 64 characters: a "[" without its "]" is read no further than that.
  for (const m of text.matchAll(/\[(\w{1,64})\]/g)) {
    const label = m[1].toUpperCase().replace(/_\d{1,9}$/, '');
    const kind = LABELS.find(([pattern]) => pattern.test(label))?.[1];
    if (kind) spans.push({ start: m.index, end: m.index + m[0].length, kind });
  }
  return spans;
}

/**
 * A span that is a provider's mark ("[SSN]", "[PHONE_1]"): no value said, so nothing is read again after it or from
 * its digits (a text of marks has hundreds of thousands of them).
 */
export const isProviderMark = (text: string, span: TextSpan): boolean => text[span.start] === '[';

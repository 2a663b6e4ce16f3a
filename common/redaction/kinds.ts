// The kinds of personal data a recording with `redactPii` loses, each replaced in the text by its
// placeholder: AssemblyAI's policy names upper-cased in brackets (docs/recordings.md, "Redaction").

export const PII_KINDS = [
  'credit_card_number',
  'credit_card_expiration',
  'credit_card_cvv',
  'banking_information',
  'email_address',
  'phone_number',
  'us_social_security_number',
] as const;

export type PiiKind = (typeof PII_KINDS)[number];

export const placeholderOf = (kind: PiiKind): string => `[${kind.toUpperCase()}]`;

/** A stretch of text found to be personal data: [start, end) in the text searched. */
export interface TextSpan {
  start: number;
  end: number;
  kind: PiiKind;
}

/** Where a redacted span was said, on the transcript's timeline (what the stored audio silences). */
export interface RedactedSpan {
  startMs: number;
  endMs: number;
  kind: PiiKind;
}

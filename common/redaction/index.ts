// Redaction of personal data (issue 43, docs/recordings.md "Redaction"): one rule set for the API and the worker.
export { PII_KINDS, placeholderOf, type PiiKind, type RedactedSpan, type TextSpan } from './kinds';
export { findPii, redactText, type RedactionOptions } from './text';
export { redactTranscript, withoutWords } from './transcript';
export { phoneRegionOf } from './region';

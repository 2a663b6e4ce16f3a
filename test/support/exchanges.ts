import fc from 'fast-check';
import { redactTranscript } from '../../common/redaction/transcript';
import type { Transcript } from '../../common/transcript';
import { digitsArb } from './spokenValues';

// A diarized call for the redaction tests of exchanges (test/recordings/redactionExchanges.test.ts, …): turns of
// [speaker, text], four seconds apart, redacted as the worker redacts a transcript.

const call = (turns: Array<[string, string]>): Transcript => ({
  provider: 'submitted',
  language: 'en',
  durationMs: turns.length * 4000,
  segments: turns.map(([speaker, text], i) => ({ startMs: i * 4000, endMs: i * 4000 + 3900, speaker, text })),
});

/** Each turn's text once the call is redacted. */
export const redactedTurns = (turns: Array<[string, string]>): string[] =>
  redactTranscript(call(turns)).segments.map((s) => s.text);

/** A valid US number, as ten digits: no N11 exchange, no 555 (fiction's). */
export const usPhoneArb = fc
  .tuple(
    fc.constantFrom('212', '415', '617', '312', '503', '973', '858', '773', '404', '916', '914', '516', '718', '630'),
    fc.integer({ min: 2, max: 9 }),
    digitsArb(2),
    digitsArb(4),
  )
  .filter(([, a, b]) => b !== '11' && `${a}${b}` !== '555')
  .map(([area, a, b, line]) => `${area}${a}${b}${line}`);

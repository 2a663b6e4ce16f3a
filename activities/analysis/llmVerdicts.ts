import Ajv from 'ajv';
import { Type, type Static } from '@sinclair/typebox';
import type { EvidenceQuote } from '../../common/recordingAnalysis';
import type { Judgment } from './scorecard';
import { MAX_QUOTES } from './scorecard';
import type { Turn } from './turns';

// What the analysis model must answer (a JSON schema it is held to with structured outputs, strict),
// the check that every quote it gives occurs in the transcript, and how verdicts on the parts of a
// long call combine into one.

const Verdict = Type.Object(
  {
    index: Type.Integer({ description: "The item's index in the scorecard list." }),
    verdict: Type.Unsafe<'met' | 'not_met' | 'not_shown'>({
      type: 'string',
      enum: ['met', 'not_met', 'not_shown'],
      description:
        'met: the rep did it; not_met: the call shows the rep failing it; not_shown: nothing in this transcript bears on it.',
    }),
    explanation: Type.String({ description: 'One or two sentences, in the language of the call.' }),
    evidence: Type.Array(
      Type.Object(
        {
          quote: Type.String({
            description: 'Words copied exactly from one transcript line, without the speaker prefix.',
          }),
          speaker: Type.Unsafe<'rep' | 'customer'>({ type: 'string', enum: ['rep', 'customer'] }),
        },
        { additionalProperties: false },
      ),
      { description: 'The words the verdict rests on; empty when not_shown.' },
    ),
  },
  { additionalProperties: false },
);
type Verdict = Static<typeof Verdict>;

/** The answer schema: every property required, no others (what strict structured outputs accept). */
export const VERDICTS_SCHEMA = Type.Object(
  { criteria: Type.Array(Verdict), metrics: Type.Array(Verdict) },
  { additionalProperties: false },
);
export type Verdicts = Static<typeof VERDICTS_SCHEMA>;

/** The chat-completions `response_format` (CreateChatCompletionRequest, ResponseFormatJsonSchema). */
export const RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'scorecard_verdicts',
    description: "Verdicts on a sales rep's call against each scorecard item, with quotes from the transcript.",
    strict: true,
    schema: JSON.parse(JSON.stringify(VERDICTS_SCHEMA)) as Record<string, unknown>,
  },
} as const;

const checkVerdicts = new Ajv({ strict: false }).compile<Verdicts>(VERDICTS_SCHEMA);

/** The model's answer as verdicts; an answer off the schema is the model's hiccup (retried). */
export function parseVerdicts(content: unknown, criteria: number, metrics: number): Verdicts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof content === 'string' ? content : '');
  } catch {
    throw new Error('The analysis model did not answer with JSON');
  }
  if (!checkVerdicts(parsed)) throw new Error('The analysis model did not answer in the verdict schema');
  for (const [list, count, kind] of [
    [parsed.criteria, criteria, 'criterion'],
    [parsed.metrics, metrics, 'metric'],
  ] as const) {
    for (let index = 0; index < count; index += 1) {
      if (!list.some((v) => v.index === index))
        throw new Error(`The analysis model gave no verdict for ${kind} ${index}`);
    }
  }
  return parsed;
}

const fold = (s: string): string => s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').toLowerCase();
const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * Where a quote occurs in the transcript (case, curly quotes and spacing aside): the transcript's own
 * words for it, the start of the line it begins in and who said it; null when it does not occur.
 */
export function findQuote(turns: Turn[], quote: string): EvidenceQuote | null {
  const wanted = fold(
    collapse(
      quote
        .replace(/^\s*(?:rep|customer)\s*:\s*/i, '')
        .replace(/^["'“”‘’«»\s]+|["'“”‘’«»\s]+$/g, '')
        .replace(/(?:\.\.\.|…)$/u, ''),
    ),
  );
  if (wanted.replace(/[^\p{L}\p{N}]/gu, '').length < 2) return null;
  for (const turn of turns) {
    let text = '';
    const starts: Array<{ at: number; startMs: number }> = [];
    for (const line of turn.lines) {
      if (text) text += ' ';
      starts.push({ at: text.length, startMs: line.startMs });
      text += collapse(line.text);
    }
    const at = fold(text).indexOf(wanted);
    if (at < 0) continue;
    const line = [...starts].reverse().find((s) => s.at <= at) ?? starts[0];
    return {
      quote: text.slice(at, at + wanted.length),
      startMs: line.startMs,
      speaker: turn.isUser ? 'rep' : 'customer',
    };
  }
  return null;
}

interface PartVerdict {
  verdict: Verdict['verdict'];
  explanation: string;
  evidence: EvidenceQuote[];
  dropped: number;
}

/** One part's verdict on one item, its quotes checked against the transcript. */
export function checkedVerdict(verdict: Verdict, turns: Turn[]): PartVerdict {
  const evidence: EvidenceQuote[] = [];
  let dropped = 0;
  for (const e of verdict.evidence) {
    const found = findQuote(turns, e.quote);
    if (!found) dropped += 1;
    else if (!evidence.some((q) => q.quote === found.quote && q.startMs === found.startMs)) evidence.push(found);
  }
  const explanation = collapse(verdict.explanation).slice(0, 2000) || 'No explanation given.';
  return { verdict: verdict.verdict, explanation, evidence, dropped };
}

function noQuoteReason(deciding: PartVerdict[]): string {
  if (deciding.length === 0) return 'Nothing in the call bears on this item.';
  if (deciding.some((p) => p.dropped > 0)) return 'The words the model quoted do not occur in the transcript.';
  return 'The model quoted nothing for this verdict.';
}

/**
 * One item's verdict over the parts of a call: failed when a part shows the rep failing it, else
 * passed when a part shows them doing it, else failed with nothing to show. Unsupported when a quote
 * the verdict rests on is not in the transcript.
 */
export function combineParts(parts: PartVerdict[]): Judgment {
  const failing = parts.filter((p) => p.verdict === 'not_met');
  const meeting = parts.filter((p) => p.verdict === 'met');
  const deciding = failing.length > 0 ? failing : meeting;
  const evidence = deciding.flatMap((p) => p.evidence).slice(0, MAX_QUOTES);
  const supported = deciding.every((p) => p.dropped === 0);
  const judgment: Judgment = {
    passed: failing.length === 0 && meeting.length > 0,
    explanation: (deciding[0] ?? parts[0]).explanation,
    evidence,
    ...(evidence.length === 0 ? { noEvidenceReason: noQuoteReason(deciding) } : {}),
    ...(supported ? {} : { supported: false as const }),
  };
  return judgment;
}

import Ajv from 'ajv';
import { Type, type Static } from '@sinclair/typebox';
import { UNSUPPORTED_VERDICT, type EvidenceQuote } from '../../common/recordingAnalysis';
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
export type Verdict = Static<typeof Verdict>;

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

/** The indexes of the items a request asks about, per list. */
export interface AskedItems {
  criteria: number[];
  metrics: number[];
}

/** The model's answer as verdicts; an answer off the schema, or without a verdict asked for, is the model's hiccup (retried). */
export function parseVerdicts(content: unknown, asked: AskedItems): Verdicts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof content === 'string' ? content : '');
  } catch {
    throw new Error('The analysis model did not answer with JSON');
  }
  if (!checkVerdicts(parsed)) throw new Error('The analysis model did not answer in the verdict schema');
  for (const [list, indexes, kind] of [
    [parsed.criteria, asked.criteria, 'criterion'],
    [parsed.metrics, asked.metrics, 'metric'],
  ] as const) {
    for (const index of indexes) {
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

export interface PartVerdict {
  verdict: Verdict['verdict'];
  explanation: string;
  evidence: EvidenceQuote[];
  /** The quotes that do not occur in the transcript, as the model gave them (never reported). */
  notFound: string[];
}

/** One part's verdict on one item, its quotes checked against the transcript. */
export function checkedVerdict(verdict: Verdict, turns: Turn[]): PartVerdict {
  const evidence: EvidenceQuote[] = [];
  const notFound: string[] = [];
  for (const e of verdict.evidence) {
    const found = findQuote(turns, e.quote);
    if (!found) notFound.push(e.quote);
    else if (!evidence.some((q) => q.quote === found.quote && q.startMs === found.startMs)) evidence.push(found);
  }
  const explanation = collapse(verdict.explanation).slice(0, 2000) || 'No explanation given.';
  return { verdict: verdict.verdict, explanation, evidence, notFound };
}

/** A verdict (met or not_met) resting on words the call does not have: the model is asked once more. */
export const needsRecheck = (p: PartVerdict): boolean => p.verdict !== 'not_shown' && p.notFound.length > 0;

/**
 * One item's verdict over the parts of a call: failed when a part shows the rep failing it, else
 * passed when a part shows them doing it, else failed with nothing to show. Unsupported when a quote
 * the verdict rests on is not in the transcript (after the model was asked once more): then not
 * passed, and nothing the model said about it is reported — its explanation may repeat the words it
 * invented, and the quotes it did find back a verdict that is not given.
 */
export function combineParts(parts: PartVerdict[]): Judgment {
  const failing = parts.filter((p) => p.verdict === 'not_met');
  const meeting = parts.filter((p) => p.verdict === 'met');
  const deciding = failing.length > 0 ? failing : meeting;
  if (deciding.some((p) => p.notFound.length > 0))
    return {
      passed: false,
      explanation: UNSUPPORTED_VERDICT,
      evidence: [],
      noEvidenceReason: UNSUPPORTED_VERDICT,
      supported: false,
    };
  const evidence = deciding.flatMap((p) => p.evidence).slice(0, MAX_QUOTES);
  return {
    passed: failing.length === 0 && meeting.length > 0,
    explanation: (deciding[0] ?? parts[0]).explanation,
    evidence,
    ...(evidence.length === 0
      ? {
          noEvidenceReason:
            deciding.length === 0
              ? 'Nothing in the call bears on this item.'
              : 'The model quoted nothing for this verdict.',
        }
      : {}),
  };
}

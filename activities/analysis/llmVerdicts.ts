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
    const given = new Set(list.map((v) => v.index));
    for (const index of indexes) {
      if (!given.has(index)) throw new Error(`The analysis model gave no verdict for ${kind} ${index}`);
    }
  }
  return parsed;
}

const fold = (s: string): string => s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').toLowerCase();
const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

const QUOTE_EDGES = new Set(['"', "'", '“', '”', '‘', '’', '«', '»']);
const isQuoteEdge = (c: string): boolean => QUOTE_EDGES.has(c) || /\s/.test(c);

/** The quote without the quotation marks and spaces around it, read once from each end. */
function unquoted(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isQuoteEdge(s[start])) start += 1;
  while (end > start && isQuoteEdge(s[end - 1])) end -= 1;
  return s.slice(start, end);
}

/** The call as quotes are looked up in: every turn's words once, folded, in one string. */
interface FoldedCall {
  /** Each turn's lines, spacing collapsed, joined by a space (what a quote is copied from). */
  texts: string[];
  /** The folded texts, a line break between turns (a quote holds none, so none spans two turns). */
  folded: string;
  /** Where each turn's folded text starts in `folded`. */
  offsets: number[];
  /** Each turn's lines: where each starts in its text, and its start time. */
  lineAts: number[][];
  lineStartMs: number[][];
  /** The answers already given, by folded quote: parts and rechecks often quote the same words. */
  found: Map<string, EvidenceQuote | null>;
}

// Folded once per call (turns are the analysis' own list): each quote of every part used to fold
// every turn again, 14.7 s a part on a 1 MB call with 200 items.
const foldedCalls = new WeakMap<Turn[], FoldedCall>();
function foldedCall(turns: Turn[]): FoldedCall {
  let call = foldedCalls.get(turns);
  if (call) return call;
  call = { texts: [], folded: '', offsets: [], lineAts: [], lineStartMs: [], found: new Map() };
  const folded: string[] = [];
  let offset = 0;
  for (const turn of turns) {
    let text = '';
    const ats: number[] = [];
    for (const line of turn.lines) {
      if (text) text += ' ';
      ats.push(text.length);
      text += collapse(line.text);
    }
    const f = fold(text);
    call.texts.push(text);
    call.lineAts.push(ats);
    call.lineStartMs.push(turn.lines.map((l) => l.startMs));
    call.offsets.push(offset);
    folded.push(f);
    offset += f.length + 1;
  }
  call.folded = folded.join('\n');
  foldedCalls.set(turns, call);
  return call;
}

/** The last index of a sorted list whose value is at most `value` (0 when none is). */
function lastAtMost(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (sorted[mid] <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Where a quote occurs in the transcript (case, curly quotes and spacing aside): the transcript's own
 * words for it, the start of the line it begins in and who said it; null when it does not occur.
 * One search of the folded call (see foldedCall) per quote.
 */
export function findQuote(turns: Turn[], quote: string): EvidenceQuote | null {
  const wanted = fold(
    collapse(unquoted(quote.replace(/^\s*(?:rep|customer)\s*:\s*/i, '')).replace(/(?:\.\.\.|…)$/u, '')),
  );
  if (wanted.replace(/[^\p{L}\p{N}]/gu, '').length < 2) return null;
  const call = foldedCall(turns);
  const known = call.found.get(wanted);
  if (known !== undefined) return known;
  const index = call.folded.indexOf(wanted);
  let result: EvidenceQuote | null = null;
  if (index >= 0) {
    const t = lastAtMost(call.offsets, index);
    const at = index - call.offsets[t];
    result = {
      quote: call.texts[t].slice(at, at + wanted.length),
      startMs: call.lineStartMs[t][lastAtMost(call.lineAts[t], at)],
      speaker: turns[t].isUser ? 'rep' : 'customer',
    };
  }
  call.found.set(wanted, result);
  return result;
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
  // A set, not a search of the evidence so far: the model's answer may hold any number of quotes.
  const seen = new Set<string>();
  for (const e of verdict.evidence) {
    const found = findQuote(turns, e.quote);
    if (!found) notFound.push(e.quote);
    else if (!seen.has(`${found.startMs}|${found.quote}`)) {
      seen.add(`${found.startMs}|${found.quote}`);
      evidence.push(found);
    }
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

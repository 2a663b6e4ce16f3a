import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import type { ScorecardResponse } from '../../common/recordingAnalysis';
import type { ScorecardItem } from '../../db/queries/roleplays';
import { callProvider } from '../providerHttp';
import { apiUrl } from '../stt/transcript';
import type { LlmUsage } from '../../common/recordingAnalysis';
import type { Analyzer, AnalysisInput } from './analyzer';
import { analyzeBuiltin, assemble, prepare } from './builtin';
import {
  checkedVerdict,
  combineParts,
  needsRecheck,
  parseVerdicts,
  RESPONSE_FORMAT,
  type PartVerdict,
  type Verdict,
  type Verdicts,
} from './llmVerdicts';
import { judgeItem, respond } from './scorecard';
import type { Turn } from './turns';

// An OpenAI-compatible chat-completions model judges the roleplay's scorecard items, held to a JSON
// schema by structured outputs, quoting the call for each verdict; quotes are checked against the
// transcript; a verdict resting on words the call does not have is asked about once more, naming
// those words, and a second such answer is reported unsupported (not passed). Everything countable (length, pace, fillers, questions, name use, snippets) stays
// deterministic, and so does the default scorecard of recordings without a roleplay; the score is
// computed here from the verdicts and the scorecard's weights, never taken from the model. A call
// longer than LLM_MAX_TRANSCRIPT_CHARS is judged in parts, one request each, and the verdicts combined.

export type LlmConfig = Pick<
  Config,
  | 'LLM_BASE_URL'
  | 'LLM_API_KEY'
  | 'LLM_MODEL'
  | 'LLM_MAX_TRANSCRIPT_CHARS'
  | 'LLM_PROMPT_PRICE'
  | 'LLM_COMPLETION_PRICE'
>;

interface ChatCompletion {
  model?: unknown;
  choices?: Array<{ finish_reason?: unknown; message?: { content?: unknown; refusal?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

const SYSTEM =
  'You are a strict, fair sales coach. Judge only from the transcript you are given. Every quote must be copied exactly from one line of it.';

/** The call as lines for the model, in parts of at most maxChars (a turn longer than that is split at its lines). */
export function transcriptParts(turns: Turn[], maxChars: number): string[] {
  const lines = turns.flatMap((t) =>
    t.lines.map((l, i) => (i === 0 ? `${t.isUser ? 'Rep' : 'Customer'}: ` : '  ') + l.text),
  );
  const parts: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = raw.length > maxChars ? raw.slice(0, maxChars) : raw;
    if (current && current.length + 1 + line.length > maxChars) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current || parts.length === 0) parts.push(current);
  return parts;
}

/** An item as the model sees it: its index in its scorecard list stays the same in every request. */
interface Asked {
  index: number;
  item: ScorecardItem;
}

/** The items whose verdicts rested on words the transcript does not have, with those words. */
interface Recheck {
  criteria: Array<{ index: number; notFound: string[] }>;
  metrics: Array<{ index: number; notFound: string[] }>;
}

interface PromptContext {
  input: AnalysisInput;
  customerName: string | null;
  transcript: string;
  part: number;
  parts: number;
}

function prompt(ctx: PromptContext, criteria: Asked[], metrics: Asked[], recheck?: Recheck): string {
  const list = (items: Asked[]) =>
    items.map(({ index, item }) => ({
      index,
      title: item.title,
      description: item.description,
      section: item.sectionTitle,
    }));
  return JSON.stringify({
    task:
      'Judge the sales rep in this call transcript against each scorecard item. For every item give a verdict (met, not_met, or not_shown when ' +
      'nothing in the transcript bears on it), explain it in one or two sentences in the language of the call, and quote the words it rests on ' +
      '(copied exactly from the transcript, without the "Rep:" or "Customer:" prefix).' +
      (ctx.parts > 1
        ? ` The call is long: this is part ${ctx.part} of ${ctx.parts}. Judge only what this part shows; not_met means this part shows the rep failing the item.`
        : '') +
      (recheck
        ? ' You judged these items before, quoting words that do not occur in this transcript (recheck.notFound). Judge them again, quoting ' +
          'only words copied exactly from one transcript line; answer not_shown when nothing in the transcript bears on an item.'
        : ''),
    language: ctx.input.language,
    customerName: ctx.customerName,
    scorecard: { criteria: list(criteria), metrics: list(metrics) },
    ...(recheck ? { recheck: { notFound: recheck } } : {}),
    transcript: ctx.transcript,
  });
}

const tokens = (n: unknown): number => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
const price = (setting: string): number | null => (setting.trim() === '' ? null : Number(setting));

/** USD for the tokens at the configured prices (per million tokens), 6 decimals; null when a price is not set. */
export function costOf(
  config: Pick<LlmConfig, 'LLM_PROMPT_PRICE' | 'LLM_COMPLETION_PRICE'>,
  promptTokens: number,
  completionTokens: number,
): number | null {
  const prompt = price(config.LLM_PROMPT_PRICE);
  const completion = price(config.LLM_COMPLETION_PRICE);
  if (prompt === null || completion === null) return null;
  return Math.round(promptTokens * prompt + completionTokens * completion) / 1_000_000;
}

type Kind = 'criteria' | 'metrics';
const KINDS: Kind[] = ['criteria', 'metrics'];

export function createLlmAnalyzer(config: LlmConfig, dispatcher: Dispatcher): Analyzer {
  const url = apiUrl(config.LLM_BASE_URL, 'chat/completions');
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.LLM_API_KEY) headers.authorization = `Bearer ${config.LLM_API_KEY}`;
  return {
    async analyze(input, signal) {
      const hasOwnScorecard =
        input.scorecard !== null && input.scorecard.criteria.length + input.scorecard.metrics.length > 0;
      if (!hasOwnScorecard) return { analysis: analyzeBuiltin(input), usage: null };
      const prepared = prepare(input);
      const items = { criteria: prepared.scorecard.criteria, metrics: prepared.scorecard.metrics };
      const usage = { model: config.LLM_MODEL, requests: 0, promptTokens: 0, completionTokens: 0 };
      // An item the recording cannot assess (it needs two speakers, and there is one voice) stays so,
      // whatever the model says about it: it is not asked about again either.
      const oneVoice = (item: ScorecardItem) => judgeItem(item, prepared.ctx).notJudged === 'one-voice';

      /** One chat completion: its usage counted (rechecks too), its verdicts on the asked items. */
      async function ask(content: string, criteria: Asked[], metrics: Asked[]): Promise<Verdicts> {
        const answer = (await callProvider('The analysis model', dispatcher, url, {
          peer: 'llm',
          method: 'POST',
          headers,
          signal,
          body: JSON.stringify({
            model: config.LLM_MODEL,
            temperature: 0,
            response_format: RESPONSE_FORMAT,
            messages: [
              { role: 'system', content: SYSTEM },
              { role: 'user', content },
            ],
          }),
        })) as ChatCompletion;
        usage.requests += 1;
        usage.promptTokens += tokens(answer.usage?.prompt_tokens);
        usage.completionTokens += tokens(answer.usage?.completion_tokens);
        if (typeof answer.model === 'string' && answer.model) usage.model = answer.model;
        const choice = answer.choices?.[0];
        if (typeof choice?.message?.refusal === 'string' && choice.message.refusal)
          throw new Error('The analysis model refused to judge the call');
        if (choice?.finish_reason === 'length')
          throw new Error('The analysis model ran out of tokens before finishing its verdicts');
        return parseVerdicts(choice?.message?.content, {
          criteria: criteria.map((a) => a.index),
          metrics: metrics.map((a) => a.index),
        });
      }

      const all = (kind: Kind): Asked[] => items[kind].map((item, index) => ({ index, item }));
      const parts = transcriptParts(prepared.turns, config.LLM_MAX_TRANSCRIPT_CHARS);
      // Per part, per list, each item's checked verdict by index.
      const judgedParts: Array<Record<Kind, Map<number, PartVerdict>>> = [];
      // One part after another: a long call's parts share the provider's rate limit anyway.
      for (const [i, transcript] of parts.entries()) {
        const ctx: PromptContext = {
          input,
          customerName: prepared.measures.customerName,
          transcript,
          part: i + 1,
          parts: parts.length,
        };
        const checked = (answer: Verdicts, kind: Kind, asked: Asked[]) => {
          // The first verdict given for each index, looked up once: the answer may hold any number.
          const given = new Map<number, Verdict>();
          for (const v of answer[kind]) if (!given.has(v.index)) given.set(v.index, v);
          return new Map(asked.map(({ index }) => [index, checkedVerdict(given.get(index)!, prepared.turns)]));
        };
        const first = await ask(prompt(ctx, all('criteria'), all('metrics')), all('criteria'), all('metrics'));
        const verdicts = {
          criteria: checked(first, 'criteria', all('criteria')),
          metrics: checked(first, 'metrics', all('metrics')),
        };
        // A verdict resting on words the call does not have: the model is asked once more about those
        // items alone, told which words were not found; a second such answer is reported unsupported.
        const doubted = (kind: Kind): Asked[] =>
          all(kind).filter(({ index, item }) => needsRecheck(verdicts[kind].get(index)!) && !oneVoice(item));
        const again = { criteria: doubted('criteria'), metrics: doubted('metrics') };
        if (again.criteria.length + again.metrics.length > 0) {
          const notFound = (kind: Kind) =>
            again[kind].map(({ index }) => ({ index, notFound: verdicts[kind].get(index)!.notFound }));
          const second = await ask(
            prompt(ctx, again.criteria, again.metrics, {
              criteria: notFound('criteria'),
              metrics: notFound('metrics'),
            }),
            again.criteria,
            again.metrics,
          );
          for (const kind of KINDS)
            for (const [index, v] of checked(second, kind, again[kind])) verdicts[kind].set(index, v);
        }
        judgedParts.push(verdicts);
      }
      const judged = (kind: Kind): ScorecardResponse[] =>
        items[kind].map((item, index) => {
          const measured = judgeItem(item, prepared.ctx);
          if (measured.notJudged === 'one-voice') return respond(item, measured);
          return respond(item, combineParts(judgedParts.map((p) => p[kind].get(index)!)));
        });
      const spent: LlmUsage = { ...usage, costUsd: costOf(config, usage.promptTokens, usage.completionTokens) };
      return {
        analysis: assemble(input, prepared, 'llm', judged('criteria'), judged('metrics')),
        usage: spent,
      };
    },
  };
}

import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import type { ScorecardResponse } from '../../common/recordingAnalysis';
import type { ScorecardItem } from '../../db/queries/roleplays';
import { callProvider } from '../providerHttp';
import { apiUrl } from '../stt/transcript';
import type { Analyzer, AnalysisInput } from './analyzer';
import { analyzeBuiltin, assemble, prepare } from './builtin';
import { judgeItem, respond } from './scorecard';

// An OpenAI-compatible chat-completions model judges the roleplay's scorecard items. Everything
// countable (length, pace, fillers, questions, name use, snippets) stays deterministic, and so does
// the default scorecard of recordings without a roleplay; the score is computed here from the
// model's pass/fail per item and the scorecard's weights, never taken from the model.

const MAX_TRANSCRIPT_CHARS = 100_000;

interface ItemVerdict {
  index: number;
  passed: boolean;
  explanation: string;
}

function verdicts(value: unknown, count: number, kind: string): ItemVerdict[] {
  const list = Array.isArray(value) ? value : [];
  const out: ItemVerdict[] = [];
  for (let index = 0; index < count; index += 1) {
    const found = list.find((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && (v as { index?: unknown }).index === index);
    if (!found || typeof found.passed !== 'boolean') {
      // An incomplete answer is the model's hiccup; another attempt usually gets a full one.
      throw new Error(`The analysis model gave no verdict for ${kind} ${index}`);
    }
    const explanation = typeof found.explanation === 'string' && found.explanation.trim() ? found.explanation.trim() : 'No explanation given.';
    out.push({ index, passed: found.passed, explanation: explanation.slice(0, 2000) });
  }
  return out;
}

function prompt(input: AnalysisInput, turns: Array<{ isUser: boolean; text: string }>, criteria: ScorecardItem[], metrics: ScorecardItem[]): string {
  const list = (items: ScorecardItem[]) => items.map((item, index) => ({ index, title: item.title, description: item.description, section: item.sectionTitle }));
  let transcript = turns.map((t) => `${t.isUser ? 'Rep' : 'Customer'}: ${t.text}`).join('\n');
  if (transcript.length > MAX_TRANSCRIPT_CHARS) transcript = `${transcript.slice(0, MAX_TRANSCRIPT_CHARS)}\n[transcript truncated]`;
  return JSON.stringify({
    task:
      'Judge the sales rep in this call transcript against each scorecard item. For every item answer whether the rep met it and explain why in one or two sentences, in the language of the call.',
    answerFormat: { criteria: [{ index: 0, passed: true, explanation: '...' }], metrics: [{ index: 0, passed: false, explanation: '...' }] },
    language: input.language,
    customerName: input.customerName,
    scorecard: { criteria: list(criteria), metrics: list(metrics) },
    transcript,
  });
}

export function createLlmAnalyzer(config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>, dispatcher: Dispatcher): Analyzer {
  const url = apiUrl(config.LLM_BASE_URL, 'chat/completions');
  return {
    async analyze(input, signal) {
      const hasOwnScorecard = input.scorecard !== null && input.scorecard.criteria.length + input.scorecard.metrics.length > 0;
      if (!hasOwnScorecard) return analyzeBuiltin(input);
      const prepared = prepare(input);
      const { criteria, metrics } = prepared.scorecard;
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (config.LLM_API_KEY) headers.authorization = `Bearer ${config.LLM_API_KEY}`;
      const answer = (await callProvider('The analysis model', dispatcher, url, {
        method: 'POST',
        headers,
        signal,
        body: JSON.stringify({
          model: config.LLM_MODEL,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: 'You are a strict, fair sales coach. Answer with a single JSON object and nothing else.' },
            { role: 'user', content: prompt(input, prepared.turns, criteria, metrics) },
          ],
        }),
      })) as { choices?: Array<{ message?: { content?: unknown } }> };
      const content = answer.choices?.[0]?.message?.content;
      let parsed: { criteria?: unknown; metrics?: unknown };
      try {
        parsed = JSON.parse(typeof content === 'string' ? content : '') as typeof parsed;
      } catch {
        throw new Error('The analysis model did not answer with JSON');
      }
      // An item the recording cannot assess (it needs two speakers, and there is one voice) stays so,
      // whatever the model says about it.
      const judged = (items: ScorecardItem[], list: unknown, kind: string): ScorecardResponse[] =>
        verdicts(list, items.length, kind).map((v) => {
          const measured = judgeItem(items[v.index], prepared.ctx);
          return respond(items[v.index], measured.assessable === false ? measured : { passed: v.passed, explanation: v.explanation });
        });
      return assemble(input, prepared, 'llm', judged(criteria, parsed.criteria, 'criterion'), judged(metrics, parsed.metrics, 'metric'));
    },
  };
}

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import { chatCompletionContract, chatRequestProblems, chatRequestRefusal, checkedChatAnswer } from './llmContract';

// An OpenAI-compatible chat-completions model on 127.0.0.1 that judges every scorecard item with a
// fixed rule, so tests know what the LLM analyzer must report. It answers structured outputs as the
// published document describes them: the verdicts as JSON in message.content (refusal null), with
// usage (prompt_tokens, completion_tokens, total_tokens).

export interface LlmServer {
  url: string;
  requests: Array<{ body: Record<string, unknown>; prompt: Record<string, unknown> }>;
  /** Answer this status instead (e.g. 400 for a permanent rejection). */
  rejectWith(status: number | null): void;
  /** Quote this for every criterion instead of the part's first line (e.g. words the call does not have). */
  quoteWith(quote: string | null): void;
  /**
   * The first `times` verdicts on the criterion titled `title` quote `quote` instead (words the call does
   * not have), and their explanations repeat it; later ones quote the part's first line again.
   */
  inventFor(title: string, quote: string, times: number): void;
  close(): Promise<void>;
}

interface PromptItem {
  index: number;
  title: string;
}

/** Tokens as this stand-in counts them: one per 4 characters. */
export const standInTokens = (text: string): number => Math.ceil(text.length / 4);

/**
 * Every criterion is met, quoting the first line of the transcript part; every metric is not met,
 * with no quote; explanations name the item.
 */
export async function startLlmServer(): Promise<LlmServer> {
  const requests: LlmServer['requests'] = [];
  let reject: number | null = null;
  let quote: string | null = null;
  const invented = new Map<string, { quote: string; left: number }>();
  const contract = await chatCompletionContract();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        messages: Array<{ role: string; content: string }>;
      };
      const userContent = body.messages.find((m) => m.role === 'user')?.content ?? '{}';
      const prompt = JSON.parse(userContent) as {
        scorecard: { criteria: PromptItem[]; metrics: PromptItem[] };
        transcript: string;
      };
      requests.push({
        body: body as unknown as Record<string, unknown>,
        prompt: prompt as unknown as Record<string, unknown>,
      });
      const problems = chatRequestProblems(contract, req, body);
      if (problems.length > 0 || reject) {
        const status = problems.length > 0 ? 400 : (reject ?? 400);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          checkedChatAnswer(
            contract,
            status,
            problems.length > 0
              ? chatRequestRefusal(problems)
              : {
                  error: {
                    message: 'The model does not exist',
                    type: 'invalid_request_error',
                    param: 'model',
                    code: 'model_not_found',
                  },
                },
          ),
        );
        return;
      }
      const [first] = prompt.transcript.split('\n');
      const firstLine = {
        quote: quote ?? first.replace(/^(?:Rep|Customer): /, '').trim(),
        speaker: first.startsWith('Customer: ') ? 'customer' : 'rep',
      };
      const content = JSON.stringify({
        criteria: prompt.scorecard.criteria.map((c) => {
          const invent = invented.get(c.title);
          if (!invent || invent.left === 0)
            return { index: c.index, verdict: 'met', explanation: `LLM: met "${c.title}".`, evidence: [firstLine] };
          invent.left -= 1;
          return {
            index: c.index,
            verdict: 'met',
            explanation: `LLM: met "${c.title}": the rep said "${invent.quote}"`,
            evidence: [{ quote: invent.quote, speaker: 'rep' }],
          };
        }),
        metrics: prompt.scorecard.metrics.map((m) => ({
          index: m.index,
          verdict: 'not_met',
          explanation: `LLM: missed "${m.title}".`,
          evidence: [],
        })),
      });
      // What structured outputs guarantee: the content follows the request's schema (a request without one is refused here).
      const format = (
        body as { response_format?: { type?: string; json_schema?: { strict?: boolean; schema?: object } } }
      ).response_format;
      if (format?.type !== 'json_schema' || format.json_schema?.strict !== true || !format.json_schema.schema) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: 'this stand-in answers strict json_schema response formats only',
              type: 'invalid_request_error',
            },
          }),
        );
        return;
      }
      const follows = new Ajv({ strict: false }).compile(format.json_schema.schema);
      if (!follows(JSON.parse(content)))
        throw new Error(`stand-in answer off the requested schema: ${JSON.stringify(follows.errors)}`);
      const usage = {
        prompt_tokens: standInTokens(userContent),
        completion_tokens: standInTokens(content),
        total_tokens: standInTokens(userContent) + standInTokens(content),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        checkedChatAnswer(contract, 200, {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: `${String((body as { model?: unknown }).model)}-2026-01-01`,
          choices: [
            { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
          ],
          usage,
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    rejectWith: (status) => void (reject = status),
    quoteWith: (text) => void (quote = text),
    inventFor: (title, text, times) => void invented.set(title, { quote: text, left: times }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

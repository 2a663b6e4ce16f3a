import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatCompletionContract, chatRequestProblems, chatRequestRefusal, checkedChatAnswer } from './llmContract';

// An OpenAI-compatible chat-completions model on 127.0.0.1 that judges every scorecard item with a
// fixed rule, so tests know what the LLM analyzer must report.

export interface LlmServer {
  url: string;
  requests: Array<{ body: Record<string, unknown>; prompt: Record<string, unknown> }>;
  /** Answer this status instead (e.g. 400 for a permanent rejection). */
  rejectWith(status: number | null): void;
  close(): Promise<void>;
}

interface PromptItem {
  index: number;
  title: string;
}

/** Every criterion passes, every metric fails; explanations name the item. */
export async function startLlmServer(): Promise<LlmServer> {
  const requests: LlmServer['requests'] = [];
  let reject: number | null = null;
  const contract = await chatCompletionContract();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Array<{ role: string; content: string }> };
      const prompt = JSON.parse(body.messages.find((m) => m.role === 'user')?.content ?? '{}') as {
        scorecard: { criteria: PromptItem[]; metrics: PromptItem[] };
      };
      requests.push({ body: body as unknown as Record<string, unknown>, prompt: prompt as unknown as Record<string, unknown> });
      const problems = chatRequestProblems(contract, req, body);
      if (problems.length > 0 || reject) {
        const status = problems.length > 0 ? 400 : (reject ?? 400);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(checkedChatAnswer(contract, status, problems.length > 0 ? chatRequestRefusal(problems) : { error: { message: 'The model does not exist', type: 'invalid_request_error', param: 'model', code: 'model_not_found' } }));
        return;
      }
      const content = {
        criteria: prompt.scorecard.criteria.map((c) => ({ index: c.index, passed: true, explanation: `LLM: met "${c.title}".` })),
        metrics: prompt.scorecard.metrics.map((m) => ({ index: m.index, passed: false, explanation: `LLM: missed "${m.title}".` })),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      const model = (body as { model?: string }).model ?? 'unknown';
      const choice = { index: 0, message: { role: 'assistant', content: JSON.stringify(content), refusal: null }, finish_reason: 'stop', logprobs: null };
      res.end(checkedChatAnswer(contract, 200, { id: 'chatcmpl-test', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [choice] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    rejectWith: (status) => void (reject = status),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

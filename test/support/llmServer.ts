import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Array<{ role: string; content: string }> };
      const prompt = JSON.parse(body.messages.find((m) => m.role === 'user')?.content ?? '{}') as {
        scorecard: { criteria: PromptItem[]; metrics: PromptItem[] };
      };
      requests.push({ body: body, prompt: prompt });
      if (reject) {
        res.writeHead(reject, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model not found' } }));
        return;
      }
      const content = {
        criteria: prompt.scorecard.criteria.map((c) => ({ index: c.index, passed: true, explanation: `LLM: met "${c.title}".` })),
        metrics: prompt.scorecard.metrics.map((m) => ({ index: m.index, passed: false, explanation: `LLM: missed "${m.title}".` })),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }] }));
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

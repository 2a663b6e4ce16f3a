import type http from 'node:http';
import { providerContract, recordAnswerProblems, type ProviderContract } from './providerContracts';

// The analysis model's stand-in (llmServer.ts) held to OpenAI's published document: the service's
// chat-completions request is validated against `createChatCompletion` (a request the document does
// not allow is OpenAI's 400), and every answer the stand-in gives is checked against the same
// operation's response schema (a violation fails the running test, see rootHooks.ts).

export const chatCompletionContract = (): Promise<ProviderContract> => providerContract('openai');

/** What the document refuses in the request; the stand-in answers 400 with these. */
export function chatRequestProblems(contract: ProviderContract, req: http.IncomingMessage, body: unknown): string[] {
  const url = new URL(req.url ?? '/', 'http://llm.test');
  return contract.requestProblems(
    'createChatCompletion',
    { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body },
    { keyOptional: true },
  );
}

/** OpenAI's error object for a refused request. */
export const chatRequestRefusal = (problems: string[]) => ({
  error: { message: `Invalid request: ${problems.join('; ')}`, type: 'invalid_request_error', param: null, code: null },
});

/** The answer, checked against the document before it is sent. */
export function checkedChatAnswer<T>(contract: ProviderContract, status: number, body: T): string {
  recordAnswerProblems(
    `openai createChatCompletion → ${status}`,
    contract.responseProblems('createChatCompletion', status, body),
  );
  return JSON.stringify(body);
}

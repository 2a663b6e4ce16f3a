import { performance } from 'node:perf_hooks';
import { Agent, request, type Dispatcher } from 'undici';
import { retryAfterMs } from '../common/retryAfter';
import { asPeer } from '../common/tracing/peer';
import { excerpt, FailureTypes, httpFailure, permanent } from './failures';

// Calls to the configured speech-to-text and LLM providers. Their base URLs come from the operator's
// configuration, not from callers, so they use a plain agent (a local Whisper server on loopback works).
// An error answer becomes a failure a caller can act on: the key refused (the statuses the provider's
// document gives for it) fails at once saying so; any other 4xx fails at once with the provider's own
// message; 408, 425, 429 and 5xx are retried after Retry-After (activities/failures.ts).

/** `maxAnswerBytes` is PROVIDER_ANSWER_MAX_BYTES: undici stops reading an answer that passes it. */
export function providerAgent(maxAnswerBytes: number): Dispatcher {
  // Transcribing a long file can take minutes before the first byte of the answer.
  return new Agent({
    headersTimeout: 15 * 60_000,
    bodyTimeout: 5 * 60_000,
    connect: { timeout: 15_000 },
    maxResponseSize: maxAnswerBytes,
  });
}

/** undici's error for an answer past the agent's maxResponseSize (ResponseExceededMaxSizeError). */
const tooLarge = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE';

export interface ProviderRequest {
  /** Which provider, for the call's span (`peer.service`): openai, deepgram, assemblyai, llm. */
  peer: string;
  method: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body?: Dispatcher.DispatchOptions['body'];
  signal?: AbortSignal;
  /** Statuses that mean the API key was refused (401, and 403 where the provider uses it for keys). */
  keyRefusedStatuses?: number[];
  /** Told about every request this call makes (activities/stt/meter.ts). */
  meter?: ProviderMeter;
  /** Refusals that are an answer, not a failure (a DELETE's 404: nothing is kept under that id): null. */
  answerStatuses?: number[];
}

/** Measures requests to a provider: each one's status and latency, and the waits it asks for. */
export interface ProviderMeter {
  /** `status` is the HTTP status, or `network_error` when no answer came (the call was not cancelled). */
  request(status: string, seconds: number): void;
  /** A Retry-After the provider sent with a refusal, in milliseconds. */
  retryAfter(ms: number): void;
}

/** The message in a provider's error body: OpenAI's error.message, Deepgram's err_msg or message, AssemblyAI's error. */
export function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const nested =
      typeof body.error === 'object' && body.error !== null
        ? (body.error as Record<string, unknown>).message
        : undefined;
    const message = [nested, body.error, body.err_msg, body.message].find(
      (m): m is string => typeof m === 'string' && m.length > 0,
    );
    if (message) return excerpt(message);
  } catch {
    // Not JSON: the text itself, shortened.
  }
  return excerpt(text);
}

/** The message a refused key fails with, whatever the provider. */
export const KEY_REFUSED = 'The speech-to-text provider refused the API key';

/** Sends the request and returns the parsed JSON answer; HTTP errors become retryable or permanent failures. */
export async function callProvider(
  service: string,
  dispatcher: Dispatcher,
  url: URL,
  req: ProviderRequest,
): Promise<unknown> {
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  let res: Dispatcher.ResponseData;
  let text: string;
  try {
    res = await asPeer(req.peer, () =>
      request(url, { dispatcher, method: req.method, headers: req.headers, body: req.body, signal: req.signal }),
    );
    text = await res.body.text();
  } catch (err) {
    if (tooLarge(err)) {
      // The same request would get the same answer: fail the step now, saying why.
      req.meter?.request('too_large', seconds());
      throw permanent(
        FailureTypes.ProviderRejected,
        `${service} answered with more than PROVIDER_ANSWER_MAX_BYTES allows; the answer was not read`,
      );
    }
    if (!req.signal?.aborted) req.meter?.request('network_error', seconds());
    throw err;
  }
  req.meter?.request(String(res.statusCode), seconds());
  if (req.answerStatuses?.includes(res.statusCode)) return null;
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const wait = retryAfterMs(res.headers['retry-after']);
    if (wait !== undefined) req.meter?.retryAfter(wait);
    if (req.keyRefusedStatuses?.includes(res.statusCode)) {
      throw permanent(
        FailureTypes.ProviderKeyRefused,
        `${KEY_REFUSED} (HTTP ${res.statusCode}: ${providerMessage(text)})`,
      );
    }
    throw httpFailure(service, res.statusCode, res.headers, providerMessage(text), {
      retryable: FailureTypes.ProviderUnavailable,
      permanent: FailureTypes.ProviderRejected,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A garbled answer is the provider's hiccup: worth another attempt.
    throw new Error(`${service} answered with something that is not JSON: ${excerpt(text, 120)}`);
  }
}

import { Agent, request, type Dispatcher } from 'undici';
import { excerpt, FailureTypes, httpFailure } from './failures';

// Calls to the configured speech-to-text and LLM providers. Their base URLs come from the operator's
// configuration, not from callers, so they use a plain agent (a local Whisper server on loopback works).

export function providerAgent(): Dispatcher {
  // Transcribing a long file can take minutes before the first byte of the answer.
  return new Agent({ headersTimeout: 15 * 60_000, bodyTimeout: 5 * 60_000, connect: { timeout: 15_000 } });
}

export interface ProviderRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: Dispatcher.DispatchOptions['body'];
  signal?: AbortSignal;
}

/** Sends the request and returns the parsed JSON answer; HTTP errors become retryable or permanent failures. */
export async function callProvider(service: string, dispatcher: Dispatcher, url: URL, req: ProviderRequest): Promise<unknown> {
  const res = await request(url, { dispatcher, method: req.method, headers: req.headers, body: req.body, signal: req.signal });
  const text = await res.body.text();
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw httpFailure(service, res.statusCode, res.headers, excerpt(text), {
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

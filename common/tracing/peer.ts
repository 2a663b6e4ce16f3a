import { context, createContextKey } from '@opentelemetry/api';

// Names the third party an outbound call is for ("openai", "deepgram", "llm"), so its HTTP span says so
// (`peer.service`, set by the undici instrumentation's hook in ./sdk.ts). With tracing off there is no
// context manager and this only calls `fn`.

export const PEER_SERVICE = createContextKey('sales-practice.peer.service');

export function asPeer<T>(service: string, fn: () => T): T {
  return context.with(context.active().setValue(PEER_SERVICE, service), fn);
}

import { InterceptingCall, Metadata, status as GrpcStatus, type StatusObject, type Interceptor } from '@grpc/grpc-js';
import {
  Client,
  type WorkflowClientInterceptor,
  Connection,
  defaultGrpcRetryOptions,
  isGrpcServiceError,
  makeGrpcRetryInterceptor,
} from '@temporalio/client';
import { durationMs, type Config } from './config';
import { findInCauseChain } from './errorChain';
import { dataConverterFor } from './payloadCodec';
import { temporalConnection, type TemporalConnectionConfig } from './temporalConnection';

/**
 * Gives every call that has no deadline one, `ms` from its start. It comes before the SDK's retry
 * interceptor, so the deadline bounds all attempts of a call together.
 */
export function callDeadline(ms: number): Interceptor {
  return (options, nextCall) =>
    new InterceptingCall(
      nextCall(options.deadline === undefined ? { ...options, deadline: Date.now() + ms } : options),
    );
}

/**
 * Once the connection is closing, no call is retried, and a retry whose back-off timer was already set
 * ends as UNAVAILABLE instead of reaching the closed channel. Without this, a long poll still running when
 * the API closes (a cancel or a webhook test the request stopped waiting for, api/commands/workflowClose.ts)
 * is retried by the SDK's retry interceptor from a timer, and grpc-js throws "Channel has been shut down"
 * there: an uncaught exception in the process that closed the client.
 */
function closingGuard(isClosing: () => boolean): {
  retryable: (decide: (attempt: number, status: StatusObject) => boolean) => typeof decide;
  interceptor: Interceptor;
} {
  return {
    retryable: (decide) => (attempt, status) => !isClosing() && decide(attempt, status),
    interceptor: (options, nextCall) => new InterceptingCall(isClosing() ? closedCall() : nextCall(options)),
  };
}

/** A call that ends at once as UNAVAILABLE: what a call made on a closed connection gets. */
// InterceptingCall's next-call interface, which grpc-js does not export by name.
type NextCallObject = ConstructorParameters<typeof InterceptingCall>[0];

function closedCall(): NextCallObject {
  const noop = (): void => undefined;
  return {
    start(_metadata, listener) {
      // As grpc-js does for a unary call that ends without an answer: no message, then the status.
      setImmediate(() => {
        listener?.onReceiveMessage?.(null);
        listener?.onReceiveStatus?.({
          code: GrpcStatus.UNAVAILABLE,
          details: 'Temporal connection closed',
          metadata: new Metadata(),
        });
      });
    },
    cancelWithStatus: noop,
    getPeer: () => '',
    getAuthContext: () => null,
    sendMessageWithContext: noop,
    sendMessage: noop,
    startRead: noop,
    halfClose: noop,
  };
}

/**
 * A client whose connection is made on first use, so the API starts (and answers /readyz with the
 * reason) while Temporal is still coming up. Every call is bounded by TEMPORAL_START_TIMEOUT through a
 * gRPC interceptor rather than the SDK's `withDeadline`: that one keeps its deadline in an
 * AsyncLocalStorage, and on Node 20 using one switches on promise hooks for the whole process, which cost
 * every API request ~7% of its CPU (BENCHMARKS.md). A lazy connection never uses it by itself.
 */
export function createTemporalClient(
  config: TemporalConnectionConfig &
    Pick<
      Config,
      'TEMPORAL_START_TIMEOUT' | 'TEMPORAL_PAYLOAD_KEYS' | 'TEMPORAL_PAYLOAD_KEY_ID' | 'TEMPORAL_PAYLOAD_PLAIN_ACCEPTED'
    >,
  /** Temporal's OpenTelemetry interceptor when the process traces (common/tracing). */
  workflowInterceptors: WorkflowClientInterceptor[] = [],
): Client {
  const { options, namespace } = temporalConnection(config);
  let closing = false;
  const guard = closingGuard(() => closing);
  const retry = defaultGrpcRetryOptions();
  const connection = Connection.lazy({
    ...options,
    interceptors: [
      callDeadline(durationMs(config.TEMPORAL_START_TIMEOUT)),
      makeGrpcRetryInterceptor({ ...retry, retryableDecider: guard.retryable(retry.retryableDecider) }),
      guard.interceptor,
    ],
  });
  const close = connection.close.bind(connection);
  connection.close = async () => {
    closing = true;
    await close();
  };
  // Payloads are encrypted on their way to Temporal (common/payloadCodec.ts).
  return new Client({
    connection,
    namespace,
    dataConverter: dataConverterFor(config),
    interceptors: { workflow: workflowInterceptors },
  });
}

/** gRPC UNAVAILABLE (14) or DEADLINE_EXCEEDED (4) anywhere in the chain: Temporal is down or did not answer in time. */
export function isTemporalUnavailable(err: unknown): boolean {
  return (
    findInCauseChain(
      err,
      (e): e is unknown =>
        isGrpcServiceError(e) && (e.code === GrpcStatus.UNAVAILABLE || e.code === GrpcStatus.DEADLINE_EXCEEDED),
    ) !== undefined
  );
}

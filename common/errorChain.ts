// Libraries wrap the error that matters (undici wraps a refused connect, the Temporal client wraps a
// gRPC status) in one or more `cause`s; this finds it without caring how deep it sits.

const MAX_DEPTH = 5;

/** The first error in `err`'s cause chain (itself included) that passes `test`, if any. */
export function findInCauseChain<T>(err: unknown, test: (candidate: unknown) => candidate is T): T | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < MAX_DEPTH && current; depth += 1) {
    if (test(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

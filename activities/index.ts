import type { ActivityDeps } from './deps';
import { createDiagnosticsActivities } from './diagnostics';

/** Every activity the worker registers, built from injected dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createDiagnosticsActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;

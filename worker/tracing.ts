import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry/lib/workflow/definitions';
import type { InjectedSinks } from '@temporalio/worker';
import type { Tracing } from '../common/tracing';

// The workflow code is always bundled with its tracing interceptors (workflows/tracing.ts), so the code
// that runs is the same whether the worker traces or not, and the committed histories replay through
// them. Their spans leave the sandbox through the `exporter` sink: to the OTLP exporter when the worker
// traces, dropped otherwise (every worker that runs the bundle registers the sink, replay workers too:
// the SDK logs an error for each call to a sink it does not know).

/** The interceptor module webpack bundles with workflows/ (bundleWorkflowCode's workflowInterceptorModules). */
export const WORKFLOW_INTERCEPTOR_MODULES = [require.resolve('../workflows/tracing')];

export function workflowTracingSinks(tracing?: Tracing): InjectedSinks<OpenTelemetrySinks> {
  return { exporter: tracing?.workflowExporter ?? { export: { fn: () => undefined, callDuringReplay: false } } };
}

import { SpanKind, trace } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  RandomIdGenerator,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import { DECIDED, type RequestSampler } from './shared';

// The sampler of OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG, built here rather than by the SDK so that the
// API can ask it first (api/middleware/tracing.ts): a request it does not sample gets no span, enters no
// context and pays nothing more of tracing (BENCHMARKS.md, round 7). The same object is the tracer
// provider's sampler, so the spans that are made are kept by the same rule.

const ratioOf = (arg: string | undefined): number => {
  const ratio = Number(arg);
  // The spec's rule: a missing or unreadable ratio is 1 (keep everything), a ratio outside [0, 1] is clamped.
  if (arg === undefined || arg.trim() === '' || Number.isNaN(ratio)) return 1;
  return Math.min(1, Math.max(0, ratio));
};

/** The sampler the OTEL_* variables name; unset: `parentbased_always_on`, as the SDK's default. */
export function samplerFromEnv(env: NodeJS.ProcessEnv = process.env): Sampler {
  const arg = env.OTEL_TRACES_SAMPLER_ARG;
  switch ((env.OTEL_TRACES_SAMPLER ?? '').trim().toLowerCase()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratioOf(arg));
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratioOf(arg)) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * The decision for a request, taken before anything else of tracing runs: the sampler's own answer for a
 * server span under `parent`, on the parent's trace id or, for a root, a fresh one (the ratio samplers decide
 * by the trace id's bits). The server span made for a sampled request is kept by the same sampler: for a
 * child by the parent's flag again, for a root on its own fresh id, which draws again; the middleware
 * therefore starts a sampled root's span under a context that says it was decided (DECIDED, ./shared.ts).
 */
export function requestSampler(sampler: Sampler): RequestSampler {
  const ids = new RandomIdGenerator();
  return (parent) => {
    const traceId = trace.getSpanContext(parent)?.traceId ?? ids.generateTraceId();
    const { decision } = sampler.shouldSample(parent, traceId, 'request', SpanKind.SERVER, {}, []);
    return decision !== SamplingDecision.NOT_RECORD;
  };
}

/**
 * The provider's sampler: a span the middleware has already decided on is kept (asking the ratio again
 * would keep ratio² of requests); every other span goes to the configured sampler.
 */
export class DecidedFirstSampler implements Sampler {
  constructor(private readonly configured: Sampler) {}

  shouldSample(...args: Parameters<Sampler['shouldSample']>): ReturnType<Sampler['shouldSample']> {
    const [ctx] = args;
    if (ctx.getValue(DECIDED) === true && !trace.getSpan(ctx)) return { decision: SamplingDecision.RECORD_AND_SAMPLED };
    return this.configured.shouldSample(...args);
  }

  toString(): string {
    return `DecidedFirst{${this.configured.toString()}}`;
  }
}

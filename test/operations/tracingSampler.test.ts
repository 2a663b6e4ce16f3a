import { randomBytes } from 'node:crypto';
import { ROOT_CONTEXT, SpanKind, trace, TraceFlags, type Context } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import { DECIDED } from '../../common/tracing';
import { DecidedFirstSampler, requestSampler, samplerFromEnv } from '../../common/tracing/sampling';

// The API's sampling decision (common/tracing/sampling.ts), taken before anything else of tracing: the
// OTEL_TRACES_SAMPLER rules of the OpenTelemetry spec, a caller's traceparent flag for the parent-based ones.

const remoteParent = (sampled: boolean): Context =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: randomBytes(16).toString('hex'),
    spanId: randomBytes(8).toString('hex'),
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });

const keptOf = (env: NodeJS.ProcessEnv, parent: () => Context, n: number): number => {
  const sampled = requestSampler(samplerFromEnv(env));
  let kept = 0;
  for (let i = 0; i < n; i += 1) if (sampled(parent())) kept += 1;
  return kept;
};

describe('the API sampling decision (OTEL_TRACES_SAMPLER)', () => {
  const ratio = (arg: string): NodeJS.ProcessEnv => ({
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: arg,
  });

  it("keeps a caller's decision under the parent-based samplers, whatever the ratio", () => {
    expect(keptOf(ratio('0'), () => remoteParent(true), 50)).to.equal(50);
    expect(keptOf(ratio('1'), () => remoteParent(false), 50)).to.equal(0);
    expect(keptOf({}, () => remoteParent(false), 50)).to.equal(0);
    expect(keptOf({}, () => ROOT_CONTEXT, 50)).to.equal(50);
  });

  it('draws the ratio for a request without a parent', () => {
    expect(keptOf(ratio('0'), () => ROOT_CONTEXT, 1000)).to.equal(0);
    expect(keptOf(ratio('1'), () => ROOT_CONTEXT, 1000)).to.equal(1000);
    // 10,000 draws at 0.1: 1,000 expected, 30 its standard deviation.
    expect(keptOf(ratio('0.1'), () => ROOT_CONTEXT, 10_000)).to.be.within(800, 1200);
    expect(keptOf(ratio('0.01'), () => ROOT_CONTEXT, 10_000)).to.be.within(40, 180);
    expect(keptOf({ OTEL_TRACES_SAMPLER: 'always_off' }, () => remoteParent(true), 50)).to.equal(0);
  });

  it('keeps the span of a root the API decided on, without drawing the ratio again', () => {
    const sampler = new DecidedFirstSampler(samplerFromEnv(ratio('0')));
    const decide = (ctx: Context): SamplingDecision =>
      sampler.shouldSample(ctx, randomBytes(16).toString('hex'), 'GET', SpanKind.SERVER, {}, []).decision;
    expect(decide(ROOT_CONTEXT.setValue(DECIDED, true))).to.equal(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(ROOT_CONTEXT)).to.equal(SamplingDecision.NOT_RECORD);
    // Below a span the configured sampler decides again (a parent's flag), the mark notwithstanding.
    expect(decide(remoteParent(false).setValue(DECIDED, true))).to.equal(SamplingDecision.NOT_RECORD);
  });
});

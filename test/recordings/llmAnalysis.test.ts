import { expect } from 'chai';
import { createLlmAnalyzer, type LlmConfig } from '../../activities/analysis/llm';
import { providerAgent } from '../../activities/providerHttp';
import type { Transcript } from '../../activities/stt/transcript';
import { RecordingAnalysis, UNSUPPORTED_VERDICT } from '../../common/recordingAnalysis';
import type { Scorecard } from '../../db/queries/roleplays';
import { startLlmServer, standInTokens, type LlmServer } from '../support/llmServer';
import { assertSchema } from '../support/schemaAssert';

// The LLM analyzer against an OpenAI-compatible stand-in on loopback: the structured-outputs request,
// the check of every quote against the transcript (and the one recheck of a verdict resting on words the
// call does not have), usage and cost, and a long call judged in parts.

const seg = (startS: number, endS: number, speaker: string, text: string) => ({
  startMs: startS * 1000,
  endMs: endS * 1000,
  speaker,
  text,
});
const CALL: Transcript = {
  provider: 'deepgram',
  language: 'en',
  durationMs: 40_000,
  speakerAttribution: 'diarization',
  segments: [
    seg(0, 6, 'A', 'Hi Morgan, this is Sam from Acme. I am calling about your delivery costs.'),
    seg(6, 10, 'B', 'Okay, we spend too much on fuel, honestly.'),
    seg(10, 18, 'A', 'Many fleets tell us the same. How many vans do you run today?'),
    seg(18, 22, 'B', 'About thirty, spread over two depots.'),
    seg(
      22,
      32,
      'A',
      'Thirty vans over two depots is exactly where route planning pays. Could we look at one depot together next week?',
    ),
    seg(32, 40, 'B', 'Send me something first and we will see.'),
  ],
};
const SCORECARD: Scorecard = {
  criteria: [
    {
      title: 'States the reason for the call',
      description: 'Says why they are calling early on',
      weight: 2,
      sectionTitle: 'Opening',
    },
    { title: 'Proposes a next step', description: 'Asks for a concrete meeting', weight: 1, sectionTitle: 'Closing' },
  ],
  metrics: [
    { title: 'Listens more than talks', description: 'Talk ratio under 60%', weight: 1, sectionTitle: 'Delivery' },
  ],
};

/** Every object in a strict structured-outputs schema lists all its properties as required and allows no others. */
function expectStrict(schema: Record<string, unknown>, path = '$'): void {
  if (schema.type === 'object') {
    expect(schema.additionalProperties, path).to.equal(false);
    expect([...(schema.required as string[])].sort(), path).to.deep.equal(
      Object.keys(schema.properties as object).sort(),
    );
    for (const [key, child] of Object.entries(schema.properties as Record<string, Record<string, unknown>>))
      expectStrict(child, `${path}.${key}`);
  }
  if (schema.type === 'array') expectStrict(schema.items as Record<string, unknown>, `${path}[]`);
}

describe('recordings: LLM analysis with evidence', () => {
  let llm: LlmServer;
  const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'k',
    LLM_MODEL: 'judge-2',
    LLM_MAX_TRANSCRIPT_CHARS: 100_000,
    LLM_PROMPT_PRICE: '2.5',
    LLM_COMPLETION_PRICE: '10',
    ...overrides,
  });
  const analyzed = (c: LlmConfig) =>
    createLlmAnalyzer(c, providerAgent(64 * 1024 * 1024)).analyze({
      transcript: CALL,
      scorecard: SCORECARD,
      passingScore: 70,
      customerName: null,
      language: 'en',
    });
  const analyze = async (c: LlmConfig) => (await analyzed(c)).analysis;

  beforeEach(async () => {
    llm = await startLlmServer();
  });
  afterEach(async () => {
    await llm.close();
  });

  it('asks for strict structured outputs and keeps quotes that occur in the transcript, with their time and speaker', async () => {
    const { analysis: result, usage } = await analyzed(config());
    assertSchema(RecordingAnalysis, result, 'analysis');
    const format = llm.requests[0].body.response_format as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format.type).to.equal('json_schema');
    expect(format.json_schema).to.include({ name: 'scorecard_verdicts', strict: true });
    expectStrict(format.json_schema.schema);
    const opening = {
      quote: 'Hi Morgan, this is Sam from Acme. I am calling about your delivery costs.',
      startMs: 0,
      speaker: 'rep',
    };
    expect(result.criteriaResponses.map((r) => [r.passed, r.evidence, r.supported])).to.deep.equal([
      [true, [opening], undefined],
      [true, [opening], undefined],
    ]);
    // The customer name the rep used at the start is found (and counted) without a persona.
    expect(result).to.include({ customerName: 'Morgan', customerNameSource: 'repGreeting', nameCount: 1, score: 75 });
    const userContent = (llm.requests[0].body.messages as Array<{ role: string; content: string }>)[1].content;
    expect(usage).to.include({ model: 'judge-2-2026-01-01', requests: 1, promptTokens: standInTokens(userContent) });
    expect(usage!.costUsd).to.equal(Math.round(usage!.promptTokens * 2.5 + usage!.completionTokens * 10) / 1e6);
    expect((await analyzed(config({ LLM_PROMPT_PRICE: '' }))).usage!.costUsd).to.equal(null);
  });

  it('asks once more about a verdict resting on words the call does not have, naming them, and reports a second one unsupported', async () => {
    const invented = 'We guarantee a forty percent saving.';
    llm.quoteWith(invented);
    const { analysis: result, usage } = await analyzed(config());
    assertSchema(RecordingAnalysis, result, 'analysis');
    // The second request asks about the two criteria alone (the metric quoted nothing), naming the words not found.
    expect(llm.requests).to.have.length(2);
    const recheck = llm.requests[1].prompt;
    expect(recheck.scorecard).to.deep.equal({
      criteria: (llm.requests[0].prompt.scorecard as { criteria: unknown[] }).criteria,
      metrics: [],
    });
    expect(recheck.recheck).to.deep.equal({
      notFound: {
        criteria: [
          { index: 0, notFound: [invented] },
          { index: 1, notFound: [invented] },
        ],
        metrics: [],
      },
    });
    expect(recheck.transcript).to.equal(llm.requests[0].prompt.transcript);
    for (const r of result.criteriaResponses) {
      expect(r).to.deep.include({
        passed: false,
        supported: false,
        explanation: UNSUPPORTED_VERDICT,
        evidence: [],
        noEvidenceReason: UNSUPPORTED_VERDICT,
      });
    }
    expect(JSON.stringify(result)).not.to.include('forty percent');
    // Only the metric (not met) counts: 0 of 1. Both requests are paid for.
    expect(result.score).to.equal(0);
    expect(usage).to.include({
      requests: 2,
      promptTokens: llm.requests.reduce(
        (n, r) => n + standInTokens((r.body.messages as Array<{ content: string }>)[1].content),
        0,
      ),
    });
    // Case and spacing aside, a real quote holds, given back as the transcript has it.
    llm.quoteWith('  how many VANS do you run   today?');
    const relaxed = await analyze(config());
    expect(relaxed.criteriaResponses[0].evidence).to.deep.equal([
      { quote: 'How many vans do you run today?', startMs: 10_000, speaker: 'rep' },
    ]);
  });

  it('keeps the verdict of the second answer when it quotes the call', async () => {
    llm.inventFor('Proposes a next step', 'Let us sign the contract today.', 1);
    const { analysis: result, usage } = await analyzed(config());
    assertSchema(RecordingAnalysis, result, 'analysis');
    expect(
      llm.requests.map((r) => (r.prompt.scorecard as { criteria: Array<{ title: string }> }).criteria),
    ).to.deep.equal([
      [
        {
          index: 0,
          title: 'States the reason for the call',
          description: 'Says why they are calling early on',
          section: 'Opening',
        },
        { index: 1, title: 'Proposes a next step', description: 'Asks for a concrete meeting', section: 'Closing' },
      ],
      [{ index: 1, title: 'Proposes a next step', description: 'Asks for a concrete meeting', section: 'Closing' }],
    ]);
    const opening = {
      quote: 'Hi Morgan, this is Sam from Acme. I am calling about your delivery costs.',
      startMs: 0,
      speaker: 'rep',
    };
    expect(result.criteriaResponses.map((r) => [r.passed, r.explanation, r.evidence, r.supported])).to.deep.equal([
      [true, 'LLM: met "States the reason for the call".', [opening], undefined],
      [true, 'LLM: met "Proposes a next step".', [opening], undefined],
    ]);
    expect(JSON.stringify(result)).not.to.include('sign the contract');
    expect(usage!.requests).to.equal(2);
  });

  it('asks once more for each part of a long call that quoted words the call does not have', async () => {
    llm.quoteWith('We guarantee a forty percent saving.');
    const { analysis: result, usage } = await analyzed(config({ LLM_MAX_TRANSCRIPT_CHARS: 200 }));
    const parts = llm.requests.filter((r) => !r.prompt.recheck).length;
    expect(parts).to.be.greaterThan(1);
    expect(llm.requests.map((r) => Boolean(r.prompt.recheck))).to.deep.equal(
      Array.from({ length: parts }, () => [false, true]).flat(),
    );
    expect(usage!.requests).to.equal(2 * parts);
    expect(result.criteriaResponses.map((r) => [r.passed, r.supported])).to.deep.equal([
      [false, false],
      [false, false],
    ]);
  });

  it('judges a call too long for one request in parts and combines the verdicts', async () => {
    const { analysis: result, usage } = await analyzed(config({ LLM_MAX_TRANSCRIPT_CHARS: 200 }));
    assertSchema(RecordingAnalysis, result, 'analysis');
    const transcripts = llm.requests.map((r) => String(r.prompt.transcript));
    expect(transcripts.length).to.be.greaterThan(1);
    for (const t of transcripts) expect(t.length).to.be.at.most(200);
    // Every line of the call went to the model exactly once, in order.
    expect(
      transcripts
        .join('\n')
        .split('\n')
        .map((l) => l.replace(/^(?:Rep|Customer): |^ {2}/, '')),
    ).to.deep.equal(CALL.segments.map((s) => s.text));
    expect(String(llm.requests[1].prompt.task)).to.match(/part 2 of \d/);
    // Met in every part: passed, with each part's quote; the metric is not met anywhere: failed.
    expect(result.criteriaResponses[0].passed).to.equal(true);
    expect(result.criteriaResponses[0].evidence.map((e) => e.startMs)).to.deep.equal(
      transcripts.map((t) => CALL.segments.find((s) => t.includes(s.text.slice(0, 30)))!.startMs),
    );
    expect(result.metricResponses[0].passed).to.equal(false);
    expect(usage!.requests).to.equal(transcripts.length);
    expect(usage!.promptTokens).to.equal(
      llm.requests.reduce((n, r) => n + standInTokens((r.body.messages as Array<{ content: string }>)[1].content), 0),
    );
  });
});

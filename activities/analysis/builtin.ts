import type { RecordingAnalysis, ScorecardResponse } from '../../common/recordingAnalysis';
import type { Analyzer, AnalysisInput } from './analyzer';
import { measure } from './measures';
import { effectiveScorecard, judgeItem, respond, scoreOf, type JudgeContext } from './scorecard';
import { speakerAttributionOf } from '../stt/transcript';
import { toTurns } from './turns';

/** The parts of an analysis every analyzer shares: turns, measures and the judging context. */
export function prepare(input: AnalysisInput) {
  const turns = toTurns(input.transcript);
  const measures = measure(
    turns,
    input.transcript.durationMs,
    input.language,
    input.customerName,
    speakerAttributionOf(input.transcript),
  );
  const ctx: JudgeContext = { measures, turns };
  return { turns, measures, ctx, scorecard: effectiveScorecard(input.scorecard) };
}

export function assemble(
  input: AnalysisInput,
  prepared: ReturnType<typeof prepare>,
  analyzer: RecordingAnalysis['analyzer'],
  criteriaResponses: ScorecardResponse[],
  metricResponses: ScorecardResponse[],
): RecordingAnalysis {
  const { measures, turns } = prepared;
  const score = scoreOf([...criteriaResponses, ...metricResponses]);
  const c = measures.conversation;
  return {
    analyzer,
    language: input.language,
    length: measures.lengthMs,
    wpm: measures.wpm,
    speakerAttribution: measures.speakerAttribution,
    // The two-speaker measures are left out, not zero, when the speakers cannot be told apart.
    ...(c
      ? {
          talkRatio: c.talkRatio,
          longestMonologue: c.longestMonologue,
          longestCustomerStory: c.longestCustomerStory,
          interactivity: c.interactivity,
          ...(c.patience !== null ? { patience: c.patience } : {}),
          customerQuestions: c.customerQuestions,
        }
      : {}),
    numQuestions: measures.numQuestions,
    numFillerWords: measures.numFillerWords,
    fillerWords: measures.fillerWords,
    customerName: measures.customerName,
    customerNameSource: measures.customerNameSource,
    nameCount: measures.nameCount,
    score,
    passingScore: input.passingScore,
    didPass: score >= input.passingScore,
    snippets: turns.map((t) => ({ isUser: t.isUser, text: t.text })),
    criteriaResponses,
    metricResponses,
  };
}

/** Deterministic analysis: the same transcript always gets the same result. */
export function analyzeBuiltin(input: AnalysisInput): RecordingAnalysis {
  const prepared = prepare(input);
  const { scorecard, ctx } = prepared;
  return assemble(
    input,
    prepared,
    'builtin',
    scorecard.criteria.map((item) => respond(item, judgeItem(item, ctx))),
    scorecard.metrics.map((item) => respond(item, judgeItem(item, ctx))),
  );
}

export function createBuiltinAnalyzer(): Analyzer {
  return { analyze: async (input) => ({ analysis: analyzeBuiltin(input), usage: null }) };
}

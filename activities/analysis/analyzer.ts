import type { AnalysisLanguage, LlmUsage, RecordingAnalysis } from '../../common/recordingAnalysis';
import type { Scorecard } from '../../db/queries/roleplays';
import type { Transcript } from '../stt/transcript';

/** What an analyzer is given: the transcript and what the recording is judged against. */
export interface AnalysisInput {
  transcript: Transcript;
  /** The roleplay's scorecard, or null for the built-in default. */
  scorecard: Scorecard | null;
  passingScore: number;
  /** The roleplay persona's name when there is one. */
  customerName: string | null;
  language: AnalysisLanguage;
}

export interface Analyzed {
  analysis: RecordingAnalysis;
  /** Null when no LLM was asked (the built-in analyzer, or no scorecard of the roleplay's own). */
  usage: LlmUsage | null;
}

export interface Analyzer {
  analyze(input: AnalysisInput, signal?: AbortSignal): Promise<Analyzed>;
}

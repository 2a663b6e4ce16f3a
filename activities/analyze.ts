import { Context } from '@temporalio/activity';
import type { Config } from '../common/config';
import { DEFAULT_PASSING_SCORE, type RecordingAnalysis } from '../common/recordingAnalysis';
import { setAnalysisUsage } from '../db/queries/analysisUsage';
import { setRecordingStatus } from '../db/queries/recordings';
import { getPendingAnalysis, keepPendingAnalysis } from '../db/queries/pendingAnalyses';
import { getRoleplay } from '../db/queries/roleplays';
import type { Analyzer } from './analysis/analyzer';
import { createBuiltinAnalyzer } from './analysis/builtin';
import { analysisLanguageFor } from './analysis/language';
import { createLlmAnalyzer } from './analysis/llm';
import { createCompanyLimit, type CompanyLimitRequest } from './companyLimit';
import type { ActivityDeps } from './deps';
import { FailureTypes, permanent } from './failures';
import { keepAlive } from './progress';
import { providerAgent } from './providerHttp';
import { requireRecording } from './requireRecording';
import type { Transcript } from './stt/transcript';

/** The chat-completions analyzer when LLM_BASE_URL is set, the deterministic built-in one otherwise. */
export function createAnalyzer(config: Config): Analyzer {
  return config.LLM_BASE_URL
    ? createLlmAnalyzer(config, providerAgent(config.PROVIDER_ANSWER_MAX_BYTES))
    : createBuiltinAnalyzer();
}

/** Step 4: the analysis of the saved transcript, against the roleplay's scorecard when there is one. */
export function createAnalyzeActivities({ db, config, metrics, logger }: ActivityDeps) {
  const analyzer = createAnalyzer(config);
  const withCompanyPlace = createCompanyLimit({ db, config, logger });
  async function analyze(recordingId: string): Promise<RecordingAnalysis> {
    const recording = await requireRecording(db, recordingId);
    const transcript = recording.transcript as Transcript | null;
    if (!transcript) throw permanent(FailureTypes.InvalidState, 'The recording has no transcript to analyze');
    const roleplay = recording.roleplayId
      ? await getRoleplay(db, recording.companyId, recording.roleplayId)
      : undefined;
    const stop = keepAlive(5_000);
    try {
      const { analysis, usage } = await analyzer.analyze(
        {
          transcript,
          scorecard: roleplay?.scorecard ?? null,
          passingScore: roleplay?.passingScore ?? DEFAULT_PASSING_SCORE,
          customerName: roleplay?.customerPersona.name || null,
          language: analysisLanguageFor(transcript.language, roleplay?.language),
        },
        Context.current().cancellationSignal,
      );
      // What the model cost is the operator's to know, not the caller's: kept beside the result.
      if (usage) {
        await setAnalysisUsage(db, recordingId, usage);
        // Counted per attempt that used the model: a retried analysis is paid for again.
        const model = { model: config.LLM_MODEL };
        metrics?.llmTokens.inc({ ...model, kind: 'prompt' }, usage.promptTokens);
        metrics?.llmTokens.inc({ ...model, kind: 'completion' }, usage.completionTokens);
        if (usage.costUsd !== null) metrics?.llmCost.inc(model, usage.costUsd);
      }
      return analysis;
    } finally {
      stop();
    }
  }

  return {
    /**
     * The analysis kept on the recording (recordings.pending_analysis) for persistRecordingResult: the
     * person's words and scores never enter the workflow history. A retry after it was kept asks no one again.
     */
    async analyzeAndKeepRecording(recordingId: string, limit?: CompanyLimitRequest): Promise<void> {
      const recording = await requireRecording(db, recordingId);
      // The status is this step's first write (no separate status activity: patch `folded-steps`); written
      // when it changes, not on every attempt of a run waiting for a place (issue 50).
      if (recording.status !== 'analyzing') await setRecordingStatus(db, recordingId, 'analyzing');
      if (await getPendingAnalysis(db, recordingId)) return;
      // Only a model's answer holds a worker for long: the built-in analyzer takes no place.
      await withCompanyPlace(
        recording.companyId,
        config.LLM_BASE_URL ? limit : undefined,
        async () => keepPendingAnalysis(db, recordingId, await analyze(recordingId)),
        recording.priority === 'bulk',
      );
    },
  };
}

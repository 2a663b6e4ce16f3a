import type { LlmUsage } from '../../common/recordingAnalysis';
import { fromJson, type Db } from '../connection';

// What judging a recording took from the LLM (model, requests, tokens, cost), on the recording row for
// the operator: never part of the result callers read or webhooks carry. A retried analysis overwrites
// it with the attempt whose result was kept.

export async function setAnalysisUsage(db: Db, recordingId: string, usage: LlmUsage): Promise<void> {
  await db('recordings')
    .where({ id: recordingId })
    .update({ analysis_usage: JSON.stringify(usage) });
}

export async function getAnalysisUsage(db: Db, recordingId: string): Promise<LlmUsage | null> {
  const row = (await db('recordings').where({ id: recordingId }).first('analysis_usage')) as
    { analysis_usage: unknown } | undefined;
  return row?.analysis_usage ? fromJson<LlmUsage>(row.analysis_usage) : null;
}

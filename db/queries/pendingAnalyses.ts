import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import { fromJson, type Db } from '../connection';

// The analysis between the step that makes it and the step that saves it (recordings.pending_analysis):
// the workflow passes the recording's id, never the analysis (claim check).

export async function keepPendingAnalysis(db: Db, recordingId: string, analysis: RecordingAnalysis): Promise<void> {
  await db('recordings')
    .where({ id: recordingId })
    .update({ pending_analysis: JSON.stringify(analysis) });
}

export async function getPendingAnalysis(db: Db, recordingId: string): Promise<RecordingAnalysis | undefined> {
  const row = (await db('recordings').where({ id: recordingId }).first('pending_analysis')) as
    { pending_analysis: unknown } | undefined;
  return row && row.pending_analysis !== null ? fromJson<RecordingAnalysis>(row.pending_analysis) : undefined;
}

import type { RecordingAnalysis } from '../recordingAnalysis';
import type { RecordingRow } from '../../db/queries/recordings';
import { RecordingView, type RecordingListItem } from '../../api/schemas/recordings';

// The schema of this answer, for whoever checks or describes it (the company export).
export { RecordingView };

// A recording row as the API shows it: the list's item, and GET /api/recording/{id} with the analysis.

export function toRecordingSummary(row: RecordingRow): RecordingListItem {
  return {
    id: row.id,
    status: row.status,
    failureReason: row.failureReason,
    userId: row.userId,
    sessionId: row.sessionId,
    roleplayId: row.roleplayId,
    storeRecording: row.storeRecording,
    priority: row.priority,
    redactPii: row.redactPii,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    mediaDeletedAt: row.mediaDeletedAt ? row.mediaDeletedAt.toISOString() : null,
    // Only when given: answers to clients that never send them stay as they were.
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    ...(row.metadata !== null ? { metadata: row.metadata } : {}),
  };
}

export function toRecordingView(row: RecordingRow): RecordingView {
  // Every stored result is in today's shape (migrations 20261126030000 and 20261127200000 rewrote older ones).
  return {
    ...toRecordingSummary(row),
    result: row.status === 'completed' ? (row.result as RecordingAnalysis) : null,
  };
}

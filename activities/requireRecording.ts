import type { Knex } from 'knex';
import { getRecordingById, type RecordingRow } from '../db/queries/recordings';
import { FailureTypes, permanent } from './failures';

/** The recording row an activity works on; a missing row means the API withdrew it (its workflow start failed). */
export async function requireRecording(db: Knex, recordingId: string): Promise<RecordingRow> {
  const row = await getRecordingById(db, recordingId);
  if (!row) throw permanent(FailureTypes.RecordingNotFound, `Recording ${recordingId} does not exist`);
  return row;
}

/** The URL of the recording's audio; a submitted transcript has none, and no step should ask for it. */
export function requireSourceUrl(recording: RecordingRow): string {
  if (recording.sourceUrl === null)
    throw permanent(FailureTypes.InvalidState, 'The recording is a submitted transcript and has no audio');
  return recording.sourceUrl;
}

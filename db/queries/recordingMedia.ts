import { fromJson, type Db } from '../connection';

// The media step's facts about a recording and the chunks it is transcribed in.

export interface RecordingMedia {
  container: string;
  durationMs: number;
  hasVideo: boolean;
  channels: number;
  channelsDiffer: boolean;
}

export interface RecordingChunk {
  index: number;
  startMs: number;
  endMs: number;
  /** The provider's transcript of this chunk (times relative to the chunk), null until answered. */
  transcript: unknown;
  sttJobId: string | null;
}

interface DbChunk {
  chunk_index: number;
  start_ms: number;
  end_ms: number;
  transcript: unknown;
  stt_job_id: string | null;
}

export async function getRecordingMedia(db: Db, recordingId: string): Promise<RecordingMedia | undefined> {
  const row = (await db('recordings').where({ id: recordingId }).first('container', 'duration_ms', 'has_video', 'channels', 'channels_differ')) as
    | { container: string | null; duration_ms: number | null; has_video: number | null; channels: number | null; channels_differ: number | null }
    | undefined;
  if (!row || row.container === null || row.duration_ms === null) return undefined;
  return {
    container: row.container,
    durationMs: row.duration_ms,
    hasVideo: Boolean(row.has_video),
    channels: row.channels ?? 1,
    channelsDiffer: Boolean(row.channels_differ),
  };
}

/** Saves the probe facts and the chunk plan together; a repeated plan (a retried activity) replaces the old one. */
export async function saveRecordingMedia(db: Db, recordingId: string, media: RecordingMedia, spans: { startMs: number; endMs: number }[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('recordings').where({ id: recordingId }).update({
      container: media.container,
      duration_ms: media.durationMs,
      has_video: media.hasVideo,
      channels: media.channels,
      channels_differ: media.channelsDiffer,
      updated_at: trx.fn.now(3),
    });
    await trx('recording_chunks').where({ recording_id: recordingId }).delete();
    if (spans.length > 0) {
      await trx('recording_chunks').insert(spans.map((s, i) => ({ recording_id: recordingId, chunk_index: i, start_ms: s.startMs, end_ms: s.endMs })));
    }
  });
}

export async function listRecordingChunks(db: Db, recordingId: string): Promise<RecordingChunk[]> {
  const rows = (await db('recording_chunks').where({ recording_id: recordingId }).orderBy('chunk_index')) as DbChunk[];
  return rows.map((r) => ({
    index: r.chunk_index,
    startMs: r.start_ms,
    endMs: r.end_ms,
    transcript: r.transcript === null ? null : fromJson<unknown>(r.transcript),
    sttJobId: r.stt_job_id,
  }));
}

export async function setChunkTranscript(db: Db, recordingId: string, index: number, transcript: unknown): Promise<void> {
  await db('recording_chunks')
    .where({ recording_id: recordingId, chunk_index: index })
    .update({ transcript: JSON.stringify(transcript), transcribed_at: db.fn.now(3) });
}

export async function setChunkSttJob(db: Db, recordingId: string, index: number, jobId: string): Promise<void> {
  await db('recording_chunks').where({ recording_id: recordingId, chunk_index: index }).update({ stt_job_id: jobId });
}

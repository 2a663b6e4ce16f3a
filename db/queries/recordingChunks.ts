import { fromJson, type Db } from '../connection';

// The pieces of a recording sent to speech-to-text (see the recording_chunks migration).

export type ChunkChannel = 'mono' | 'left' | 'right';

export interface RecordingChunk {
  recordingId: string;
  channel: ChunkChannel;
  index: number;
  startMs: number;
  durationMs: number;
  /** The provider's answer for this piece, times relative to the piece; null until it answered. */
  transcript: unknown;
  sttJobId: string | null;
}

interface DbChunk {
  recording_id: string;
  channel: ChunkChannel;
  chunk_index: number;
  start_ms: number;
  duration_ms: number;
  transcript: unknown;
  stt_job_id: string | null;
}

const toChunk = (r: DbChunk): RecordingChunk => ({
  recordingId: r.recording_id,
  channel: r.channel,
  index: r.chunk_index,
  startMs: r.start_ms,
  durationMs: r.duration_ms,
  transcript: r.transcript === null ? null : fromJson<unknown>(r.transcript),
  sttJobId: r.stt_job_id,
});

/** Every piece of the recording, channel by channel in time order. */
export async function listRecordingChunks(db: Db, recordingId: string): Promise<RecordingChunk[]> {
  const rows = (await db('recording_chunks')
    .where({ recording_id: recordingId })
    .orderBy([{ column: 'channel' }, { column: 'chunk_index' }])) as DbChunk[];
  return rows.map(toChunk);
}

export interface PieceRef {
  recordingId: string;
  channel: ChunkChannel;
  index: number;
}

/** Which pieces these recordings were cut into (no transcripts): what their stored pieces are named by. */
export async function listPieceRefs(db: Db, recordingIds: string[]): Promise<PieceRef[]> {
  if (recordingIds.length === 0) return [];
  const rows = (await db('recording_chunks')
    .whereIn('recording_id', recordingIds)
    .select('recording_id', 'channel', 'chunk_index')) as Array<
    Pick<DbChunk, 'recording_id' | 'channel' | 'chunk_index'>
  >;
  return rows.map((r) => ({ recordingId: r.recording_id, channel: r.channel, index: r.chunk_index }));
}

export async function getRecordingChunk(
  db: Db,
  recordingId: string,
  channel: ChunkChannel,
  index: number,
): Promise<RecordingChunk | undefined> {
  const row = (await db('recording_chunks')
    .where({ recording_id: recordingId, channel, chunk_index: index })
    .first()) as DbChunk | undefined;
  return row ? toChunk(row) : undefined;
}

/** The plan of a freshly prepared recording; a plan already kept (by an earlier attempt) stays as it is. */
export async function insertRecordingChunks(
  db: Db,
  chunks: Array<Pick<RecordingChunk, 'recordingId' | 'channel' | 'index' | 'startMs' | 'durationMs'>>,
): Promise<void> {
  if (chunks.length === 0) return;
  await db('recording_chunks')
    .insert(
      chunks.map((c) => ({
        recording_id: c.recordingId,
        channel: c.channel,
        chunk_index: c.index,
        start_ms: c.startMs,
        duration_ms: c.durationMs,
      })),
    )
    .onConflict()
    .ignore();
}

export async function setRecordingChunkTranscript(
  db: Db,
  recordingId: string,
  channel: ChunkChannel,
  index: number,
  transcript: unknown,
): Promise<void> {
  await db('recording_chunks')
    .where({ recording_id: recordingId, channel, chunk_index: index })
    .update({ transcript: JSON.stringify(transcript) });
}

/** What a piece's answer becomes once its redacted recording's whole transcript is kept (below). */
export const KEPT_WHOLE = { keptWhole: true } as const;

export const isKeptWhole = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && (answer as { keptWhole?: unknown }).keptWhole === true;

/**
 * A redacted recording's pieces give up their answers once its whole transcript is kept: each answer was
 * redacted alone, and a value said across a cut left a part in each that only the whole could name. The
 * piece stays answered (a retry of the recording sends it to no provider again; the whole is read instead).
 */
export async function forgetRecordingChunkAnswers(db: Db, recordingId: string): Promise<void> {
  await db('recording_chunks')
    .where({ recording_id: recordingId })
    .update({ transcript: JSON.stringify(KEPT_WHOLE) });
}

export async function setRecordingChunkJob(
  db: Db,
  recordingId: string,
  channel: ChunkChannel,
  index: number,
  jobId: string,
): Promise<void> {
  await db('recording_chunks')
    .where({ recording_id: recordingId, channel, chunk_index: index })
    .update({ stt_job_id: jobId });
}

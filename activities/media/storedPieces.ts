import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RecordingStorage } from '../../common/storage/recordingStorage';
import type { ChunkChannel } from '../../db/queries/recordingChunks';
import { IO_CHUNK } from './ioChunk';
import type { Piece } from './pieces';

// The pieces of a cut recording kept in the recording store (S3 in production), so that whichever
// worker runs a piece reads it there: a recording is downloaded and cut once, not once per worker that
// gets one of its pieces (docs/architecture.md, "Pieces in the recording store"). They are deleted
// when the recording's workflow ends (removeMediaScratch), and by retention and erasure, which find
// them through the recording's recording_chunks rows: a piece is stored only after its row is written.

export interface PieceName {
  channel: ChunkChannel;
  index: number;
}

/** The storage key of a piece: beside the recordings, under a prefix of their own (a lifecycle rule can name it). */
export const pieceKey = (recordingId: string, piece: PieceName): string =>
  `pieces/${recordingId}/${piece.channel}-${String(piece.index).padStart(4, '0')}.mp3`;

/** Stores every piece of a cut (a second cut of the same file gives the same pieces, so writing them again is harmless). */
export async function storePieces(
  storage: RecordingStorage,
  recordingId: string,
  pieces: Piece[],
  maxBytes: number,
): Promise<void> {
  // One at a time: the pieces are a few MiB each and S3's multipart upload already streams.
  for (const piece of pieces) {
    // The whole side is one piece: where the store can, it copies the file without the bytes passing through here.
    if (!piece.bytes && storage.putFile) {
      await storage.putFile(pieceKey(recordingId, piece), piece.file, { maxBytes });
      continue;
    }
    const range = piece.bytes && { start: piece.bytes.start, end: piece.bytes.end - 1 };
    await storage.put(
      pieceKey(recordingId, piece),
      createReadStream(piece.file, { ...range, highWaterMark: IO_CHUNK }),
      {
        maxBytes,
      },
    );
  }
}

/** Whether every one of these pieces is in the store. */
export async function piecesStored(
  storage: RecordingStorage,
  recordingId: string,
  pieces: PieceName[],
): Promise<boolean> {
  const found = await Promise.all(pieces.map((p) => storage.exists(pieceKey(recordingId, p))));
  return found.every(Boolean);
}

/**
 * A stored piece's bytes as a stream, read straight from the store (nothing copied to scratch first), or
 * undefined when the store does not hold it. The caller destroys the stream if it does not read it to the end.
 */
export async function openPiece(
  storage: RecordingStorage,
  recordingId: string,
  piece: PieceName,
): Promise<Readable | undefined> {
  return (await storage.get(pieceKey(recordingId, piece)))?.stream;
}

/** Copies a stored piece into `dir`; the file's path, or undefined when the store does not hold it. */
export async function fetchPiece(
  storage: RecordingStorage,
  recordingId: string,
  piece: PieceName,
  dir: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  const stored = await storage.get(pieceKey(recordingId, piece));
  if (!stored) return undefined;
  const file = path.join(dir, `${piece.channel}-${piece.index}.mp3`);
  await pipeline(stored.stream, createWriteStream(file, { highWaterMark: IO_CHUNK }), { signal });
  return file;
}

/** Deletes the stored pieces named (deleting one that is not there is not an error). */
export async function deleteStoredPieces(
  storage: RecordingStorage,
  pieces: Array<PieceName & { recordingId: string }>,
): Promise<void> {
  await Promise.all(pieces.map((p) => storage.delete(pieceKey(p.recordingId, p))));
}

import type { RecordingRow } from '../../db/queries/recordings';
import type { ChunkChannel, RecordingChunk } from '../../db/queries/recordingChunks';
import { FailureTypes, permanent } from '../failures';
import { mergeChannelTranscripts } from '../stt/channels';
import { joinPieces } from '../stt/overlap';
import type { Transcript } from '../stt/transcript';

// The pieces' answers put back together as the recording's transcript: each side's pieces joined on the
// recording's timeline (overlaps resolved), the two sides of a stereo call merged, and every piece's
// redactions moved onto the recording's timeline.

/** The recording's transcript from its answered pieces (every piece has its transcript). */
export function stitchPieces(
  pieces: RecordingChunk[],
  recording: Pick<RecordingRow, 'mediaDurationMs' | 'repChannel'>,
): Transcript {
  const side = (channel: ChunkChannel): Transcript | undefined => {
    const ofSide = pieces.filter((p) => p.channel === channel).sort((a, b) => a.index - b.index);
    if (ofSide.length === 0) return undefined;
    const parts = ofSide.map((p) => ({
      startMs: p.startMs,
      durationMs: p.durationMs,
      transcript: p.transcript as Transcript,
    }));
    const first = parts[0].transcript;
    return {
      ...first,
      language: parts.find((p) => p.transcript.language)?.transcript.language ?? null,
      durationMs: recording.mediaDurationMs ?? Math.max(...parts.map((p) => p.startMs + p.transcript.durationMs)),
      // Each piece was timed from its own start: its segments move onto the recording's timeline (overlaps resolved).
      segments: joinPieces(
        parts.map((p) => ({ startMs: p.startMs, durationMs: p.durationMs, segments: p.transcript.segments })),
      ),
    };
  };
  const left = side('left');
  const right = side('right');
  const joined = left && right ? mergeChannelTranscripts({ left, right }, recording.repChannel) : side('mono');
  if (!joined) throw permanent(FailureTypes.InvalidState, 'The recording has pieces of one channel only');
  // Each piece's redactions, timed from its own start, move onto the recording's timeline.
  const redactions = pieces.flatMap((p) =>
    ((p.transcript as Transcript).redactions ?? []).map((r) => ({
      ...r,
      startMs: r.startMs + p.startMs,
      endMs: r.endMs + p.startMs,
    })),
  );
  const { redactions: _first, ...transcript } = joined;
  return redactions.length > 0 ? { ...transcript, redactions } : transcript;
}

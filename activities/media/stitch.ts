import { redactTranscript, type RedactionOptions } from '../../common/redaction';
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

/**
 * The stitched transcript of a recording with `redactPii` read once more as a whole (issue 51): each piece was
 * redacted alone, and the media step cuts at pauses, where people pause between groups of digits, so a value
 * said across a cut is found only here. Its spans are timed by their segments (the words are gone by now), so the
 * stored audio is silenced over the whole of each segment the value touches.
 */
export function stitchRedacted(
  pieces: RecordingChunk[],
  recording: Pick<RecordingRow, 'mediaDurationMs' | 'repChannel'>,
  redaction: RedactionOptions | undefined,
): Transcript {
  const stitched = stitchPieces(pieces, recording);
  if (!redaction) return stitched;
  // The pieces' own spans (timed by their words) stay; this pass adds what only the whole shows.
  const { redactions: kept = [], ...text } = stitched;
  const { redactions: found = [], ...whole } = redactTranscript(text, redaction);
  // Only segments this pass changed add a span: a placeholder the pieces already put there (a provider's mark
  // among them) is found again, and its audio is already silenced by the span its piece kept.
  const changed = new Set(
    whole.segments.filter((s, i) => s.text !== text.segments[i].text).map((s) => `${s.startMs}-${s.endMs}`),
  );
  const added = found.filter((r) => changed.has(`${r.startMs}-${r.endMs}`));
  const redactions = [...kept, ...added];
  return redactions.length > 0 ? { ...whole, redactions } : whole;
}

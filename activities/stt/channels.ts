import { latestEndMs, type Transcript, type TranscriptSegment } from './transcript';

// A stereo call transcribed one channel at a time (the media step splits the channels) becomes one
// speaker-labelled transcript: each segment is labelled by its channel, `left` or `right`, and the
// rep is the caller's `repChannel` or, without it, the channel that speaks first (the same rule as
// for diarised speakers).

export type RepChannel = 'left' | 'right';

export interface ChannelTranscripts {
  left: Transcript;
  right: Transcript;
}

const byStart = (a: TranscriptSegment, b: TranscriptSegment): number => a.startMs - b.startMs || a.endMs - b.endMs;

export function mergeChannelTranscripts(channels: ChannelTranscripts, repChannel?: RepChannel | null): Transcript {
  const labelled = (side: RepChannel): TranscriptSegment[] =>
    channels[side].segments
      .filter((s) => s.text.trim().length > 0)
      .map((s) => ({ ...s, text: s.text.trim(), speaker: side }));
  // Stable order: on an exact tie the left channel's segment comes first.
  const segments = [...labelled('left'), ...labelled('right')].sort(byStart);
  const firstSpeaker = segments[0]?.speaker as RepChannel | undefined;
  const rep = repChannel ?? firstSpeaker;
  return {
    provider: channels.left.provider,
    // A language either channel reported; the left one wins when both did.
    language: channels.left.language ?? channels.right.language,
    durationMs: Math.max(channels.left.durationMs, channels.right.durationMs, latestEndMs(segments)),
    segments,
    speakerAttribution: 'channels',
    ...(rep ? { repSpeaker: rep } : {}),
    // Text placed over the audio on either side makes the merged times approximate too.
    ...(channels.left.timing === 'placed' || channels.right.timing === 'placed' ? { timing: 'placed' as const } : {}),
  };
}

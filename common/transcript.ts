import type { SpeakerAttribution } from './recordingAnalysis';

// The provider-neutral transcript: what every speech-to-text adapter (activities/stt) produces and what
// the API makes of a submitted transcript (api/commands/recordingSubmission.ts); the recording keeps it.

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
  /** The provider's speaker label when it diarises ("0", "A", ...), null when it does not. */
  speaker: string | null;
}

export interface Transcript {
  /** Who made it: a speech-to-text provider, or the caller who submitted it (`submitted`). */
  provider: 'openai' | 'deepgram' | 'assemblyai' | 'submitted';
  /** As the provider reports it ("english", "en", "pt-BR", "en_us"), null when it does not. */
  language: string | null;
  durationMs: number;
  segments: TranscriptSegment[];
  /**
   * How the speaker labels came about. Absent in transcripts saved before it existed: then labels
   * mean the provider diarised, and no labels mean `none` (see speakerAttributionOf).
   */
  speakerAttribution?: SpeakerAttribution;
  /** The label that is the rep (a channel, a submitted speaker name); absent: the first labelled speaker. */
  repSpeaker?: string;
  /**
   * `placed`: the provider answered text without times (OpenAI's json-only models), and the text was
   * laid over the audio's voiced stretches (activities/stt/placement.ts), so segment times are approximate.
   * Absent: the provider timed every segment.
   */
  timing?: 'placed';
}

/** How the transcript tells the speakers apart; labels that are all missing mean it does not. */
export function speakerAttributionOf(transcript: Transcript): SpeakerAttribution {
  if (!transcript.segments.some((s) => s.speaker !== null)) return 'none';
  return transcript.speakerAttribution ?? 'diarization';
}

/** The rep's label: the named one when it occurs in the transcript, else the first labelled speaker. */
export function repSpeakerOf(transcript: Transcript): string | null {
  const labels = transcript.segments.map((s) => s.speaker).filter((s): s is string => s !== null);
  if (transcript.repSpeaker !== undefined && labels.includes(transcript.repSpeaker)) return transcript.repSpeaker;
  return labels[0] ?? null;
}

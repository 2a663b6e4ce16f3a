import type { Config } from '../common/config';
import type { Db } from '../db/connection';
import { setRecordingTranscript } from '../db/queries/recordings';
import { FailureTypes, permanent } from './failures';
import { createAssemblyAiSpeechToText } from './stt/assemblyai';
import { createDeepgramSpeechToText } from './stt/deepgram';
import { providerAgent, type ProviderMeter } from './providerHttp';
import { createOpenAiSpeechToText } from './stt/openai';
import type { SpeechToText, Transcript } from './stt/transcript';

// The configured speech-to-text provider and the recording's whole transcript, for the media step's
// pieces (activities/media/mediaActivities.ts: transcribeRecordingPiece, stitchTranscript).

export interface TranscriptionSummary {
  provider: Transcript['provider'];
  language: string | null;
  durationMs: number;
  segments: number;
  /** Spans redacted from it (a recording with `redactPii`), each to be silenced in the stored audio; absent in runs before. */
  redactedSpans?: number;
}

export function createSpeechToText(
  config: Config,
  dispatcher = providerAgent(config.PROVIDER_ANSWER_MAX_BYTES),
  meter?: ProviderMeter,
): SpeechToText {
  switch (config.STT_PROVIDER) {
    case 'deepgram':
      return createDeepgramSpeechToText(config, dispatcher, meter);
    case 'assemblyai':
      return createAssemblyAiSpeechToText(config, dispatcher, meter);
    default:
      return createOpenAiSpeechToText(config, dispatcher, meter);
  }
}

/** What the workflow learns of a kept transcript (counts, never its text). */
export const summaryOf = (t: Transcript): TranscriptionSummary => ({
  provider: t.provider,
  language: t.language,
  durationMs: t.durationMs,
  segments: t.segments.length,
  redactedSpans: t.redactions?.length ?? 0,
});

/** Saves the recording's whole transcript for analysis; one without a single word fails the recording. */
export async function keepTranscript(
  db: Db,
  recordingId: string,
  transcript: Transcript,
  fetchedContentType: string | null,
): Promise<TranscriptionSummary> {
  if (!transcript.segments.some((s) => /[\p{L}\p{N}]/u.test(s.text))) {
    throw permanent(FailureTypes.NoSpeech, 'No speech was found in the recording');
  }
  await setRecordingTranscript(db, recordingId, transcript, fetchedContentType);
  return summaryOf(transcript);
}

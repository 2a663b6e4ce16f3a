import path from 'node:path';
import type { Readable } from 'node:stream';
import { Context } from '@temporalio/activity';
import type { Config } from '../common/config';
import type { Db } from '../db/connection';
import { createOutboundAgent } from '../common/outbound';
import type { AnalysisLanguage } from '../common/recordingAnalysis';
import { setRecordingSttJob, setRecordingTranscript } from '../db/queries/recordings';
import { getRoleplay } from '../db/queries/roleplays';
import type { ActivityDeps } from './deps';
import { FailureTypes, permanent } from './failures';
import { keepAlive, meter } from './progress';
import { discard, openRecordingSource } from './recordingSource';
import { requireRecording, requireSourceUrl } from './requireRecording';
import { createAssemblyAiSpeechToText } from './stt/assemblyai';
import { createDeepgramSpeechToText } from './stt/deepgram';
import { providerAgent, type ProviderMeter } from './providerHttp';
import { sttMeter } from './stt/meter';
import { createOpenAiSpeechToText } from './stt/openai';
import type { AudioInput, ProviderJob, SpeechToText, Transcript, TranscribeOptions } from './stt/transcript';

export interface TranscriptionSummary {
  provider: Transcript['provider'];
  language: string | null;
  durationMs: number;
  segments: number;
}

export function createSpeechToText(config: Config, dispatcher = providerAgent(), meter?: ProviderMeter): SpeechToText {
  switch (config.STT_PROVIDER) {
    case 'deepgram':
      return createDeepgramSpeechToText(config, dispatcher, meter);
    case 'assemblyai':
      return createAssemblyAiSpeechToText(config, dispatcher, meter);
    default:
      return createOpenAiSpeechToText(config, dispatcher, meter);
  }
}

/** The caller's repChannel names the rep when the provider labelled the speakers by channel. */
function withRepChannel(transcript: Transcript, repChannel: string | null): Transcript {
  return transcript.speakerAttribution === 'channels' && repChannel
    ? { ...transcript, repSpeaker: repChannel }
    : transcript;
}

const summary = (t: Transcript): TranscriptionSummary => ({
  provider: t.provider,
  language: t.language,
  durationMs: t.durationMs,
  segments: t.segments.length,
});

/** Step 3: the transcript, kept on the recording (not in workflow history) for the analysis step. */
export function createTranscribeActivities({ db, config, storage, metrics }: ActivityDeps) {
  const stt = createSpeechToText(config, providerAgent(), sttMeter(metrics, config));
  const outbound = createOutboundAgent({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE });
  const maxBytes = config.RECORDING_MAX_BYTES;

  return {
    async transcribeRecording(recordingId: string): Promise<TranscriptionSummary> {
      const recording = await requireRecording(db, recordingId);
      // Transcription is paid per minute: a retry after the transcript was saved does not ask again.
      if (recording.transcript) return summary(recording.transcript as Transcript);

      const signal = Context.current().cancellationSignal;
      const roleplay = recording.roleplayId
        ? await getRoleplay(db, recording.companyId, recording.roleplayId)
        : undefined;
      const language: AnalysisLanguage | undefined = roleplay?.language;
      const job: ProviderJob = {
        id: recording.sttJobId,
        created: (jobId) => setRecordingSttJob(db, recording.id, jobId),
      };
      const options: TranscribeOptions = { language, signal, job };

      // A job an earlier attempt already paid for is finished without touching the audio again.
      if (recording.sttJobId && stt.resume) {
        const stop = keepAlive(5_000);
        let resumed: Transcript;
        try {
          resumed = withRepChannel(await stt.resume(recording.sttJobId, options), recording.repChannel);
        } finally {
          stop();
        }
        return keepTranscript(db, recording.id, resumed, null);
      }

      let audio: AudioInput;
      let fetchedContentType: string | null = null;
      let counter: ReturnType<typeof meter> | undefined;
      let remote: Readable | undefined;
      if (recording.storageKey) {
        const stored = await storage.get(recording.storageKey);
        if (!stored) throw permanent(FailureTypes.InvalidState, 'The stored recording file is missing');
        const contentType = recording.contentType ?? 'application/octet-stream';
        audio = {
          kind: 'bytes',
          stream: stored.stream,
          contentType,
          filename: path.posix.basename(recording.storageKey),
        };
      } else if (stt.fetchesUrls) {
        audio = { kind: 'url', url: requireSourceUrl(recording) };
      } else {
        // Not stored, and the provider needs bytes: stream the caller's file straight through.
        const source = await openRecordingSource(requireSourceUrl(recording), outbound, { maxBytes, signal });
        counter = meter(maxBytes);
        const counted = counter;
        remote = source.stream;
        source.stream.on('error', (err) => counted.destroy(err));
        audio = {
          kind: 'bytes',
          stream: source.stream.pipe(counted),
          contentType: source.contentType,
          filename: `recording.${source.extension}`,
        };
        fetchedContentType = source.contentType;
      }

      const stop = keepAlive(5_000);
      let transcript: Transcript;
      try {
        transcript = withRepChannel(await stt.transcribe(audio, options), recording.repChannel);
      } catch (err) {
        if (counter && counter.bytes() > maxBytes) {
          throw permanent(FailureTypes.TooLarge, `The recording is larger than the ${maxBytes}-byte limit`);
        }
        throw err;
      } finally {
        stop();
        if (audio.kind === 'bytes') discard(audio.stream);
        if (remote) discard(remote);
      }
      return keepTranscript(db, recording.id, transcript, fetchedContentType);
    },
  };
}

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
  return summary(transcript);
}

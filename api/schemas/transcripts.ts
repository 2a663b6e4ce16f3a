import { Type, type Static } from '@sinclair/typebox';
import { SPEAKER_ATTRIBUTIONS } from '../../common/recordingAnalysis';
import { Nullable, Uuid } from './common';

// GET /api/recording/{id}/transcript: the time-coded transcript a recording keeps (common/transcript.ts),
// as utterances with their speaker's role. Also rendered as WebVTT (api/routes/recordings/transcriptView.ts).

export const TIMINGS = ['measured', 'placed'] as const;
export const SPEAKER_ROLES = ['rep', 'customer', 'unknown'] as const;

const Timing = Type.Union(
  TIMINGS.map((t) => Type.Literal(t)),
  {
    description:
      '`measured`: the speech-to-text provider (or the submitted transcript) timed the words. `placed`: the provider gave text ' +
      "without times and the text was laid over the audio's voiced stretches, so the times are approximate.",
  },
);

export const Utterance = Type.Object(
  {
    startMs: Type.Integer({ minimum: 0, description: 'Milliseconds from the start of the call.' }),
    endMs: Type.Integer({ minimum: 0, description: 'Milliseconds from the start of the call; not before startMs.' }),
    speaker: Type.Union(
      SPEAKER_ROLES.map((r) => Type.Literal(r)),
      {
        description:
          'Who spoke: the rep (the submitted repSpeaker or repChannel, else the first labelled speaker), the customer (any other ' +
          'labelled speaker), or unknown (the transcript does not tell speakers apart, or this utterance has no label).',
      },
    ),
    speakerLabel: Nullable(
      Type.String({
        description:
          'The speaker as the transcript names them: a submitted speaker name, a channel, or a provider label ("A", "0"); null without labels.',
      }),
    ),
    text: Type.String(),
    timing: Timing,
  },
  { additionalProperties: false },
);
export type Utterance = Static<typeof Utterance>;

export const TranscriptView = Type.Object(
  {
    recordingId: Uuid,
    provider: Type.Union(
      ['openai', 'deepgram', 'assemblyai', 'submitted'].map((p) => Type.Literal(p)),
      { description: 'Who made the transcript: a speech-to-text provider, or `submitted` by the caller.' },
    ),
    language: Nullable(Type.String({ description: 'As the provider reports it ("en", "english", "pt-BR").' })),
    durationMs: Type.Integer({ minimum: 0 }),
    speakerAttribution: Type.Union(
      SPEAKER_ATTRIBUTIONS.map((a) => Type.Literal(a)),
      { description: 'How the speakers were told apart: stereo channels, diarization, the transcript, or not at all.' },
    ),
    timing: Timing,
    utterances: Type.Array(Utterance),
  },
  { additionalProperties: false },
);
export type TranscriptView = Static<typeof TranscriptView>;

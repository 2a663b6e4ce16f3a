import { Type, type Static } from '@sinclair/typebox';

// The analysis of a recording: what GET /api/recording/{id} returns as `result`, what the
// `recording.processing.completed` webhook carries, and what a roleplay session is built from.
// Field names follow the session result of spec 2.5 (length in ms, wpm, snippets, ...).

export const ANALYSIS_LANGUAGES = ['en', 'es', 'fr-CA', 'pt-BR', 'cs'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

export const SPEAKER_ATTRIBUTIONS = ['channels', 'diarization', 'transcript', 'none'] as const;
export type SpeakerAttribution = (typeof SPEAKER_ATTRIBUTIONS)[number];

export const CUSTOMER_NAME_SOURCES = ['persona', 'speakerName', 'selfIntroduction', 'repGreeting'] as const;
export type CustomerNameSource = (typeof CUSTOMER_NAME_SOURCES)[number];

export const EvidenceQuote = Type.Object(
  {
    quote: Type.String({ minLength: 1, description: 'Words said in the call, verbatim as the transcript has them.' }),
    startMs: Type.Integer({
      minimum: 0,
      description: 'Start of the transcript line the words are in, in milliseconds from the start of the call.',
    }),
    speaker: Type.Union([Type.Literal('rep'), Type.Literal('customer')], { description: 'Who said them.' }),
  },
  { additionalProperties: false },
);
export type EvidenceQuote = Static<typeof EvidenceQuote>;

export const ScorecardResponse = Type.Object(
  {
    title: Type.String(),
    passed: Type.Boolean({
      description:
        'true only when the item was judged and met. false when it was failed, and also when it was not judged (assessable false) or the ' +
        "LLM's verdict could not be backed by words of the call (supported false): such a false is no verdict and does not count towards the score.",
    }),
    explanation: Type.String(),
    weight: Type.Number({ minimum: 0 }),
    sectionTitle: Type.String(),
    assessable: Type.Optional(
      Type.Literal(false, {
        description:
          'Present (false) only when the item was not judged: the item needs two speakers told apart and speakerAttribution is none, or it is a ' +
          'free-text item and the built-in analyzer judges only what it can count ("not judged without an LLM"). ' +
          'Such an item is neither passed nor failed and does not count towards the score.',
      }),
    ),
    evidence: Type.Array(EvidenceQuote, {
      maxItems: 20,
      description:
        'What the verdict rests on: quotes of the call, each verbatim from the transcript with its time. Empty when nothing in the call bears on ' +
        "the item or the item is measured over the whole call (pace, talk ratio); noEvidenceReason then says which. Emptied when the recording's " +
        'media and transcript are deleted (retention, user erasure).',
    }),
    noEvidenceReason: Type.Optional(Type.String({ description: 'Why evidence is empty; present exactly when it is.' })),
    supported: Type.Optional(
      Type.Literal(false, {
        description:
          'Present (false) only when the LLM rested its verdict on words that are not in the transcript, also when asked once more for that ' +
          'item: the verdict is not reported. passed is false, evidence is empty, explanation and noEvidenceReason say why (nothing the ' +
          'model said about the item is kept), and the item does not count towards the score.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ScorecardResponse = Static<typeof ScorecardResponse>;

export const Snippet = Type.Object({ isUser: Type.Boolean(), text: Type.String() }, { additionalProperties: false });
export type Snippet = Static<typeof Snippet>;

export const RecordingAnalysis = Type.Object(
  {
    analyzer: Type.Union([Type.Literal('builtin'), Type.Literal('llm')], {
      description: 'Which analyzer judged the scorecard.',
    }),
    language: Type.Union(
      ANALYSIS_LANGUAGES.map((l) => Type.Literal(l)),
      {
        description:
          "Language the filler words and questions were counted in: the one the provider detected when it reports one, else the roleplay's, else en.",
      },
    ),
    length: Type.Integer({ minimum: 0, description: 'Duration in milliseconds.' }),
    wpm: Type.Number({ minimum: 0, description: "The rep's words per minute of their own speaking time." }),
    speakerAttribution: Type.Union(
      SPEAKER_ATTRIBUTIONS.map((a) => Type.Literal(a)),
      {
        description:
          'How the rep was told from the customer: channels (one side per audio channel), diarization (speaker labels from the provider), ' +
          'transcript (speakers named in a submitted transcript) or none (one unlabelled voice: the measures that need two speakers are left out).',
      },
    ),
    talkRatio: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "The rep's share of the speaking time. Left out when speakerAttribution is none.",
      }),
    ),
    longestMonologue: Type.Optional(
      Type.Number({
        minimum: 0,
        description: "The rep's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none.",
      }),
    ),
    longestCustomerStory: Type.Optional(
      Type.Number({
        minimum: 0,
        description: "The customer's longest uninterrupted turn, in seconds. Left out when speakerAttribution is none.",
      }),
    ),
    interactivity: Type.Optional(
      Type.Number({
        minimum: 0,
        description: 'Speaker switches per minute of the call. Left out when speakerAttribution is none.',
      }),
    ),
    patience: Type.Optional(
      Type.Number({
        minimum: 0,
        description:
          'Mean pause, in seconds, before the rep speaks after the customer stops. Left out when speakerAttribution is none or the rep never answers the customer.',
      }),
    ),
    numQuestions: Type.Integer({
      minimum: 0,
      description:
        'Questions asked by the rep: sentences ending in a question mark, or without terminal punctuation and opening like a question in the analysis language ("how many…", "could we…").',
    }),
    customerQuestions: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Questions asked by the customer. Left out when speakerAttribution is none.',
      }),
    ),
    numFillerWords: Type.Integer({ minimum: 0, description: 'Filler words said by the rep.' }),
    fillerWords: Type.Array(
      Type.Object({ word: Type.String(), count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    ),
    customerName: Type.Union([Type.String(), Type.Null()], {
      description: "The customer's name as far as it is known (see customerNameSource).",
    }),
    customerNameSource: Type.Optional(
      Type.Union([...CUSTOMER_NAME_SOURCES.map((s) => Type.Literal(s)), Type.Null()], {
        description:
          "Where customerName comes from, strongest first: persona (the roleplay's customer persona), speakerName (the customer's speaker name in a " +
          'submitted transcript; role labels such as "Customer" or "Speaker 2" are not names), selfIntroduction (the customer saying "this is …", ' +
          '"my name is …" in the analysis language), repGreeting (the rep addressing them at the start: "Hi Jordan"); null when the name is not known. ' +
          'Absent only in results analysed before the field existed.',
      }),
    ),
    nameCount: Type.Integer({
      minimum: 0,
      description:
        "Times the rep said the customer's first name or full name (whole words, any case; the full name counts once).",
    }),
    score: Type.Number({ minimum: 0, maximum: 100 }),
    passingScore: Type.Number({ minimum: 0, maximum: 100 }),
    didPass: Type.Boolean(),
    snippets: Type.Array(Snippet),
    criteriaResponses: Type.Array(ScorecardResponse),
    metricResponses: Type.Array(ScorecardResponse),
  },
  { additionalProperties: false },
);
export type RecordingAnalysis = Static<typeof RecordingAnalysis>;

/**
 * What judging one recording took from the LLM: kept on the recording for the operator
 * (recordings.analysis_usage), never in the result callers and webhooks see.
 */
export interface LlmUsage {
  /** The model that answered, as the provider reports it. */
  model: string;
  /** Chat-completion requests: one per part of a call too long for one. */
  requests: number;
  promptTokens: number;
  completionTokens: number;
  /** USD at LLM_PROMPT_PRICE / LLM_COMPLETION_PRICE (per million tokens); null while they are not set. */
  costUsd: number | null;
}

/** What an unsupported verdict says, as its explanation and its noEvidenceReason, instead of the model's words. */
export const UNSUPPORTED_VERDICT = 'Not judged: the words the model quoted for this item do not occur in the call.';

const reported = (r: ScorecardResponse): ScorecardResponse =>
  r.supported !== false
    ? r
    : {
        title: r.title,
        passed: false,
        explanation: UNSUPPORTED_VERDICT,
        weight: r.weight,
        sectionTitle: r.sectionTitle,
        ...(r.assessable === false ? { assessable: false as const } : {}),
        evidence: [],
        noEvidenceReason: UNSUPPORTED_VERDICT,
        supported: false,
      };

/**
 * The analysis as it is saved and reported: an unsupported verdict not passed, without the model's
 * words. The analyzer answers so already; this is for analyses a worker of the previous release made
 * before the upgrade and a new one saves (pending_analysis, or passed by value by runs from before the
 * claim check). Rows saved before are rewritten by migration 20261126040000_unsupported_verdicts_not_passed.
 */
export function withUnsupportedNotPassed(analysis: RecordingAnalysis): RecordingAnalysis {
  return {
    ...analysis,
    criteriaResponses: analysis.criteriaResponses.map(reported),
    metricResponses: analysis.metricResponses.map(reported),
  };
}

/** Passing score of recordings submitted without a roleplay. */
export const DEFAULT_PASSING_SCORE = 70;

const NO_EVIDENCE_KEPT = 'Judged before evidence was recorded.';

/**
 * A session's scorecard response as stored (session_responses): one written without evidence has none, and
 * says so. Not only rows from before evidence existed (migration 20261126030000 rewrote those): the demo and
 * bench seeds and imports write sessions without it (SessionResponse.evidence is optional).
 */
export function storedResponse(
  stored: Omit<ScorecardResponse, 'evidence'> & { evidence?: EvidenceQuote[] },
): ScorecardResponse {
  if (stored.evidence) return stored as ScorecardResponse;
  return { ...stored, evidence: [], noEvidenceReason: NO_EVIDENCE_KEPT };
}

export const QUOTES_DELETED = "The quotes were deleted with the call's words (retention or erasure).";

/**
 * A stored result without the words said in the call (retention, user erasure): no snippets, and
 * every scorecard response's quotes replaced by the reason they are gone. Scores, measures, verdicts
 * and explanations stay.
 */
export function withoutWords(result: RecordingAnalysis): RecordingAnalysis {
  const forget = (r: ScorecardResponse): ScorecardResponse =>
    r.evidence.length === 0 ? r : { ...r, evidence: [], noEvidenceReason: QUOTES_DELETED };
  return {
    ...result,
    snippets: [],
    criteriaResponses: result.criteriaResponses.map(forget),
    metricResponses: result.metricResponses.map(forget),
  };
}

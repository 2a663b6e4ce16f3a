import { Type, type Static } from '@sinclair/typebox';

// The analysis of a recording: what GET /api/recording/{id} returns as `result`, what the
// `recording.processing.completed` webhook carries, and what a roleplay session is built from.
// Field names follow the session result of spec 2.5 (length in ms, wpm, snippets, ...).

export const ANALYSIS_LANGUAGES = ['en', 'es', 'fr-CA', 'pt-BR', 'cs'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

export const ScorecardResponse = Type.Object(
  {
    title: Type.String(),
    passed: Type.Boolean(),
    explanation: Type.String(),
    weight: Type.Number({ minimum: 0 }),
    sectionTitle: Type.String(),
  },
  { additionalProperties: false },
);
export type ScorecardResponse = Static<typeof ScorecardResponse>;

export const Snippet = Type.Object({ isUser: Type.Boolean(), text: Type.String() }, { additionalProperties: false });
export type Snippet = Static<typeof Snippet>;

export const RecordingAnalysis = Type.Object(
  {
    analyzer: Type.Union([Type.Literal('builtin'), Type.Literal('llm')], { description: 'Which analyzer judged the scorecard.' }),
    language: Type.Union(
      ANALYSIS_LANGUAGES.map((l) => Type.Literal(l)),
      { description: 'Language the filler words were counted in.' },
    ),
    length: Type.Integer({ minimum: 0, description: 'Duration in milliseconds.' }),
    wpm: Type.Number({ minimum: 0, description: "The rep's words per minute of their own speaking time." }),
    talkRatio: Type.Number({ minimum: 0, maximum: 1, description: "The rep's share of the words spoken." }),
    numQuestions: Type.Integer({ minimum: 0, description: 'Questions asked by the rep.' }),
    numFillerWords: Type.Integer({ minimum: 0, description: 'Filler words said by the rep.' }),
    fillerWords: Type.Array(Type.Object({ word: Type.String(), count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })),
    customerName: Type.Union([Type.String(), Type.Null()], { description: "The customer's name as far as it is known." }),
    nameCount: Type.Integer({ minimum: 0, description: "Times the rep said the customer's name." }),
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

/** Passing score of recordings submitted without a roleplay. */
export const DEFAULT_PASSING_SCORE = 70;

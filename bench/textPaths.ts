import { analyzeBuiltin } from '../activities/analysis/builtin';
import { parseAssemblyAiTranscript } from '../activities/stt/assemblyai';
import { parseListenAnswer } from '../activities/stt/deepgram';
import { parseVerboseJson } from '../activities/stt/openai';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../api/middleware/jsonBody';
import { RecordingSubmission } from '../api/schemas/recordings';
import { assertValid, check } from '../api/validation';
import { redactTranscript } from '../common/redaction';
import { toSubmittedTranscript, type Transcript } from '../common/transcript';
import { toTranscriptView } from '../common/views/transcripts';

// Every step that reads caller or provider text, as a function of the text it arrives as (issue 54 §2):
// what the API does with a recording submission's body, the WebVTT parse, the worker's redaction and
// analysis of a transcript payload, each provider's answer parsed, the export's line for a transcript.
// `json` is the bare floor: JSON.parse of the same bytes, which every JSON path pays.

const payload = (text: string): Transcript => JSON.parse(text) as Transcript;

export const TEXT_PATHS = {
  json: (text: string): unknown => JSON.parse(text),
  /** api/middleware/jsonBody.ts (nesting, parse) and the schema check of POST /api/recording. */
  request: (text: string): unknown => {
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new Error('the bench body nests too deep');
    const body: unknown = JSON.parse(text);
    const checked = check('body', RecordingSubmission, body);
    assertValid(checked.problems, checked.complete);
    return body;
  },
  /** common/transcript.ts: the limits' pass (common/webVttLimits.ts), the parser, the segments. */
  webvtt: (text: string): unknown => toSubmittedTranscript(text, undefined),
  /** common/redaction/: the worker's (and the API thread's) redaction of a transcript. */
  redaction: (text: string): unknown => redactTranscript(payload(text)),
  /** activities/analysis/builtin.ts with the built-in scorecard. */
  analysis: (text: string): unknown =>
    analyzeBuiltin({
      transcript: payload(text),
      scorecard: null,
      passingScore: 70,
      customerName: null,
      language: 'en',
    }),
  openai: (text: string): unknown => parseVerboseJson(JSON.parse(text)),
  deepgram: (text: string): unknown => parseListenAnswer(JSON.parse(text), null),
  assemblyai: (text: string): unknown => parseAssemblyAiTranscript(JSON.parse(text)),
  /** activities/companyExport: a stored transcript (MySQL's JSON) as its export line. */
  export: (text: string): unknown => `${JSON.stringify(toTranscriptView('r-1', payload(text)))}\n`,
} satisfies Record<string, (text: string) => unknown>;

export type TextPath = keyof typeof TEXT_PATHS;

export const isTextPath = (name: string): name is TextPath => Object.hasOwn(TEXT_PATHS, name);

import fs from 'node:fs';
import path from 'node:path';
import { analyzeBuiltin } from '../activities/analysis/builtin';
import { toSubmittedTranscript } from '../common/transcript';
import type { AnalysisLanguage, RecordingAnalysis } from '../common/recordingAnalysis';
import {
  evaluateRedaction,
  INDEPENDENT_FILES,
  labelledUtterances,
  recallByKind,
  redactionReport,
} from './redactionAccuracy';

// The built-in analyzer against the labelled calls of test/fixtures/calls: WebVTT transcripts written
// for the purpose, each with the facts a person worked out by hand beside it (<name>.json). A fact
// is right when the analyzer reports exactly the labelled value (talk ratio to 3 decimals, longest
// monologue to 0.1 s; null = the analyzer must leave it out or report none).

export const CALLS_DIR = path.join(__dirname, '..', 'test', 'fixtures', 'calls');

export const MEASURES = [
  'customerName',
  'nameCount',
  'numQuestions',
  'customerQuestions',
  'numFillerWords',
  'longestMonologue',
  'talkRatio',
] as const;
export type Measure = (typeof MEASURES)[number];
export type Facts = Record<Measure, string | number | null>;

export interface LabelledCall {
  name: string;
  language: AnalysisLanguage;
  repSpeaker?: string;
  persona?: string;
  facts: Facts;
  vtt: string;
}

export interface CallOutcome {
  name: string;
  expected: Facts;
  actual: Facts;
  wrong: Measure[];
}

export function labelledCalls(dir = CALLS_DIR): LabelledCall[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.vtt'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.vtt$/, '');
      const label = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Omit<
        LabelledCall,
        'name' | 'vtt'
      >;
      return { ...label, name, vtt: fs.readFileSync(path.join(dir, file), 'utf8') };
    });
}

export function factsOf(result: RecordingAnalysis): Facts {
  return {
    customerName: result.customerName,
    nameCount: result.nameCount,
    numQuestions: result.numQuestions,
    customerQuestions: result.customerQuestions ?? null,
    numFillerWords: result.numFillerWords,
    longestMonologue: result.longestMonologue ?? null,
    talkRatio: result.talkRatio ?? null,
  };
}

/** The analysis a submitted transcript gets: parsed as the API parses it, analysed as the worker does. */
export function analyzeCall(call: LabelledCall): RecordingAnalysis {
  const transcript = toSubmittedTranscript(call.vtt, call.repSpeaker);
  return analyzeBuiltin({
    transcript,
    scorecard: null,
    passingScore: 70,
    customerName: call.persona ?? null,
    language: call.language,
  });
}

export function evaluate(calls: LabelledCall[] = labelledCalls()): CallOutcome[] {
  return calls.map((call) => {
    const actual = factsOf(analyzeCall(call));
    return {
      name: call.name,
      expected: call.facts,
      actual,
      wrong: MEASURES.filter((m) => actual[m] !== call.facts[m]),
    };
  });
}

/** Share of calls whose fact is exactly right, per measure (0–1). */
export function accuracy(outcomes: CallOutcome[]): Record<Measure, number> {
  return Object.fromEntries(
    MEASURES.map((m) => [m, outcomes.filter((o) => !o.wrong.includes(m)).length / outcomes.length]),
  ) as Record<Measure, number>;
}

/** The Markdown table BENCHMARKS.md shows, and the calls that missed, with what was expected. */
export function report(outcomes: CallOutcome[]): string {
  const share = accuracy(outcomes);
  const rows = MEASURES.map((m) => {
    const right = outcomes.filter((o) => !o.wrong.includes(m)).length;
    return `| ${m} | ${right} / ${outcomes.length} | ${(share[m] * 100).toFixed(1)} % |`;
  });
  const misses = outcomes.flatMap((o) =>
    o.wrong.map(
      (m) => `- ${o.name}: ${m} expected ${JSON.stringify(o.expected[m])}, got ${JSON.stringify(o.actual[m])}`,
    ),
  );
  return [
    '| measure | exactly right | share |',
    '|---|---|---|',
    ...rows,
    '',
    ...(misses.length ? ['Misses:', ...misses] : ['No misses.']),
  ].join('\n');
}

if (require.main === module) {
  const outcomes = evaluate();
  console.log(`Analysis accuracy: built-in analyzer over ${outcomes.length} labelled calls (test/fixtures/calls)\n`);
  console.log(report(outcomes));
  const redaction = evaluateRedaction();
  console.log(`\nRedaction: the rule set over ${redaction.length} labelled utterances (test/fixtures/redaction)\n`);
  console.log(redactionReport(redaction));
  // Apart, so the figures on text the rules were not tuned on are never averaged into the set they were.
  for (const file of INDEPENDENT_FILES) {
    const independent = evaluateRedaction(labelledUtterances(file));
    console.log(
      `\nRedaction, independent set: the rule set over ${independent.length} utterances written blind ` +
        `(test/fixtures/redaction/${path.basename(file)})\n`,
    );
    console.log(recallByKind(independent));
    console.log('');
    console.log(redactionReport(independent));
  }
}

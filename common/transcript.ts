import { WebVTTParser, type TreeNode } from 'webvtt-parser';
import type { RedactedSpan } from './redaction/kinds';
import type { SpeakerAttribution } from './recordingAnalysis';
import { webVttLimitProblem } from './webVttLimits';

// The provider-neutral transcript: what every speech-to-text adapter (activities/stt) produces and what
// a submitted transcript becomes (toSubmittedTranscript, for the API's submissions and the bench's labelled
// calls); the recording keeps it.
//
// A transcript submitted instead of audio (POST /api/recording with `transcript`): WebVTT as meeting
// tools export it, speakers in `<v Name>` voice tags, or segments `{speaker, start, end, text}` in
// seconds. It becomes the same provider-neutral transcript speech-to-text produces, labelled by the
// caller's speaker names (speakerAttribution `transcript`), with the rep being `repSpeaker` or the
// first speaker. WebVTT is parsed by the W3C's reference parser, which reports the line of each
// problem; any problem rejects the whole transcript.

/** A word as the provider timed it (Deepgram and AssemblyAI do; OpenAI's models and submitted transcripts do not). */
export interface TranscriptWord {
  startMs: number;
  endMs: number;
  text: string;
}

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
  /** The provider's speaker label when it diarises ("0", "A", ...), null when it does not. */
  speaker: string | null;
  /**
   * The segment's words with their times, when the provider gave them. Used to time redactions
   * (common/redaction/); never kept: the worker drops them before it saves a transcript.
   */
  words?: TranscriptWord[];
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
  /**
   * A recording with `redactPii`: where each redacted span was said (common/redaction/), for the stored
   * audio to be silenced there. Absent: nothing was redacted (or redaction was not asked for).
   */
  redactions?: RedactedSpan[];
}

/** How the transcript tells the speakers apart; labels that are all missing mean it does not. */
export function speakerAttributionOf(transcript: Transcript): SpeakerAttribution {
  if (!transcript.segments.some((s) => s.speaker !== null)) return 'none';
  return transcript.speakerAttribution ?? 'diarization';
}

/**
 * The latest end of these segments, at least `floor` (0 for none). A loop: `Math.max(...segments.map(…))` passes
 * every segment as an argument and throws a RangeError past ~124k of them (a provider's answer, a caller's cues).
 */
export function latestEndMs(segments: ReadonlyArray<{ endMs: number }>, floor = 0): number {
  let latest = floor;
  for (const s of segments) if (s.endMs > latest) latest = s.endMs;
  return latest;
}

/** The rep's label: the named one when it occurs in the transcript, else the first labelled speaker. */
export function repSpeakerOf(transcript: Transcript): string | null {
  const labels = transcript.segments.map((s) => s.speaker).filter((s): s is string => s !== null);
  if (transcript.repSpeaker !== undefined && labels.includes(transcript.repSpeaker)) return transcript.repSpeaker;
  return labels[0] ?? null;
}

/** A transcript as a caller submits it: WebVTT text, or segments with times in seconds. */
export type SubmittedTranscript = string | Array<{ speaker: string; start: number; end: number; text: string }>;

/** What is wrong with a submitted transcript: a message and the problems, each with the body field it is in. */
export class TranscriptProblems extends Error {
  constructor(
    message: string,
    readonly problems: Array<{ field: string; message: string }>,
  ) {
    super(message);
    this.name = 'TranscriptProblems';
  }
}

const invalid = (message: string, problems: Array<{ field: string; message: string }>) =>
  new TranscriptProblems(message, problems);

/** Text of a cue's tree, split at voice tags: consecutive runs of one voice (null: outside any). */
function voiceRuns(nodes: TreeNode[], voice: string | null, runs: Array<{ voice: string | null; text: string }>): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      const last = runs[runs.length - 1];
      if (last && last.voice === voice) last.text += node.value;
      else runs.push({ voice, text: node.value });
    } else if (node.type === 'object') {
      const inner = node.name === 'v' ? node.value.trim() || voice : voice;
      voiceRuns(node.children as TreeNode[], inner, runs);
    }
  }
}

/**
 * webvtt-parser's default character references lack the `;` (`&amp`), so `&amp;` came out as `&;`:
 * each is given here with and without it.
 */
const VTT_ENTITIES: Record<string, string> = Object.fromEntries(
  Object.entries({
    '&amp': '&',
    '&lt': '<',
    '&gt': '>',
    '&lrm': '\u200e',
    '&rlm': '\u200f',
    '&nbsp': '\u00a0',
  }).flatMap(([name, char]) => [
    [name, char],
    [`${name};`, char],
  ]),
);

export function parseWebVtt(text: string): TranscriptSegment[] {
  // Refused before the parser reads it: what would cost it (or the analysis) more than the text's size.
  const limit = webVttLimitProblem(text);
  if (limit)
    throw invalid(`transcript exceeds a limit at line ${limit.line}: ${limit.message}.`, [
      { field: 'transcript', message: `line ${limit.line}: ${limit.message}` },
    ]);
  const parsed = new WebVTTParser(VTT_ENTITIES).parse(text, 'metadata');
  if (parsed.errors.length > 0) {
    const [first] = parsed.errors;
    throw invalid(
      `transcript is not valid WebVTT: line ${first.line}: ${first.message}`,
      parsed.errors.slice(0, 20).map((e) => ({ field: 'transcript', message: `line ${e.line}: ${e.message}` })),
    );
  }
  const segments: TranscriptSegment[] = [];
  for (const cue of parsed.cues) {
    const runs: Array<{ voice: string | null; text: string }> = [];
    voiceRuns(cue.tree.children, null, runs);
    for (const run of runs) {
      const words = run.text.replace(/\s+/g, ' ').trim();
      if (!words) continue;
      segments.push({
        startMs: Math.round(cue.startTime * 1000),
        endMs: Math.round(cue.endTime * 1000),
        text: words,
        speaker: run.voice,
      });
    }
  }
  if (segments.length === 0)
    throw invalid('transcript has no spoken text.', [
      { field: 'transcript', message: 'transcript has no cue with text' },
    ]);
  return segments;
}

function fromSegments(list: Exclude<SubmittedTranscript, string>): TranscriptSegment[] {
  const details: Array<{ field: string; message: string }> = [];
  list.forEach((s, i) => {
    if (s.end < s.start)
      details.push({
        field: `transcript.${i}.end`,
        message: `transcript.${i}.end must not be before its start`,
      });
  });
  if (details.length > 0) throw invalid('transcript has segments that end before they start.', details.slice(0, 20));
  const segments = list
    .map((s) => ({
      startMs: Math.round(s.start * 1000),
      endMs: Math.round(s.end * 1000),
      text: s.text.replace(/\s+/g, ' ').trim(),
      speaker: s.speaker.trim() || null,
    }))
    .filter((s) => s.text.length > 0);
  if (segments.length === 0)
    throw invalid('transcript has no spoken text.', [{ field: 'transcript', message: 'every segment is empty' }]);
  // Callers' exports are not always in time order; the conversation is.
  return segments
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.startMs - b.s.startMs || a.i - b.i)
    .map(({ s }) => s);
}

/** The submitted transcript as a Transcript; TranscriptProblems names what is wrong. */
export function toSubmittedTranscript(submitted: SubmittedTranscript, repSpeaker: string | undefined): Transcript {
  const segments = typeof submitted === 'string' ? parseWebVtt(submitted) : fromSegments(submitted);
  const speakers = new Set(segments.map((s) => s.speaker).filter((s): s is string => s !== null));
  if (repSpeaker !== undefined && !speakers.has(repSpeaker)) {
    const known =
      [...speakers]
        .slice(0, 10)
        .map((s) => JSON.stringify(s))
        .join(', ') || 'none';
    throw invalid(`repSpeaker names no speaker of the transcript (speakers: ${known}).`, [
      { field: 'repSpeaker', message: `repSpeaker must be one of the transcript's speakers (${known})` },
    ]);
  }
  return {
    provider: 'submitted',
    language: null,
    durationMs: latestEndMs(segments),
    segments,
    speakerAttribution: 'transcript',
    ...(repSpeaker !== undefined ? { repSpeaker } : {}),
  };
}

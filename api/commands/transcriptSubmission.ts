import { WebVTTParser, type TreeNode } from 'webvtt-parser';
import type { Transcript, TranscriptSegment } from '../../activities/stt/transcript';
import { badRequest, type ErrorDetail } from '../errors';
import type { RecordingSubmission } from '../schemas/recordings';

// A transcript submitted instead of audio (POST /api/recording with `transcript`): WebVTT as meeting
// tools export it, speakers in `<v Name>` voice tags, or segments `{speaker, start, end, text}` in
// seconds. It becomes the same provider-neutral transcript speech-to-text produces, labelled by the
// caller's speaker names (speakerAttribution `transcript`), with the rep being `repSpeaker` or the
// first speaker. WebVTT is parsed by the W3C's reference parser, which reports the line of each
// problem; any problem rejects the whole transcript.

export type SubmittedTranscript = NonNullable<RecordingSubmission['transcript']>;

const invalid = (message: string, details: ErrorDetail[]) => badRequest('validation_failed', message, details);

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

export function parseWebVtt(text: string): TranscriptSegment[] {
  const parsed = new WebVTTParser().parse(text, 'metadata');
  if (parsed.errors.length > 0) {
    const [first] = parsed.errors;
    throw invalid(
      `transcript is not valid WebVTT: line ${first.line}: ${first.message}`,
      parsed.errors.slice(0, 20).map((e) => ({ in: 'body', field: 'transcript', message: `line ${e.line}: ${e.message}` })),
    );
  }
  const segments: TranscriptSegment[] = [];
  for (const cue of parsed.cues) {
    const runs: Array<{ voice: string | null; text: string }> = [];
    voiceRuns(cue.tree.children, null, runs);
    for (const run of runs) {
      const words = run.text.replace(/\s+/g, ' ').trim();
      if (!words) continue;
      segments.push({ startMs: Math.round(cue.startTime * 1000), endMs: Math.round(cue.endTime * 1000), text: words, speaker: run.voice });
    }
  }
  if (segments.length === 0) throw invalid('transcript has no spoken text.', [{ in: 'body', field: 'transcript', message: 'transcript has no cue with text' }]);
  return segments;
}

function fromSegments(list: Exclude<SubmittedTranscript, string>): TranscriptSegment[] {
  const details: ErrorDetail[] = [];
  list.forEach((s, i) => {
    if (s.end < s.start) details.push({ in: 'body', field: `transcript.${i}.end`, message: `transcript.${i}.end must not be before its start` });
  });
  if (details.length > 0) throw invalid('transcript has segments that end before they start.', details.slice(0, 20));
  const segments = list
    .map((s) => ({ startMs: Math.round(s.start * 1000), endMs: Math.round(s.end * 1000), text: s.text.replace(/\s+/g, ' ').trim(), speaker: s.speaker.trim() || null }))
    .filter((s) => s.text.length > 0);
  if (segments.length === 0) throw invalid('transcript has no spoken text.', [{ in: 'body', field: 'transcript', message: 'every segment is empty' }]);
  // Callers' exports are not always in time order; the conversation is.
  return segments.map((s, i) => ({ s, i })).sort((a, b) => a.s.startMs - b.s.startMs || a.i - b.i).map(({ s }) => s);
}

/** The submitted transcript as a Transcript, or a 400 naming what is wrong. */
export function toSubmittedTranscript(submitted: SubmittedTranscript, repSpeaker: string | undefined): Transcript {
  const segments = typeof submitted === 'string' ? parseWebVtt(submitted) : fromSegments(submitted);
  const speakers = new Set(segments.map((s) => s.speaker).filter((s): s is string => s !== null));
  if (repSpeaker !== undefined && !speakers.has(repSpeaker)) {
    const known = [...speakers].slice(0, 10).map((s) => JSON.stringify(s)).join(', ') || 'none';
    throw invalid(`repSpeaker names no speaker of the transcript (speakers: ${known}).`, [
      { in: 'body', field: 'repSpeaker', message: `repSpeaker must be one of the transcript's speakers (${known})` },
    ]);
  }
  return {
    provider: 'submitted',
    language: null,
    durationMs: Math.max(0, ...segments.map((s) => s.endMs)),
    segments,
    speakerAttribution: 'transcript',
    ...(repSpeaker !== undefined ? { repSpeaker } : {}),
  };
}

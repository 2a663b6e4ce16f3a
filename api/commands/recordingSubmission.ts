import { WebVTTParser, type TreeNode } from 'webvtt-parser';
import type { Transcript, TranscriptSegment } from '../../common/transcript';
import { parseOutboundUrl, UnsupportedUrlError } from '../../common/outbound';
import { badRequest, type ErrorDetail } from '../errors';
import type { RecordingSubmission } from '../schemas/recordings';

// The rules of a POST /api/recording body beyond each field's own schema (api/schemas/recordings.ts),
// all here: audio (recordingPresignedUrl, a URL the worker may fetch) or a transcript, exactly one;
// storeRecording and repChannel only with audio, repSpeaker only with a transcript and naming one of its
// speakers; the transcript itself well-formed. Each broken rule is a 400 naming its field.
//
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
  const parsed = new WebVTTParser(VTT_ENTITIES).parse(text, 'metadata');
  if (parsed.errors.length > 0) {
    const [first] = parsed.errors;
    throw invalid(
      `transcript is not valid WebVTT: line ${first.line}: ${first.message}`,
      parsed.errors
        .slice(0, 20)
        .map((e) => ({ in: 'body', field: 'transcript', message: `line ${e.line}: ${e.message}` })),
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
      { in: 'body', field: 'transcript', message: 'transcript has no cue with text' },
    ]);
  return segments;
}

function fromSegments(list: Exclude<SubmittedTranscript, string>): TranscriptSegment[] {
  const details: ErrorDetail[] = [];
  list.forEach((s, i) => {
    if (s.end < s.start)
      details.push({
        in: 'body',
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
    throw invalid('transcript has no spoken text.', [
      { in: 'body', field: 'transcript', message: 'every segment is empty' },
    ]);
  // Callers' exports are not always in time order; the conversation is.
  return segments
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.startMs - b.s.startMs || a.i - b.i)
    .map(({ s }) => s);
}

/** The submitted transcript as a Transcript, or a 400 naming what is wrong. */
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

const problem = (field: string, message: string): ErrorDetail => ({ in: 'body', field, message });

/** Audio or a transcript, exactly one, and the options that go with each. */
function checkSource(body: RecordingSubmission): void {
  const problems: ErrorDetail[] = [];
  const hasUrl = body.recordingPresignedUrl !== undefined;
  const hasTranscript = body.transcript !== undefined;
  if (hasUrl === hasTranscript) {
    problems.push(
      problem(
        hasUrl ? 'transcript' : 'recordingPresignedUrl',
        'exactly one of recordingPresignedUrl and transcript is required',
      ),
    );
  } else if (hasTranscript) {
    if (body.storeRecording)
      problems.push(
        problem('storeRecording', 'storeRecording must be false with a transcript (there is no file to store)'),
      );
    if (body.repChannel !== undefined)
      problems.push(problem('repChannel', 'repChannel applies to audio; name the rep of a transcript with repSpeaker'));
  } else if (body.repSpeaker !== undefined) {
    problems.push(
      problem('repSpeaker', 'repSpeaker applies to a transcript; name the rep of a stereo recording with repChannel'),
    );
  }
  if (problems.length > 0)
    throw badRequest('validation_failed', problems.map((p) => p.message).join('; ') + '.', problems);
}

/** A URL the worker's outbound rules would refuse is refused now, not after the recording was accepted. */
function checkFetchable(url: string): void {
  try {
    parseOutboundUrl(url);
  } catch (err) {
    if (!(err instanceof UnsupportedUrlError)) throw err;
    throw badRequest('validation_failed', `recordingPresignedUrl cannot be fetched: ${err.message}.`, [
      problem('recordingPresignedUrl', `recordingPresignedUrl: ${err.message}`),
    ]);
  }
}

/**
 * Every rule of a submission that its schema cannot say; throws the 400. Answers the submitted transcript
 * parsed (null for audio), which the recording keeps as its transcript.
 */
export function validateRecordingSubmission(body: RecordingSubmission): { transcript: Transcript | null } {
  checkSource(body);
  if (body.recordingPresignedUrl !== undefined) checkFetchable(body.recordingPresignedUrl);
  return { transcript: body.transcript !== undefined ? toSubmittedTranscript(body.transcript, body.repSpeaker) : null };
}

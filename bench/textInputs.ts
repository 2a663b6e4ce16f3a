import { BODY_LIMIT_BYTES } from '../api/app';
import type { Transcript, TranscriptSegment } from '../common/transcript';
import { MAX_CUE_TAG_DEPTH, MAX_TRANSCRIPT_TEXT_CHARS } from '../common/transcriptLimits';
import { labelledUtterances } from './redactionAccuracy';
import { customerLines, repLines } from './seedContent';

// The inputs of `npm run bench -- text` (bench/text.ts): each text path's input as the text it arrives as
// (a request body, WebVTT, a transcript as its JSON payload, a provider's answer), built up to a size in
// bytes from "talk" (a sales call's lines, every eighth one a labelled utterance with personal data, so
// the redaction rules find something) or from one of issue 49's hostile shapes repeated.

/** The hostile shapes of issue 49, each a unit repeated until the text is long enough. */
export const HOSTILE = {
  digits: '0, ',
  hi: 'Hi. ',
  dots: 'ab.cd.',
  spokenDots: 'a dot ',
  ssn: '[SSN] ',
  doYou: 'do you ',
  apostrophes: "'",
  questionMarks: '?',
  tags: `${'<c>'.repeat(MAX_CUE_TAG_DEPTH - 2)}x${'</c>'.repeat(MAX_CUE_TAG_DEPTH - 2)}`,
} as const;

export type Shape = 'talk' | keyof typeof HOSTILE;

/** The largest body the API reads (api/app.ts) and the longest transcript its schema accepts. */
export const REQUEST_LARGEST = BODY_LIMIT_BYTES;
const TRANSCRIPT_MAX_CHARS = 1_000_000;
/**
 * Provider answers have no byte limit of ours (activities/providerHttp.ts reads the whole body): the largest
 * a provider would send is a 4-hour call (RECORDING_MAX_DURATION) with every word timed twice (Deepgram's
 * channel words and utterance words), some 36,000 words of ~150 bytes each: ~11 MB. 16 MiB is above it.
 */
export const PROVIDER_LARGEST = 16 * 1024 * 1024;

/** A sales call's lines, from a seeded sequence: the same text every run. */
function talkLines(count: number): string[] {
  const pii = labelledUtterances().filter((u) => u.pii.length > 0);
  const lines: string[] = [];
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let i = 0; i < count; i += 1) {
    if (i % 8 === 7) lines.push(pii[next(pii.length)].text);
    else lines.push(i % 2 === 0 ? repLines[next(repLines.length)] : customerLines[next(customerLines.length)]);
  }
  return lines;
}

/** Lines of `shape` whose texts add up to about `chars`: talk's own lines, or units up to `lineChars` a line. */
function linesOf(shape: Shape, chars: number, lineChars: number): string[] {
  if (shape === 'talk') {
    const lines = talkLines(Math.ceil(chars / 40) + 1);
    const kept: string[] = [];
    let total = 0;
    for (const line of lines) {
      if (total + line.length > chars && kept.length > 0) break;
      kept.push(line);
      total += line.length + 1;
    }
    return kept;
  }
  const unit = HOSTILE[shape];
  const lines: string[] = [];
  for (let left = chars; left > 0; left -= lineChars) {
    const n = Math.max(1, Math.floor(Math.min(left, lineChars) / unit.length));
    lines.push(unit.repeat(n).trim() || unit);
  }
  return lines;
}

const two = (n: number): string => String(n).padStart(2, '0');
const vttTime = (s: number): string =>
  `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}.000`;

/** WebVTT of `shape` within `bytes` (and the schema's 1,000,000 characters); a hostile cue is as long as allowed. */
export function webVtt(shape: Shape, bytes: number): string {
  const limit = Math.min(bytes, TRANSCRIPT_MAX_CHARS);
  const header = 'WEBVTT\n\n';
  const cue = (i: number, text: string): string =>
    `${vttTime(i * 5)} --> ${vttTime(i * 5 + 4)}\n<v ${i % 2 === 0 ? 'Rep' : 'Customer'}>${text}\n\n`;
  // A cue costs its text plus ~50 characters: aim the lines at what is left.
  const lines = linesOf(shape, limit, MAX_TRANSCRIPT_TEXT_CHARS - 100);
  let out = header;
  for (let i = 0; i < lines.length; i += 1) {
    const room = limit - out.length - cue(i, '').length;
    if (room <= 0) break;
    out += cue(i, lines[i].length > room ? lines[i].slice(0, room).trim() || 'x' : lines[i]);
  }
  return out;
}

/** A recording submission's JSON body carrying a WebVTT transcript, within `bytes` and the body limit. */
export function requestBody(shape: Shape, bytes: number): string {
  const body = (transcript: string): string =>
    JSON.stringify({
      userUniqueIdentifier: 'rep-1',
      userName: 'Rep One',
      storeRecording: false,
      redactPii: true,
      transcript,
    });
  const limit = Math.min(bytes, REQUEST_LARGEST);
  // JSON escapes each newline: shrink the transcript until the body fits.
  let vttBytes = limit;
  let text = body(webVtt(shape, vttBytes));
  while (Buffer.byteLength(text) > limit) {
    vttBytes = Math.floor(vttBytes * (limit / Buffer.byteLength(text)) * 0.999);
    text = body(webVtt(shape, vttBytes));
  }
  return text;
}

/** Segments of `shape`: talk as a call's lines five seconds apart; a hostile shape as one segment (provider text). */
function segmentsOf(shape: Shape, chars: number): TranscriptSegment[] {
  const lines = linesOf(shape, chars, chars);
  return lines.map((text, i) => ({ startMs: i * 5000, endMs: i * 5000 + 4500, text, speaker: String(i % 2) }));
}

/** A JSON text built from some characters of lines, scaled until it is within `bytes` (and near it). */
function sized(bytes: number, build: (chars: number) => string): string {
  // Start small: an answer with every word timed is many times its text.
  let chars = Math.min(bytes, 20_000);
  let text = build(chars);
  for (let i = 0; i < 12; i += 1) {
    const length = Buffer.byteLength(text);
    if (length <= bytes && length >= bytes * 0.9) break;
    const next = Math.max(1, Math.floor(chars * ((bytes * 0.97) / length)));
    if (next === chars) break;
    chars = next;
    text = build(chars);
  }
  return text;
}

/** A transcript as the worker's steps receive it (a payload's JSON), within `bytes`. */
export function transcriptJson(shape: Shape, bytes: number): string {
  return sized(Math.min(bytes, TRANSCRIPT_MAX_CHARS), (chars) => {
    const segments = segmentsOf(shape, chars);
    const t: Transcript = { provider: 'deepgram', language: 'en', durationMs: segments.length * 5000, segments };
    return JSON.stringify(t);
  });
}

type Provider = 'openai' | 'deepgram' | 'assemblyai';

/** Each word of a segment with its times, as the provider's answers time them (seconds or milliseconds). */
function wordsOf(s: TranscriptSegment): Array<{ text: string; start: number; end: number }> {
  if (s.text.length > 200) return []; // a hostile segment: one run of text, no words
  const words = s.text.split(' ');
  const step = (s.endMs - s.startMs) / words.length;
  return words.map((w, k) => ({ text: w, start: s.startMs + k * step, end: s.startMs + (k + 1) * step }));
}

/** A provider's answer as its published API shapes it (the contracts in /work/shared/contracts), within `bytes`. */
export function providerAnswer(provider: Provider, shape: Shape, bytes: number): string {
  return sized(Math.min(bytes, PROVIDER_LARGEST), (chars) => {
    const segments = segmentsOf(shape, chars);
    const duration = (segments.at(-1)?.endMs ?? 0) / 1000;
    const text = segments.map((s) => s.text).join(' ');
    if (provider === 'openai') {
      return JSON.stringify({
        task: 'transcribe',
        language: 'english',
        duration,
        text,
        segments: segments.map((s, id) => ({
          id,
          seek: 0,
          start: s.startMs / 1000,
          end: s.endMs / 1000,
          text: ` ${s.text}`,
          tokens: [50364, 2421, 11, 50414],
          temperature: 0,
          avg_logprob: -0.21,
          compression_ratio: 1.4,
          no_speech_prob: 0.01,
        })),
      });
    }
    if (provider === 'deepgram') {
      const words = (s: TranscriptSegment) =>
        wordsOf(s).map((w) => ({
          word: w.text.toLowerCase(),
          start: w.start / 1000,
          end: w.end / 1000,
          confidence: 0.98,
          speaker: Number(s.speaker),
          speaker_confidence: 0.9,
          punctuated_word: w.text,
        }));
      return JSON.stringify({
        metadata: { request_id: 'r-1', duration, channels: 1, models: ['m-1'] },
        results: {
          channels: [{ alternatives: [{ transcript: text, confidence: 0.98, words: segments.flatMap(words) }] }],
          utterances: segments.map((s, id) => ({
            start: s.startMs / 1000,
            end: s.endMs / 1000,
            confidence: 0.98,
            channel: 0,
            transcript: s.text,
            words: words(s),
            speaker: Number(s.speaker),
            id: `u-${id}`,
          })),
        },
      });
    }
    const speaker = (s: TranscriptSegment): string => (s.speaker === '0' ? 'A' : 'B');
    const words = (s: TranscriptSegment) =>
      wordsOf(s).map((w) => ({
        text: w.text,
        start: Math.round(w.start),
        end: Math.round(w.end),
        confidence: 0.98,
        speaker: speaker(s),
      }));
    return JSON.stringify({
      id: 't-1',
      status: 'completed',
      language_code: 'en_us',
      audio_duration: duration,
      text,
      words: segments.flatMap(words),
      utterances: segments.map((s) => ({
        speaker: speaker(s),
        text: s.text,
        start: s.startMs,
        end: s.endMs,
        confidence: 0.98,
        words: words(s),
      })),
    });
  });
}

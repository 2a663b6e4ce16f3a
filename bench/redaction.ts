import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeBuiltin } from '../activities/analysis/builtin';
import { silenceSpans } from '../activities/media/silence';
import { redactTranscript, withoutWords, type RedactedSpan } from '../common/redaction';
import type { Transcript, TranscriptSegment } from '../common/transcript';
import { BENCH_CALL } from './endToEnd';
import { recordingCall } from './recordingCall';
import { childCpu } from './recordingFloor';
import { labelledUtterances } from './redactionAccuracy';
import { cpuPerRecording, readCpu } from './processCpu';
import { sharedPids } from './endToEndRuns';
import { modes } from './modes';
import { forgetEarlierRecordings, seedBench } from './seed';
import { startApi, startStack, startWorker, teardown, withBuiltServiceAndDatabase } from './stack';
import { httpApi } from './httpApi';
import { allCompleted, submitMany, transcriptSubmission } from '../test/support/fairnessScenario';
import { f, table } from './textTable';

// Issue 45 §4: what `redactPii` costs a recording (`npm run bench -- redaction [--minutes 2,25] [--runs 30]`).
//
// Transcript: the worker's transcript step (activities/media/mediaActivities.ts) with redaction
// (`withoutWords(redactTranscript(t))`) against without (`withoutWords(t)`), on a call of M minutes
// whose every fifth line is a labelled utterance with personal data (test/fixtures/redaction/), timed
// word by word as a provider gives it (the built-in analysis of the same transcript beside it, for
// scale). The end to end prices it: submitted transcripts of the 2-minute call through the real API and
// worker, with `redactPii` and without, CPU per recording of every process from /proc.
// Audio: the silencing ffmpeg pass (activities/media/silence.ts) over the M-minute call with the spans
// the transcript step found, against one bare decode of the same file (`ffmpeg -i <file> -f null -`),
// each child's CPU as bash's `times` reports it (bench/recordingFloor.ts).

interface Options {
  minutes: number[];
  runs: number;
  /** Submitted transcripts per arm of the end to end (0: none). */
  transcripts: number;
}

function options(): Options {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      minutes: { type: 'string', default: '2,25' },
      runs: { type: 'string', default: '30' },
      transcripts: { type: 'string', default: '200' },
    },
  });
  const minutes = values.minutes.split(',').map(Number);
  const runs = Number(values.runs);
  const transcripts = Number(values.transcripts);
  if (minutes.some((m) => !(m > 0)) || !(runs >= 1) || !(transcripts >= 0))
    throw new Error('--minutes M[,M…] and --runs N are positive, --transcripts N at least 0');
  return { minutes, runs, transcripts };
}

/** BENCH_CALL's lines repeated for `minutes`, every fifth one a labelled utterance with personal data. */
export function callTranscript(minutes: number): Transcript {
  const withPii = labelledUtterances().filter((u) => u.pii.length > 0);
  const segments: TranscriptSegment[] = [];
  const lineMs = 5000;
  for (let i = 0; i * lineMs < minutes * 60_000; i += 1) {
    const text = i % 5 === 4 ? withPii[i % withPii.length].text : BENCH_CALL[i % BENCH_CALL.length].text;
    const startMs = i * lineMs;
    const parts = text.split(/\s+/);
    const step = (lineMs - 500) / parts.length;
    segments.push({
      startMs,
      endMs: startMs + lineMs - 500,
      text,
      speaker: String(i % 2),
      words: parts.map((w, k) => ({
        startMs: Math.round(startMs + k * step),
        endMs: Math.round(startMs + (k + 1) * step),
        text: w,
      })),
    });
  }
  return { provider: 'openai', language: 'en', durationMs: minutes * 60_000, segments };
}

/** CPU milliseconds (user + system) of this process per call of `fn`, over `runs` calls. */
function cpuMsPerCall(fn: () => unknown, runs: number): number {
  fn(); // warm: the first call compiles the rule set's regular expressions
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i += 1) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

export interface RedactionCost {
  minutes: number;
  spans: number;
  transcriptStepMs: { without: number; with: number };
  analysisMs: number;
  audio: { silenceCpuS: number; decodeCpuS: number; ratio: number };
}

async function measure(minutes: number, runs: number): Promise<RedactionCost> {
  const transcript = callTranscript(minutes);
  const redacted = redactTranscript(transcript);
  const spans: RedactedSpan[] = redacted.redactions ?? [];
  const without = cpuMsPerCall(() => withoutWords(transcript), runs);
  const withRedaction = cpuMsPerCall(() => withoutWords(redactTranscript(transcript)), runs);
  const input = {
    transcript: withoutWords(transcript),
    scorecard: null,
    passingScore: 70,
    customerName: null,
    language: 'en' as const,
  };
  const analysisMs = cpuMsPerCall(() => analyzeBuiltin(input), Math.max(3, Math.round(runs / 3)));

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-redaction-'));
  try {
    const file = path.join(dir, 'call.mp3');
    await writeFile(file, recordingCall(minutes).audio);
    const audioRuns = 3;
    let silence = 0;
    let decode = 0;
    for (let i = 0; i < audioRuns; i += 1) {
      const before = childrenCpuS();
      await silenceSpans(file, spans, dir);
      silence += childrenCpuS() - before;
      decode += await childCpu('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-']);
    }
    silence /= audioRuns;
    decode /= audioRuns;
    return {
      minutes,
      spans: spans.length,
      transcriptStepMs: { without, with: withRedaction },
      analysisMs,
      audio: { silenceCpuS: silence, decodeCpuS: decode, ratio: silence / decode },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** CPU seconds of this process's ended children: /proc/self/stat's cutime + cstime (fields 16, 17), in ticks. */
function childrenCpuS(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export async function main(): Promise<void> {
  const opts = options();
  const rows: RedactionCost[] = [];
  for (const minutes of opts.minutes) rows.push(await measure(minutes, opts.runs));
  console.log(
    `Redaction (redactPii) per recording, CPU of this process (transcript, mean of ${opts.runs}) and of ffmpeg (audio, mean of 3); load average ${os.loadavg()[0].toFixed(2)}\n`,
  );
  const e2e = opts.transcripts > 0 ? await transcriptEndToEnd(opts.transcripts) : undefined;
  if (e2e)
    console.log(
      `Submitted transcripts of a 2-minute call through the API and one worker, ${opts.transcripts} × 2 each way (alternated), CPU per recording (api + worker + temporal + mariadb, /proc): without ${f(e2e.without * 1000, 1)} ms, with redactPii ${f(e2e.with * 1000, 1)} ms (${f((e2e.with / e2e.without - 1) * 100, 1)} %)\n`,
    );
  console.log(
    table(
      [
        'call',
        'spans',
        'step ms without',
        'step ms with',
        'analysis ms',
        'step added / e2e recording',
        'silence CPU s',
        'decode CPU s',
        'silence / decode',
      ],
      rows.map((r) => [
        `${r.minutes} min`,
        String(r.spans),
        f(r.transcriptStepMs.without, 2),
        f(r.transcriptStepMs.with, 2),
        f(r.analysisMs, 1),
        e2e ? `${f(((r.transcriptStepMs.with - r.transcriptStepMs.without) / (e2e.without * 1000)) * 100, 1)} %` : '—',
        f(r.audio.silenceCpuS, 3),
        f(r.audio.decodeCpuS, 3),
        f(r.audio.ratio, 2),
      ]),
    ),
  );
}

/** The 2-minute call as a submitted transcript (segments), as an integration posts it. */
const submittedCall = () =>
  callTranscript(2).segments.map((s) => ({
    start: s.startMs / 1000,
    end: s.endMs / 1000,
    speaker: s.speaker === '0' ? 'Dana Reyes' : 'Jordan Lee',
    text: s.text,
  }));

/** CPU seconds per submitted transcript recording of the stack's processes, without and with redactPii. */
async function transcriptEndToEnd(count: number): Promise<{ without: number; with: number }> {
  const databaseUrl = 'mysql://root@127.0.0.1:3306/sp_bench_smoke';
  return withBuiltServiceAndDatabase(databaseUrl, async (db) => {
    const stack = await startStack(databaseUrl, undefined, undefined);
    try {
      const data = await seedBench(databaseUrl, modes.smoke.counts, () => undefined);
      await forgetEarlierRecordings(databaseUrl, data.companyId);
      const api = await startApi(stack, 'api');
      const worker = await startWorker(stack, 'worker');
      const pids = { ...(await sharedPids(stack, api.process.pid)), worker: worker.pid };
      const apart = Object.keys(pids).filter((k) => !COUNTED.has(k));
      const arm = async (redactPii: boolean): Promise<number> => {
        const before = await readCpu(pids);
        const body = transcriptSubmission({
          userUniqueIdentifier: 'bench-redaction',
          userName: 'Dana Reyes',
          repSpeaker: 'Dana Reyes',
          transcript: submittedCall(),
          redactPii,
        });
        // Watched in MySQL, not through the API: the waiting costs the measured processes nothing.
        await allCompleted(db, await submitMany(httpApi(api.url), data.apiKey, count, body), 600_000);
        return cpuPerRecording(before, await readCpu(pids), count, apart).total;
      };
      await arm(false); // warm: JIT, pools and caches as a running service has them
      // Alternated, so that a drift of the machine's load falls on both arms alike.
      const without: number[] = [];
      const withRedaction: number[] = [];
      for (let round = 0; round < 2; round += 1) {
        without.push(await arm(false));
        withRedaction.push(await arm(true));
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      return { without: mean(without), with: mean(withRedaction) };
    } finally {
      await teardown(stack);
    }
  });
}

const COUNTED = new Set(['api', 'worker', 'temporal', 'mariadb']);

import { parentPort, workerData } from 'node:worker_threads';
import { analyzeBuiltin } from '../../activities/analysis/builtin';
import type { Transcript } from '../../activities/stt/transcript';

// Run in a worker thread with a small heap by test/recordings/analysisCost.test.ts: the built-in
// analysis of one rep line of each shape, `size` characters long. Reaching the heap limit ends the
// worker with ERR_WORKER_OUT_OF_MEMORY; finishing posts what was found, shape by shape.

const { units, size } = workerData as { units: string[]; size: number };
for (const unit of units) {
  const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const transcript: Transcript = {
    provider: 'deepgram',
    language: null,
    durationMs: 2000,
    speakerAttribution: 'diarization',
    segments: [
      { startMs: 0, endMs: 1000, speaker: 'Rep', text },
      { startMs: 1000, endMs: 2000, speaker: 'Jordan Lee', text: 'Hi, this is Jordan.' },
    ],
  };
  const analysis = analyzeBuiltin({
    transcript,
    scorecard: null,
    passingScore: 70,
    customerName: null,
    language: 'en',
  });
  parentPort!.postMessage({ unit, numQuestions: analysis.numQuestions, heapUsed: process.memoryUsage().heapUsed });
}

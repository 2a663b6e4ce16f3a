import { readFileSync } from 'node:fs';
import { GCProfiler } from 'node:v8';
import { cpuMsPerCall } from '../test/support/growth';
import { isTextPath, TEXT_PATHS } from './textPaths';

// One text path measured on inputs of growing size, in a process of its own (bench/text.ts starts it):
// `node --import tsx --expose-gc bench/textChild.ts <path> cpu|memory <file>…`; prints one JSON line.
//   cpu     CPU milliseconds of one call (process.cpuUsage, the best of three, as test/support/growth.ts)
//   memory  the peak of the heap's used bytes above where it stood before the call (the input loaded, a full
//           collection done): the largest `usedHeapSize` before any collection during the call (v8's
//           GCProfiler) or at its end, the result still held. Run with a 1 MiB young generation
//           (--max-semi-space-size=1), so garbage that was never live adds at most ~2 MiB to a peak.

export interface TextMeasure {
  bytes: number;
  cpuMs?: number;
  peakHeapBytes?: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function peakHeap(work: () => unknown): number {
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  const result = work();
  const atEnd = process.memoryUsage().heapUsed;
  const stats = profiler.stop()?.statistics ?? [];
  const peak = Math.max(atEnd, ...stats.map((s) => s.beforeGC.heapStatistics.usedHeapSize));
  if (result === undefined) throw new Error('the path returned nothing');
  return Math.max(0, peak - before);
}

function main(): void {
  const [name, mode, ...files] = process.argv.slice(2);
  if (!isTextPath(name) || (mode !== 'cpu' && mode !== 'memory')) throw new Error(`bad arguments: ${name} ${mode}`);
  const work = TEXT_PATHS[name];
  const out: TextMeasure[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const bytes = Buffer.byteLength(text);
    work(text); // warm: compile, and prove the input is accepted (a path throws on one it refuses)
    out.push(
      mode === 'cpu'
        ? { bytes, cpuMs: cpuMsPerCall(() => work(text)) }
        : { bytes, peakHeapBytes: peakHeap(() => work(text)) },
    );
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main();

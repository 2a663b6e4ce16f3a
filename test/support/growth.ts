import { expect } from 'chai';

// How a cost grows with its input, for the tests that hold hostile input to a linear bound: CPU time
// (process.cpuUsage: what this process spent, not what the loaded machine's other processes took) at
// 10x the size against 1x, each the best of three runs. A loaded machine (or a garbage collection landing
// in one measurement) can only make a linear cost look worse, never a quadratic one (100x) look linear,
// so the comparison is tried up to five times and the best ratio counts.

/** CPU milliseconds of one call of `work`, repeated until enough time is measured; the best of `runs`. */
export function cpuMsPerCall(work: () => void, runs = 3): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    let calls = 0;
    const started = process.cpuUsage();
    let spent: number;
    do {
      work();
      calls++;
      const used = process.cpuUsage(started);
      spent = (used.user + used.system) / 1000;
    } while (spent < 5 && calls < 1000);
    best = Math.min(best, spent / calls);
  }
  return best;
}

/**
 * Asserts `work` at 10x the size costs at most `ratio` times its cost at 1x (linear, with room for noise and
 * n log n). 25 by default: full runs here measured linear paths at 15.1-15.6x (the larger input's allocation and
 * garbage), and CI, loaded by the whole suite, once 21.8x at best of five (escapeVtt, a replace per whitespace
 * run); a quadratic cost is 100x, so 25 still fails one by four times. `make` builds the inputs outside the
 * timing. Sizes should make the 1x run cost a millisecond or more.
 */
export function expectLinearGrowth<T>(
  label: string,
  make: (size: number) => T,
  work: (input: T) => void,
  size: number,
  ratio = 25,
  /** Below this a measure at 1x is timer noise: taken as at least this long. */
  floorMs = 1 / 15,
): { small: number; large: number } {
  const smallInput = make(size);
  const largeInput = make(size * 10);
  // Warm both: compile and inline, and let the heap grow to the large input's size, before measuring.
  work(smallInput);
  work(largeInput);
  let best = { small: 0, large: Infinity };
  for (let attempt = 0; attempt < 5; attempt++) {
    const small = cpuMsPerCall(() => work(smallInput));
    const large = cpuMsPerCall(() => work(largeInput));
    if (large / Math.max(small, 0.1) < best.large / Math.max(best.small, 0.1)) best = { small, large };
    if (large <= Math.max(small, floorMs) * ratio) break;
  }
  const { small, large } = best;
  expect(large, `${label}: ${small.toFixed(3)} ms at ${size}, ${large.toFixed(3)} ms at ${size * 10}`).to.be.at.most(
    Math.max(small, floorMs) * ratio,
  );
  return best;
}

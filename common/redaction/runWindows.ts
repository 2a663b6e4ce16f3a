import { type DigitToken, digitsOf } from './digitToken';
import type { TextSpan } from './kinds';
import type { Window } from './runShape';

// The windows of a digit run that common/redaction/numbers.ts reads as values: every window of whole tokens up to a
// value's length, a long run read in overlapping pieces, and which windows lie between the run's pauses. Each is
// built once per run: the tests per window stay in numbers.ts, with no closure made per window.

/** The most digits a value found in a run can have (a card: 19; a phone number: 15; an account: 18). */
export const MAX_DIGITS = 19;

/**
 * The windows of whole tokens of a run no longer than MAX_DIGITS, by their number of digits (each
 * length's in text order): at most MAX_DIGITS windows start at each token, so a run of n tokens costs
 * O(n), not the cubic cost of every sub-window (issue 49: a 4 KB digit list took a worker down).
 */
export function windows(run: DigitToken[]): Window[][] {
  const byLength: Window[][] = Array.from({ length: MAX_DIGITS + 1 }, () => []);
  // Each window's digits are a slice of the run's, not a string built up token by token (flattened at each test).
  const all = digitsOf(run);
  let from = 0;
  for (let i = 0; i < run.length; from += run[i].digits.length, i += 1) {
    let to = from;
    for (let j = i; j < run.length; j += 1) {
      to += run[j].digits.length;
      const length = to - from;
      if (length > MAX_DIGITS) break;
      // Nothing shorter than a CVV is personal data.
      if (length >= 3) byLength[length].push({ i, j, digits: all.slice(from, to) });
    }
  }
  return byLength;
}

/** Tokens of a run read together: a run longer than this is a list, read in overlapping pieces. */
const RUN_PIECE = 256;

/**
 * A run as pieces of at most RUN_PIECE tokens, each overlapping the next by MAX_DIGITS tokens, so every window
 * (at most MAX_DIGITS tokens of at least a digit each) lies whole in one piece. A run of a provider's 300,000
 * "0, 0, …" otherwise held all its windows and contexts at once: hundreds of MB for one segment (issue 49).
 * A value found in two pieces' overlap is found twice, at the same place; the claim keeps one.
 */
export function chunksOf(run: DigitToken[]): DigitToken[][] {
  if (run.length <= RUN_PIECE) return [run];
  const pieces: DigitToken[][] = [];
  for (let from = 0; ; from += RUN_PIECE - MAX_DIGITS) {
    pieces.push(run.slice(from, from + RUN_PIECE));
    if (from + RUN_PIECE >= run.length) return pieces;
  }
}

/** A window that starts and ends at the run's pauses (or its ends). */
export const aligned = (paused: boolean[], w: Window): boolean =>
  (w.i === 0 || paused[w.i - 1]) && (w.j === paused.length - 1 || paused[w.j]);

/** Marks the tokens of `run` inside `found` (sorted) as taken, and recounts `takenBefore`: one sweep, linear. */
export function takeFound(run: DigitToken[], found: TextSpan[], taken: boolean[], takenBefore: number[]): void {
  let f = 0;
  for (let k = 0; k < run.length; k += 1) {
    while (f < found.length && found[f].end <= run[k].start) f += 1;
    if (f < found.length && found[f].start <= run[k].start && run[k].end <= found[f].end) taken[k] = true;
    takenBefore[k + 1] = takenBefore[k] + (taken[k] ? 1 : 0);
  }
}

import type { DigitToken } from './digitToken';
import type { RunContext } from './runContext';

// How a window of a digit run was said (common/redaction/numbers.ts): where its pauses fall and whether a
// month ends on a token's end. Read from the tokens only, never the text's length.

/** A window of whole tokens i..j of a run, and the digits they hold. */
export interface Window {
  i: number;
  j: number;
  digits: string;
}

/** The digits said between the pauses (commas) of a run, as "3-2-4". */
export function pausedGroups(text: string, run: DigitToken[]): string {
  const groups = [run[0].digits.length];
  for (let k = 1; k < run.length; k += 1) {
    if (text.slice(run[k - 1].end, run[k].start).includes(',')) groups.push(0);
    groups[groups.length - 1] += run[k].digits.length;
  }
  return groups.join('-');
}

/** Whether the window's first one or two digits (its month) are whole tokens, or it is one written token. */
export function monthEndsAToken(run: DigitToken[], w: Window): boolean {
  if (w.i === w.j) return true;
  const first = run[w.i].digits.length;
  const month = w.digits.length - (/^(0?[1-9]|1[0-2])20\d{2}$/.test(w.digits) ? 4 : 2);
  return first === month || (first === 1 && month === 2 && run[w.i + 1].digits.length === 1);
}

/** Whether every token of the window said with a magnitude is a number of three digits with "hundred". */
export function hundredsOnly(run: DigitToken[], w: Window): boolean {
  for (let k = w.i; k <= w.j; k += 1) if (run[k].magnitude && !run[k].hundreds) return false;
  return true;
}

/**
 * The written shape of a window: its tokens joined by what stands between them. A token that took over a
 * correction ("212 555 0198. Sorry, 212 555 0189") is read from its own digits on, so the corrected number
 * has its shape ("212 555 0189").
 */
export function shapeOf(
  text: string,
  run: DigitToken[],
  w: Window,
  around: RunContext,
  from = run[w.i].saidFrom ?? run[w.i].start,
): string {
  // Most runs hold no correction: one slice.
  if (!around.mended) return text.slice(from, run[w.j].end);
  let shape = text.slice(from, run[w.i].end);
  for (let k = w.i + 1; k <= w.j; k += 1)
    shape += text.slice(run[k - 1].end, run[k].start) + text.slice(run[k].saidFrom ?? run[k].start, run[k].end);
  return shape;
}

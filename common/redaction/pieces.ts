import { digitsOf } from './digitToken';
import type { TranscriptSegment } from '../transcript';
import { digitRuns } from './digits';
import type { PiiKind, TextSpan } from './kinds';
import { heardIn } from './readBacks';

// A value dictated a group per turn, each group echoed by the other speaker, and read back whole at the end: "yeah
// four eight oh" / "okay" / "two two seven" / "two two seven" / "six six three nine" / "four eight oh two two seven six
// six three nine". The whole is found where it is read back; the groups said before it are found here, as pieces of
// a value found in the turns just after them (the thirty-seventh blind set, BENCHMARKS.md).

/** A turn that gives a piece is short: the group and a word or two. Longer turns are read by the rules themselves. */
const SHORT_TURN = 60;
/** How many turns after a piece the whole may be read back. */
const AHEAD = 6;
/** A piece is a group of a value: three to seven digits, of a value of at least seven. */
const MIN_PIECE = 3;
const MAX_PIECE = 7;
const MIN_VALUE = 7;

/** `spans`: each segment's spans found so far (sorted); adds the pieces found, in place. Linear in the turns. */
export function addPiecesBefore(segments: TranscriptSegment[], spans: TextSpan[][]): void {
  // Each segment's values, as digits, read only where a piece before it asks (a long segment is read once at most).
  const read = new Map<number, Array<{ digits: string; kind: PiiKind }>>();
  const valuesOf = (j: number) => {
    let values = read.get(j);
    if (!values) {
      values = heardIn(segments[j].text, spans[j]).filter((h) => h.digits.length >= MIN_VALUE);
      read.set(j, values);
    }
    return values;
  };
  for (let i = 0; i < segments.length; i += 1) {
    const text = segments[i].text;
    if (spans[i].length > 0 || text.length > SHORT_TURN || !valueAhead(spans, i)) continue;
    for (const run of digitRuns(text)) {
      const digits = digitsOf(run);
      if (digits.length < MIN_PIECE || digits.length > MAX_PIECE) continue;
      const kind = pieceOf(digits, segments.length, spans, valuesOf, i);
      if (kind) spans[i].push({ start: run[0].start, end: run[run.length - 1].end, kind });
    }
    if (spans[i].length > 1) spans[i] = joined(spans[i].sort((a, b) => a.start - b.start));
  }
}

/** Whether a value was found in the AHEAD turns after turn `i`: else nothing of turn `i` is read. */
function valueAhead(spans: TextSpan[][], i: number): boolean {
  for (let j = i + 1; j < spans.length && j <= i + AHEAD; j += 1) if (spans[j].length > 0) return true;
  return false;
}

/** The kind of a value found in the AHEAD turns after turn `i` that holds `digits` as one of its groups, or null. */
function pieceOf(
  digits: string,
  count: number,
  spans: TextSpan[][],
  valuesOf: (j: number) => Array<{ digits: string; kind: PiiKind }>,
  i: number,
): PiiKind | null {
  for (let j = i + 1; j < count && j <= i + AHEAD; j += 1) {
    if (spans[j].length === 0) continue;
    for (const value of valuesOf(j)) if (value.digits.includes(digits)) return value.kind;
  }
  return null;
}

/** Overlapping spans as one (a run read two ways), of sorted spans. */
export function joined(spans: TextSpan[]): TextSpan[] {
  const out: TextSpan[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last && span.start < last.end) out[out.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else out.push(span);
  }
  return out;
}

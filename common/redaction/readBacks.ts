import { UNIT_AFTER } from './cardCodes';
import { digitRuns, type DigitToken } from './digits';
import { digitsOf } from './digitToken';
import type { PiiKind, TextSpan } from './kinds';
import { isProviderMark } from './providerMarks';

// A value read back later in the same text: "… okay reading back yours six one four oh two eight three three nine …",
// "Okay, so 6011 4882 0371 6593. Yes.", "… yes, zero four seven", or said two or three times back to back with no pause
// ("two eight four four one six six three five two eight four four one six six three five …"), as an engine without
// speaker turns or punctuation writes an agent's read-back. A run of digits whose digits are those of a value found
// elsewhere in the text (once, twice or three times over) is that value again. One pass over the text's runs, each
// looked up in a map of the values found: linear in the text.

/** At least this many figures, or three said in words ("zero four seven") or a code's (below). */
const MIN_DIGITS = 4;
const MIN_SPOKEN = 3;
/** From this long a value said again with a zero before it is mended, not an "oh" said before it. */
const MIN_MENDED = 7;
/** Said at most this many times over in one run. */
const TIMES = 3;

const amount = (text: string, start: number, end: number): boolean =>
  /[$£€¥₹]\s*$/.test(text.slice(Math.max(0, start - 2), start)) || UNIT_AFTER.test(text.slice(end, end + 16));

/** A value found earlier in the call, by its digits: a read-back or a correction of it may come turns later. */
export interface Heard {
  digits: string;
  kind: PiiKind;
}

/** How many of the values found last a part of one or a corrected one is compared with: bounded, so linear. */
const RECENT = 8;
/** A correction said around a run: "no, six, not five", "sorry, …, I flipped it", "the last two are flipped". */
const CORRECTED =
  /\b(?:no|not|sorry|wait|actually|flipped|switched|swapped|backwards|i mean|mistake|wrong|correction|oops|should be|instead)\b/;
const CUE_CHARS = 40;
/** A correction of a value's last group: "… at the end", "the last four are …". */
const LAST_GROUP = /\bat the end\b|\bthe last (?:four|group|part|digits|bit)\b/;
/** A value long enough that its first digits say which it is: an SSN's nine. */
const LONG = 9;

/** The digits of each value (not addresses, not the provider's marks) among `spans`, in order. */
export function heardIn(text: string, spans: TextSpan[]): Array<Heard & { end: number }> {
  const heard: Array<Heard & { end: number }> = [];
  for (const span of spans) {
    if (span.kind === 'email_address' || isProviderMark(text, span)) continue;
    // A run read more than one way (a restart, an echo) holds its tokens more than once: each place is read once.
    let digits = '';
    let readTo = -1;
    for (const token of digitRuns(text.slice(span.start, span.end))
      .flat()
      .sort((a, b) => a.start - b.start))
      if (token.start >= readTo) {
        digits += token.digits;
        readTo = token.end;
      }
    if (digits.length >= MIN_SPOKEN) heard.push({ digits, kind: span.kind, end: span.end });
  }
  return heard;
}

/** `long` without one of its digits is `short`: a digit said once too often ("you said an extra zero"), or left out. */
function oneDigitMore(long: string, short: string): boolean {
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && long[i] === short[i]) i += 1;
  return long.slice(i + 1) === short.slice(i);
}

/** One digit changed, added or left out, or two neighbours swapped: what a correction or a misread read-back changes. */
function nearly(a: string, b: string): boolean {
  // A short one's leading zero may be an "oh" said before it ("oh, one oh oh oh, sorry"): not a digit added.
  if (oneDigitMore(a, b) || oneDigitMore(b, a)) {
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    return short.length >= MIN_SPOKEN && (short.length >= MIN_MENDED || long[0] !== '0');
  }
  if (a.length !== b.length || a === b) return false;
  let first = -1;
  let differ = 0;
  for (let i = 0; i < a.length; i += 1)
    if (a[i] !== b[i]) {
      if (first < 0) first = i;
      differ += 1;
      if (differ > 2) return false;
    }
  return differ === 1 || (a[first] === b[first + 1] && a[first + 1] === b[first]);
}

/**
 * The kind of `digits` as part of a value heard just before ("ending in 2216" after the SSN, "five one two" read back
 * as a phone's first group), or as one corrected (a digit changed or two swapped, with "no", "sorry", "flipped" said
 * around it): the whole value or the same length of its end. A card's own last four is no secret: only corrected.
 */
function partKind(
  digits: string,
  written: boolean,
  corrected: boolean,
  recent: Heard[],
  atTheEnd = false,
): PiiKind | null {
  const least = written ? MIN_DIGITS : MIN_SPOKEN;
  if (digits.length < least) return null;
  for (let k = recent.length - 1; k >= 0; k -= 1) {
    const { digits: value, kind } = recent[k];
    // "Let me read that back: 5161 5605 8932 5826" after "5161 5605 8923 5826": a long value read back whole with one
    // digit misread or two swapped is that value, corrected or not.
    if (digits.length >= LONG && nearly(digits, value)) return kind;
    if (value.length <= digits.length && !corrected) continue;
    const end = value.slice(-digits.length);
    if (corrected && (nearly(digits, value) || nearly(digits, end) || end === digits)) return kind;
    // "no wait, five eight nine nine at the end": a long value's last group given anew.
    if (corrected && atTheEnd && digits.length <= 4 && value.length >= LONG) return kind;
    // Read back with its last group changed ("three seven two, four one, five eight nine nine" after the caller's
    // "… at the end"): a long value whose digits but the last four are the same.
    if (digits.length === value.length && digits.length >= LONG && digits.slice(0, -4) === value.slice(0, -4))
      return kind;
    if (corrected || kind === 'credit_card_number' || value.length <= digits.length) continue;
    if (end === digits || value.startsWith(digits)) return kind;
  }
  return null;
}

/** The kind of a value found whose digits `digits` are, said once, twice or three times over. */
function sayingOf(digits: string, found: Map<string, PiiKind>): PiiKind | undefined {
  for (let times = 1; times <= TIMES; times += 1) {
    if (digits.length % times !== 0) continue;
    const once = digits.slice(0, digits.length / times);
    if (once.length >= MIN_SPOKEN && once.repeat(times) === digits && found.has(once)) return found.get(once);
  }
  return undefined;
}

/** Whether every span meeting [start, end) lies within it (spans sorted, none overlapping: two binary searches). */
function piecesWithin(spans: TextSpan[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  if (lo < spans.length && spans[lo].start < start) return false;
  lo = 0;
  hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].start < end) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 || spans[lo - 1].end <= end;
}

/**
 * Spans that overlap, or meet with nothing between them, as one: a run read two ways (an echo, a restart) holds the
 * same place twice, and a value again beside the value is one placeholder.
 */
function joined(spans: TextSpan[]): TextSpan[] {
  const out: TextSpan[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last && (span.start < last.end || (span.start === last.end && span.kind === last.kind)))
      out[out.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else out.push(span);
  }
  return out;
}

/** Where the run's last group after a full stop or a comma starts (its token), or -1. */
function lastGroup(text: string, run: DigitToken[]): number {
  for (let k = run.length - 1; k > 0; k -= 1) if (/[.,;]/.test(text.slice(run[k - 1].end, run[k].start))) return k;
  return -1;
}

/**
 * `runs`: the text's digit runs (common/redaction/digits.ts), read once for the numbers and kept for this. `heard`:
 * values found earlier in the call, in order (a transcript's other turns).
 */
export function withReadBacks(text: string, spans: TextSpan[], runs: DigitToken[][], heard: Heard[] = []): TextSpan[] {
  if (runs.length === 0) return spans;
  const own = heardIn(text, spans);
  const found = new Map<string, PiiKind>();
  for (const h of [...heard, ...own]) found.set(h.digits, h.kind);
  if (found.size === 0) return spans;
  const taken = new Uint8Array(text.length + 1);
  for (const span of spans) taken.fill(1, span.start, span.end);
  // The values found before each run, the last RECENT of them: spans and runs are both in text order.
  const recent: Heard[] = heard.slice(-RECENT);
  let next = 0;
  const added: TextSpan[] = [];
  const whole: TextSpan[] = [];
  for (const run of runs) {
    const start = run[0].start;
    const end = run[run.length - 1].end;
    while (next < own.length && own[next].end <= start) {
      recent.push(own[next]);
      if (recent.length > RECENT) recent.shift();
      next += 1;
    }
    const digits = digitsOf(run);
    const spoken = run.every((t) => !t.written);
    if (taken.subarray(start, end).some((c) => c === 1)) {
      // Read back whole where other rules took a piece of it ("four eight one five, oh two two six, …?" after the
      // card; "5101 0032 1000 0008" after "5001 0032 …", a phone inside): the whole run is the value again, over the
      // pieces.
      const again =
        (digits.length >= MIN_DIGITS && spoken ? sayingOf(digits, found) : undefined) ??
        (digits.length >= LONG ? recent.find((h) => nearly(digits, h.digits))?.kind : undefined);
      if (again && piecesWithin(spans, start, end)) whole.push({ start, end, kind: again });
      continue;
    }
    let kind: PiiKind | null = null;
    for (let times = 1; times <= TIMES && !kind; times += 1) {
      if (digits.length % times !== 0) continue;
      const once = digits.slice(0, digits.length / times);
      if (once.length < MIN_SPOKEN || once.repeat(times) !== digits) continue;
      const again = found.get(once);
      // Three figures written are a code's only where no currency or unit makes them an amount ("Yes, 008." is the
      // code again; "the fee is 250 dollars" is not).
      const figures = !spoken && once.length < MIN_DIGITS;
      if (again && !(figures && (again !== 'credit_card_cvv' || amount(text, start, end)))) kind = again;
    }
    if (!kind && recent.length > 0 && !amount(text, start, end)) {
      const cue = text.slice(Math.max(0, start - CUE_CHARS), end + CUE_CHARS).toLowerCase();
      const corrected = CORRECTED.test(cue);
      kind = partKind(digits, !spoken, corrected, recent, LAST_GROUP.test(cue));
      // "not five. eight two nine six": the digits after the run's last full stop or comma, the correction given.
      const tail = kind || !corrected ? -1 : lastGroup(text, run);
      if (tail > 0) {
        const tailKind = partKind(
          run
            .slice(tail)
            .map((t) => t.digits)
            .join(''),
          !spoken,
          true,
          recent,
        );
        if (tailKind) added.push({ start: run[tail].start, end, kind: tailKind });
      }
    }
    if (kind) added.push({ start, end, kind });
  }
  if (added.length === 0 && whole.length === 0) return spans;
  const kept =
    whole.length === 0 ? spans : spans.filter((span) => !whole.some((w) => span.start >= w.start && span.end <= w.end));
  return joined([...kept, ...whole, ...added].sort((a, b) => a.start - b.start));
}

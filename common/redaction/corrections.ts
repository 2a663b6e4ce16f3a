import { type DigitToken, digitsOf } from './digitToken';

// A caller who misspeaks corrects themself inside the value: "cvv is two eight, no sorry, two nine one",
// "seven two oh, five five five, oh one eight seven. no wait, oh one eight six", "0151, sorry, 0151
// 23456789". The correction does not end the number: what is said after it replaces the digits said before
// it (the whole of them when the caller starts again, else as many of the last ones as are said again), the
// value is read as corrected, and its span covers both, so neither the wrong digits nor the right ones stay.
// Digits after a take-back that say none of those before it again are another number.

/** What people say to take back what they just said. */
const TAKE_BACK =
  "(?:no|nope|sorry|wait|oops|actually|correction|rather|or rather|i mean|i meant|my bad|my mistake|hold on|hang on|pardon(?: me)?|scratch that|that's (?:wrong|not right)|(?:let me )?(?:start|begin) (?:again|over)|let me (?:try|say (?:it|that)|read (?:it|that)) again|let me repeat(?: that)?|make (?:it|that))";
const HESITATION = '(?:uh|um|umm|uhm|er|erm|ah|hmm)';
/** What may come between a take-back and the digits said again: "it's", "that's", "so". */
const LEAD_IN = "(?:it's|it is|that's|that is|it should be|should be|so)";
const SEP = '[\\s,.;:!?-]*';

/**
 * A correction said from `at` on (sticky: read only from there, each part a bounded number of words): the
 * hesitations, the take-back words (one to three) and a lead-in.
 */
const CORRECTION = new RegExp(
  `${SEP}(?:(?:${HESITATION}|and then|then)\\b${SEP}){0,2}(?:${TAKE_BACK}\\b${SEP}){1,3}(?:(?:${HESITATION}|${LEAD_IN})\\b${SEP}){0,2}`,
  'iy',
);

/** Where a correction said at `at` ends, or -1 when none is said there. */
export function correctionEnd(text: string, at: number): number {
  CORRECTION.lastIndex = at;
  const m = CORRECTION.exec(text);
  return m ? at + m[0].length : -1;
}

/** A value's longest run of digits (a card: 19): a correction never reaches back further than this. */
const MAX_VALUE_DIGITS = 19;
/** Digits said again from the value's start mark a restart: the first three are enough to tell. */
const RESTART_DIGITS = 3;
/** A restart said at most this many digits fewer than the attempt it replaces (a stray digit or two). */
const RESTART_SLACK = 2;

/**
 * Whether the digits said after a correction start the run again: they begin like the run did and are not
 * many fewer than those said before it (a stray digit or two). A run longer than a value is not read
 * (linear: a long run corrected again and again is not joined each time).
 */
function startedAgain(before: DigitToken[], said: string): boolean {
  if (said.length < RESTART_DIGITS || before.length > MAX_VALUE_DIGITS) return false;
  const digits = digitsOf(before);
  return (
    digits.length <= Math.min(MAX_VALUE_DIGITS, said.length + RESTART_SLACK) &&
    digits.startsWith(said.slice(0, RESTART_DIGITS))
  );
}

/** How many digits differ between `a` and `b` at the same places (Infinity when their lengths differ). */
function changes(a: string, b: string): number {
  if (a.length !== b.length) return Infinity;
  let n = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) n += 1;
  return n;
}

/** A pause between two tokens ends a group: a comma, a dash, a full stop, or a token written in figures. */
const pauseBetween = (text: string, a: DigitToken, b: DigitToken): boolean =>
  a.written || b.written || /[,.;:-]/.test(text.slice(a.end, b.start));

/** The index of the first token of the last group of `tokens` (at most a value's length back). */
function lastGroupFrom(text: string, tokens: DigitToken[]): number {
  let k = tokens.length - 1;
  while (k > 0 && tokens.length - k < MAX_VALUE_DIGITS && !pauseBetween(text, tokens[k - 1], tokens[k])) k -= 1;
  return k;
}

/** Whether the second group said after a correction is the second group said before it. */
function secondSaidAgain(text: string, before: DigitToken[], again: DigitToken[]): boolean {
  const second = (tokens: DigitToken[]) => {
    const from = firstGroupEnd(text, tokens);
    return digitsOf(tokens.slice(from, from + firstGroupEnd(text, tokens.slice(from))));
  };
  const b = second(before);
  return b.length > 0 && b === second(again);
}

/** How many tokens the first group of `tokens` holds. */
function firstGroupEnd(text: string, tokens: DigitToken[]): number {
  let k = 1;
  while (k < tokens.length && k < MAX_VALUE_DIGITS && !pauseBetween(text, tokens[k - 1], tokens[k])) k += 1;
  return k;
}

/** The first of the last tokens of `tokens`, from `from` on, that hold exactly `digits` digits, or -1. */
function tailOf(tokens: DigitToken[], from: number, digits: number): number {
  let k = tokens.length;
  let held = 0;
  while (k > from && held < digits) {
    k -= 1;
    held += tokens[k].digits.length;
  }
  return held === digits ? k : -1;
}

/**
 * Where in `before` the digits said again after a correction take over: the whole run when the caller
 * starts again (or when all of a shorter run is said again: "two eight, no sorry, two nine one"), else the
 * group the first group said again mends (below), else its last tokens when they hold exactly as many
 * digits as are said again ("… oh one eight seven. no wait, oh
 * one eight six"). -1 when the digits said again replace nothing said before ("4111 1111 1111 1111, sorry,
 * 123" is a card and then another number): the take-back was not a correction of this number.
 */
function takenOverFrom(text: string, before: DigitToken[], again: DigitToken[]): number {
  const said = digitsOf(again);
  const mended = mendedTail(text, before, again, said);
  if (mended >= 0) return mended;
  if (before.length <= MAX_VALUE_DIGITS) {
    // A group broken off and said whole ("three three nine, one two, no sorry, one two four, …") is mended.
    const last = lastGroupFrom(text, before);
    const broken = digitsOf(before.slice(last));
    const firstAgain = digitsOf(again.slice(0, firstGroupEnd(text, again)));
    // Unless all of it is said again, at most one digit changed: "one four oh, oh four, no sorry, oh four oh, oh four,
    // …", "six three oh, six three, no sorry, six three oh, six nine, …" start again (no group was broken off).
    const whole = digitsOf(before);
    // (Its first group said again as it was grouped, at most one digit changed: "plus thirty nine, three two zero,
    // three, no sorry, three nine zero, …" completes the "three" broken off.)
    const firstBefore = digitsOf(before.slice(0, firstGroupEnd(text, before)));
    const restarted =
      said.length >= whole.length &&
      changes(whole, said.slice(0, whole.length)) <= 1 &&
      changes(firstBefore, firstAgain) <= 1;
    if (last > 0 && broken.length < firstAgain.length && firstAgain.startsWith(broken) && !restarted) return last;
  }
  // A restart says the first group again as it was grouped: "six four three, six five, no sorry, six four, three oh
  // oh oh" mends the second group ("six four" is no first group said again), though its first three digits match.
  const firstBefore = digitsOf(before.slice(0, firstGroupEnd(text, before))).length;
  const firstAgain = digitsOf(again.slice(0, firstGroupEnd(text, again))).length;
  const regrouped = firstBefore !== firstAgain && firstBefore < digitsOf(before).length && firstAgain < said.length;
  // Nor is it a restart when what follows does not say the whole again but the last group, one digit changed,
  // does: "six oh one one, six one one oh, no sorry, six oh one oh, oh oh oh oh, …" mends "six one one oh".
  const lastFrom = lastGroupFrom(text, before);
  const mendsLast =
    lastFrom > 0 &&
    said.length >= digitsOf(before).length &&
    changes(digitsOf(before), said.slice(0, digitsOf(before).length)) > RESTART_SLACK &&
    changes(digitsOf(before.slice(lastFrom)), digitsOf(again.slice(0, firstGroupEnd(text, again)))) <= 1;
  if (mendsLast) return lastFrom;
  if (startedAgain(before, said) && !regrouped) return 0;
  // The first group said again replaces the group of its length it is nearest to: the first (the caller
  // starts again and says all of it: "01 30, sorry, 01 26"; "two two two, two oh oh, no sorry, two one two,
  // two oh oh, …") or the last, the rest going on from it ("615-643, sorry, 633-1829", "116 52, no, 02
  // 5913"). Where both are as near, the last: people mend what they just said.
  if (before.length <= MAX_VALUE_DIGITS) {
    const firstAgain = digitsOf(again.slice(0, firstGroupEnd(text, again)));
    const last = lastGroupFrom(text, before);
    const mend = changes(digitsOf(before.slice(last)), firstAgain);
    const whole = digitsOf(before);
    const restart =
      said.length >= whole.length && changes(whole, said.slice(0, whole.length)) <= RESTART_SLACK
        ? changes(digitsOf(before.slice(0, firstGroupEnd(text, before))), firstAgain)
        : Infinity;
    // As near either way, a restart says the second group again as it was ("222 210, no sorry, 212 210 …",
    // "6100 0215 …, no sorry, 5100 0215 …"); a mend goes on with new digits ("415 450, no sorry, 455 3500").
    // A last group said again unchanged mends nothing: where the whole is said again too, one digit changed, it is
    // the restart ("five eight five oh, four eight five oh, no sorry, four eight five oh, four eight five oh, …").
    if (
      restart < mend ||
      (mend === 0 && restart < Infinity) ||
      (restart === mend && restart < Infinity && secondSaidAgain(text, before, again))
    )
      return 0;
    if (mend < Infinity) return last;
    // A group said without a pause holds more than one ("four six five one zero nine six three, sorry, no, oh
    // nine six oh, …"): its last digits said again, one of them changed, are what is mended.
    const tail = tailOf(before, last, firstAgain.length);
    if (tail > last && restart === Infinity && changes(digitsOf(before.slice(tail)), firstAgain) <= 1) return tail;
  }
  let k = before.length;
  let digits = 0;
  while (k > 0 && digits < said.length && before.length - k < MAX_VALUE_DIGITS) {
    k -= 1;
    digits += before[k].digits.length;
  }
  return digits === said.length || (k === 0 && digits < said.length) ? k : -1;
}

/** How many digits a value has: an SSN, a phone with or without its "1", a card. */
const VALUE_LENGTHS = new Set([9, 10, 11, 13, 14, 15, 16, 19]);
/** The most digits said again that mend the end of an unpaused run. */
const MEND_MAX = 4;

/**
 * Said with no pause, one digit at a time, the last digits said again with one of them changed, the first as it was:
 * "two one eight four four, no, four five six one nine three" mends "four four" (an SSN), "… seven eight five, no,
 * eight four nine three nine five" mends "eight five" (a card). Of the tails that could be meant, the one that leaves a
 * value's length; -1 when none does.
 */
function mendedTail(text: string, before: DigitToken[], again: DigitToken[], said: string): number {
  if (before.length > MAX_VALUE_DIGITS || lastGroupFrom(text, before) !== 0) return -1;
  // A group said again as long as the one before ("one oh one, no sorry, oh oh one, …") replaces it whole.
  const firstAgain = firstGroupEnd(text, again);
  if (firstAgain < again.length && digitsOf(again.slice(0, firstAgain)).length === before.length) return -1;
  const whole = digitsOf(before);
  // Said again from its start ("nueve nueve ocho, no sorry, nine nine eight two …"), it is a restart.
  if (whole.length !== before.length || said.startsWith(whole.slice(0, RESTART_DIGITS))) return -1;
  for (let k = 1; k <= MEND_MAX && k < before.length; k += 1) {
    const tail = whole.slice(-k);
    if (
      tail[0] === said[0] &&
      changes(tail, said.slice(0, k)) === 1 &&
      VALUE_LENGTHS.has(whole.length - k + said.length)
    )
      return before.length - k;
  }
  return -1;
}

/** A pause with no take-back in it: "hang on", "hold on", "bear with me" (a lone "sorry" corrects as often). */
const PAUSE_ONLY = new RegExp(
  `^${SEP}(?:${HESITATION}\\b${SEP}){0,2}(?:(?:hang on|hold on|bear with me|one sec(?:ond)?)\\b${SEP}){1,2}(?:${HESITATION}\\b${SEP}){0,2}$`,
  'i',
);

/** An apology alone, with no take-back word: "…, sorry, …", "…, pardon, …". */
const APOLOGY_ONLY = new RegExp(`^${SEP}(?:${HESITATION}\\b${SEP}){0,2}(?:sorry|pardon|excuse me)\\b${SEP}$`, 'i');

/** Two groups of one length that differ at every place. */
const sharesNoDigit = (a: string, b: string): boolean => a.length >= 3 && changes(a, b) === a.length;

/**
 * The run as corrected, as one run or more: `at` holds the index of the first token said after each
 * correction. Each such token takes over (as one token: its own digits, starting where the digits it
 * replaces began) the tokens said before the correction that are said again (takenOverFrom); where none
 * are, the run is cut there. Each correction reads at most a value's length back: linear in the run.
 */
export function correctedRuns(text: string, run: DigitToken[], at: number[]): DigitToken[][] {
  if (at.length === 0) return [run];
  const runs: DigitToken[][] = [];
  const later: DigitToken[][] = [];
  let out: DigitToken[] = run.slice(0, at[0]);
  for (let c = 0; c < at.length; c += 1) {
    const again = run.slice(at[c], c + 1 < at.length ? at[c + 1] : run.length);
    const from = takenOverFrom(text, out, again);
    if (from < 0) {
      runs.push(out);
      out = again;
      continue;
    }
    const first = again[0];
    const mended = (kept: DigitToken[], taken: DigitToken[]): DigitToken[] => [
      ...kept,
      { ...first, start: taken[0].start, saidFrom: first.saidFrom ?? first.start },
      ...again.slice(1),
    ];
    const last = out.slice(from);
    // "4205 9605 uh sorry 0351 1933", "five two three eight, hang on, seven three six one, …": a later group that
    // shares no digit with the one it would mend may be the number going on after a pause the caller apologised
    // for, or a relay's "hang on". Both readings are read; the mended one first, so a value found in it wins
    // (common/redaction/text.ts claims each character once), and the run goes on unmended: a number read out in
    // chunks with a pause after each keeps all of them. Only what a value across the pause can hold is mended
    // (a value's digits each side): linear however often it happens.
    // "six oh one one, hang on, six five eight eight, …": a pause asked for with no take-back ("no", "wait",
    // "sorry") is more likely the number going on: its mended reading is read after the run, so a value found
    // going on wins.
    // (The same group said again after the pause is that group confirmed: "… two oh nine, hold on, two oh nine".)
    const firstAgain = digitsOf(again.slice(0, firstGroupEnd(text, again)));
    const gap = text.slice(run[at[c] - 1].end, run[at[c]].start);
    const paused = PAUSE_ONLY.test(gap) && !firstAgain.startsWith(digitsOf(last));
    if (paused || sharesNoDigit(digitsOf(last), firstAgain)) {
      const reading = mended(out.slice(Math.max(0, from - MAX_VALUE_DIGITS), from), last).slice(
        0,
        2 * MAX_VALUE_DIGITS,
      );
      (paused ? later : runs).push(reading);
      out.push(...again);
      continue;
    }
    // "seven eight one, sorry, nine two, yes, one three seven four, that's the social": after a lone "sorry" the
    // number may be going on (an apology for the noise); read so too, after the run, so a value found mended wins.
    // Not when the group said after it is as long as the run's first or its last: that is the number said again from
    // its start, or its last group mended.
    const lengths = [out.slice(0, firstGroupEnd(text, out)), out.slice(lastGroupFrom(text, out))].map(
      (group) => digitsOf(group).length,
    );
    if (APOLOGY_ONLY.test(gap) && !lengths.includes(firstAgain.length))
      later.push([...out.slice(-MAX_VALUE_DIGITS), ...again.slice(0, MAX_VALUE_DIGITS)]);
    out.splice(from);
    out.push(...mended([], last));
  }
  runs.push(out, ...later);
  return runs;
}

/**
 * What may stand between two finds of one kind for them to be one value said twice: a correction ("04/27,
 * sorry, 04/28") or the value said again another way ("twelve thirty, like december twenty thirty").
 * Read on a gap of at most GAP_CHARS characters.
 */
const RESTATED = new RegExp(
  `^${SEP}(?:(?:${HESITATION}|${TAKE_BACK}|oh|like|i\\.e|ie|that is|that's|in other words|meaning|so)\\b${SEP}){1,4}$`,
  'i',
);
const GAP_CHARS = 40;

/** Whether the text between two finds of one kind only corrects or restates the first. */
export const restated = (gap: string): boolean => gap.length > 1 && gap.length <= GAP_CHARS && RESTATED.test(gap);

import { digitsOf } from './digitToken';
import { digitRuns } from './digits';
import type { TextSpan } from './kinds';

// The other speaker echoing each group as it is dictated, with no whole read-back at the end: "Four one two
// seven," / "four one two seven," / "eight three nine oh," / "eight three nine oh," / … (the thirty-eighth blind
// set, BENCHMARKS.md). The echoes do not end the dictating speaker's stretch (common/redaction/transcript.ts), so
// the groups are read as one number, and each echo is hidden as what the group it repeats was found to be.

/** Words an echo may carry besides the group: an acknowledgement before or after it. */
const AROUND_ECHO =
  /^[\s,.!?-]*(?:(?:okay|ok|so|yes|yeah|yep|got it|mm-?hm|right|and|perfect|great|thanks|thank you)[\s,.!?-]*){0,2}$/i;
/**
 * A group is two to seven digits: one digit echoed ("and four?" / "four") is too little to go on, and a whole
 * number read back ends the stretch (the caller may correct it next: common/redaction/readBacks.ts).
 */
const MIN_GROUP = 2;
const MAX_GROUP = 7;
/** An echo is a short turn: the group and a word or two. */
const MAX_ECHO = 60;

/** `said`'s last digit group (read in its last few words only): its digits and where it ends in `said`, or null. */
function lastGroup(said: string): { digits: string; end: number } | null {
  const offset = Math.max(0, said.length - MAX_ECHO * 4);
  const runs = digitRuns(said.slice(offset));
  const run = runs[runs.length - 1];
  if (!run) return null;
  return { digits: digitsOf(run), end: offset + run[run.length - 1].end };
}

/**
 * The span of `echo`'s group when `echo` (the other speaker's turn) repeats the last group of `said` (at least
 * two digits or more) and says nothing else but an acknowledgement; with `leading`, the echo may go on
 * after the group ("Oh two four seven. And the expiration?"). Null otherwise.
 */
export function echoOf(echo: string, said: string, leading = false): { start: number; end: number } | null {
  if (!leading && echo.length > MAX_ECHO) return null;
  // Only the first few words of a long turn can be the echo: the turn is not read whole for it.
  const head = leading ? echo.slice(0, MAX_ECHO) : echo;
  const runs = digitRuns(head);
  const run = runs[0];
  if (!run || (!leading && runs.length !== 1)) return null;
  const digits = digitsOf(run);
  const group = lastGroup(said);
  if (!group || digits.length < MIN_GROUP || digits.length > MAX_GROUP || !group.digits.endsWith(digits)) return null;
  const start = run[0].start;
  const end = run[run.length - 1].end;
  if (!AROUND_ECHO.test(head.slice(0, start))) return null;
  if (!leading && !AROUND_ECHO.test(head.slice(end))) return null;
  return { start, end };
}

/**
 * Whether `next` (the dictating speaker's turn after an echo) goes on with the next group: it starts with digits.
 * Else the echo was a read-back of the whole ("eight two nine five, thank you." / "sorry, six at the end, …").
 */
export function goesOn(next: string): boolean {
  const head = next.slice(0, MAX_ECHO);
  const run = digitRuns(head)[0];
  return run !== undefined && AROUND_ECHO.test(head.slice(0, run[0].start));
}

/** Whether `spans` (of the turn `said`) cover its last digit group: the kind found there, or null. */
export function kindOfLastGroup(said: string, spans: TextSpan[]): TextSpan['kind'] | null {
  const group = lastGroup(said);
  if (!group) return null;
  const at = group.end - 1;
  return spans.find((s) => s.start <= at && at < s.end)?.kind ?? null;
}

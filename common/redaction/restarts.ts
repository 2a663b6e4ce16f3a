import { ACK_WORDS, GOES_ON_WORDS } from './acknowledgements';
import { type DigitToken, digitsOf } from './digitToken';

// A group begun, a hesitation, and the group said again from its start: "eight oh one, uh eight oh one, four two
// …", "… four eight one six, five two, uh, five two five eight, …". Callers restart a group they stumbled on
// without a take-back word (common/redaction/corrections.ts reads those). The run is also read without the first
// try, its place taken by the first token said again (as a correction's is, so one placeholder covers both), and
// that reading comes first: a value found in it wins (common/redaction/text.ts claims each character once).

/**
 * A hesitation, a try broken off, an acknowledgement ("…, yeah, one one two eight": the group confirmed), or "the rest
 * is" before the whole said from its start ("starts with one nine seven and the rest is one nine seven eight …").
 */
const HESITATION = new RegExp(`\\b(?:uh|um|umm|uhm|er|erm|ah|something|${ACK_WORDS}|${GOES_ON_WORDS})\\b`, 'i');
const TRAILED_OFF = /\.\.\.|…|--/;
const FULL_STOP = /\.\s/;
/** A group people stumble on and restart: two to four digits. */
const MIN_TRY = 2;
const MAX_TRY = 4;
/** A value's most digits (a card: 19): a reading holds at most this many tokens each side of the restart. */
const MAX_VALUE = 19;

/**
 * The readings of `run` without a group's first try where one was said again after a hesitation. At most one per
 * 2 × MAX_VALUE tokens, each at most 2 × MAX_VALUE tokens long: a hostile "12 uh 12 uh 12 …" costs the run again, not
 * its square.
 */
export function restartedReadings(text: string, run: DigitToken[]): DigitToken[][] {
  const readings: DigitToken[][] = [];
  let groupStart = 0;
  let lastReading = -Infinity;
  for (let k = 1; k < run.length; k += 1) {
    const gap = text.slice(run[k - 1].end, run[k].start);
    // A trailing off ("five four one... five four one, …", "three three -- three three four one") hesitates too, and
    // so does a full stop: "… five five one seven. Five five one seven." (the last group said again, a voicemail's).
    const hesitated = HESITATION.test(gap) || TRAILED_OFF.test(gap) || FULL_STOP.test(gap);
    if (!hesitated && !/[,.;:]/.test(gap)) continue;
    let tried = '';
    for (let t = groupStart; t < k && tried.length <= MAX_TRY; t += 1) tried += run[t].digits;
    if (hesitated && tried.length >= MIN_TRY && tried.length <= MAX_TRY && k - lastReading >= 2 * MAX_VALUE) {
      let again = '';
      for (let m = k; m < run.length && again.length < tried.length; m += 1) again += run[m].digits;
      if (again.startsWith(tried)) {
        const first = run[k];
        readings.push([
          ...run.slice(Math.max(0, groupStart - MAX_VALUE), groupStart),
          { ...first, start: run[groupStart].start, saidFrom: first.saidFrom ?? first.start, restart: true },
          ...run.slice(k + 1, k + 1 + MAX_VALUE),
        ]);
        lastReading = k;
      }
    }
    groupStart = k;
  }
  return readings;
}

const ASSENT = /\b(?:okay|ok|yes|yeah|yep|right|correct|so|that's|got it)\b/i;

/**
 * A run that is one value said twice (or, unpunctuated, three times) at a pause ("eight two nine, eight two nine"; "two
 * four eight, two, four, eight"): also read as the last saying, its first token taking the first's place. Only the
 * whole run: linear.
 */
export function echoedReading(text: string, run: DigitToken[]): DigitToken[] | null {
  const digits = digitsOf(run);
  const spoken = run.every((t) => !t.written);
  for (const times of spoken ? [2, 3] : [2]) {
    const once = digits.length / times;
    if (!Number.isInteger(once) || once < 3 || once > MAX_VALUE || digits.slice(0, once).repeat(times) !== digits)
      continue;
    // Where the last saying starts: the tokens before it hold (times - 1) sayings exactly.
    let held = 0;
    let k = 0;
    while (k < run.length && held < once * (times - 1)) held += run[k++].digits.length;
    if (held !== once * (times - 1) || k >= run.length) return null;
    // At a pause: a comma, not the dot of "2.11.211"; or a word of assent ("… okay three oh one …"). Said in words
    // with no pause at all, as an engine without punctuation writes a read-back, four digits or more said again are too.
    const gap = text.slice(run[k - 1].end, run[k].start);
    const unpunctuated = once >= 4 && spoken;
    if (!/[,;]|\.\s/.test(gap) && !ASSENT.test(gap) && !unpunctuated) return null;
    const last = run[k];
    return [{ ...last, start: run[0].start, saidFrom: last.saidFrom ?? last.start, echo: true }, ...run.slice(k + 1)];
  }
  return null;
}

import { isCardNumber } from './cardNumber';
import { HOMOPHONES, homophoneDigit } from './homophones';
import { ACK_WORDS, GOES_ON_WORDS } from './acknowledgements';
import { correctedRuns, correctionEnd } from './corrections';
import { echoedReading, restartedReadings } from './restarts';
import { type DigitToken, digitsOf } from './digitToken';
import { DIGIT_WORDS, isNumberWord, REPEATS, TEENS, TENS } from './numberWords';

// Digits as providers write them: "4111 1111 1111 1111", "4111-1111-…", or spoken one by one ("four one
// one one …", "oh" and "o" for zero, "double four", "triple oh", "twenty six", "fourteen"). A run is a sequence of digit tokens
// separated only by spaces, dashes, commas, dots or brackets; the rules look for their kinds inside runs
// (common/redaction/numbers.ts), so a stray count said just before a card number does not hide it. A
// correction said inside a number ("two eight, no sorry, two nine one") does not end it either.

export type { DigitToken };

/** What may stand between two digit tokens of one run. */
const JOINER = /^[\s\-,.():]*$/;
/**
 * Words said between the groups of one number ("one two three dash four five", "oh eight slash twenty
 * seven"), and the hesitations, "like" and "then" people say while reading digits out ("one two three, uh, four
 * five", "four one one one, then triple two"): none of them ends the number.
 */
const JOIN_WORDS = new Set([
  'dash',
  'hyphen',
  'slash',
  'uh',
  'um',
  'uhm',
  'umm',
  'er',
  'erm',
  'ah',
  'hmm',
  // Spanish hesitations and the "of" between a month and a year: "six six three, eh, ochenta", "cero tres del
  // veintinueve".
  'eh',
  'este',
  'del',
  // "six eight something six eight zero": a digit not made out, then the group tried again.
  'something',
  'then',
  'like',
]);
/** An acknowledgement between groups (common/redaction/acknowledgements.ts). */
const ACK = new RegExp(`(?:${ACK_WORDS}|${GOES_ON_WORDS})\\b`, 'iy');
// "zero ninety, got that? two zero three": the question it asks is part of it.
const ACKS = new RegExp(`\\b(?:${ACK_WORDS}|${GOES_ON_WORDS})\\b\\??`, 'gi');
const joins = (gap: string): boolean =>
  // Most gaps are a space or ", ": no word to read (a digit list has hundreds of thousands of them).
  /^[\s,-]*$/.test(gap) ||
  JOINER.test(
    gap
      .replace(AND_THEN, ' ')
      .replace(ACKS, ' ')
      .replace(/[A-Za-z]+/g, (word) => (JOIN_WORDS.has(word.toLowerCase()) ? ' ' : word)),
  );
/** "… fifty and then seven three nine …": "and" before "then" joins too. */
const AND_THEN = /\band(?=\s+then\b)/gi;
/** A count of digits said after a number ("nineteen digits", "9 digits long"): read at a token's end only (sticky). */
const COUNT_AFTER = /[\s-]+(?:digits?|characters)\b/iy;
// Latin letters with their accents: "veintidós" is one word.
const TOKEN = /[A-Za-z\u00C0-\u024F]+|\d+/g;
/**
 * The unit of "twenty six", of "ninety um five" (a hesitation inside one number does not split it) and of
 * "cincuenta y cinco".
 */
const UNIT =
  /[\s-]{1,8}(?:(?:uh|um|uhm|umm|er|erm)[\s-]{1,4})?(one|two|three|four|five|six|seven|eight|nine)\b|[\s-]{1,8}y[\s-]{1,4}(uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\b|[\s-]{1,8}(ate|won)\b/iy;
/** "four thousand", "twenty five hundred": read at a number word's end only (sticky). */
const MAGNITUDE = /[\s-]{1,8}(hundred|thousand)\b/iy;
const ZEROS: Record<string, string> = { hundred: '00', thousand: '000' };

/** What completes "seven hundred …" as one three-digit number: "eighteen", "forty three", "and five" (sticky). */
const HUNDREDS_REST = new RegExp(
  `[\\s-]{1,8}(?:and[\\s-]{1,8})?(?:(${Object.keys(TEENS).join('|')})|(${Object.keys(TENS).join('|')})(?:[\\s-]{1,8}(one|two|three|four|five|six|seven|eight|nine))?|(one|two|three|four|five|six|seven|eight|nine))\\b`,
  'iy',
);

/** "one" (or "won", as an engine hears it) or "oh" said just before "eight hundred": a toll-free (1-800) or freephone (0800) number's start. */
const TOLL_FREE_ONE = /\b(?:one|won|oh|zero)[\s-]+$/i;

/** The two digits said after "hundred", or null. */
function hundredsRest(text: string, at: number): { digits: string; end: number } | null {
  HUNDREDS_REST.lastIndex = at;
  const m = HUNDREDS_REST.exec(text);
  if (!m) return null;
  const [, teen, tens, unit, alone] = m.map((w) => w?.toLowerCase());
  const digits = teen ? TEENS[teen] : tens ? TENS[tens] + (unit ? DIGIT_WORDS[unit] : '0') : `0${DIGIT_WORDS[alone]}`;
  return { digits, end: at + m[0].length };
}

/**
 * A number word followed by "hundred" or "thousand" ("four thousand" is 4000), else the token as it is. A
 * digit, "hundred" and its tens and units ("seven hundred eighteen") are one number of three digits.
 */
function withMagnitude(text: string, token: DigitToken): DigitToken {
  if (/^0+$/.test(token.digits)) return token;
  MAGNITUDE.lastIndex = token.end;
  const m = MAGNITUDE.exec(text);
  if (!m) return token;
  const end = token.end + m[0].length;
  const scale = m[1].toLowerCase();
  const rest = token.digits.length === 1 ? hundredsRest(text, end) : null;
  // "one eight hundred four two three …", "oh eight hundred, oh two eight …": a toll-free prefix (1-800, 0800) then
  // the number's own digits, not 804.
  if (
    scale === 'hundred' &&
    token.digits === '8' &&
    TOLL_FREE_ONE.test(text.slice(Math.max(0, token.start - 5), token.start))
  )
    return { ...token, digits: '800', end };
  if (rest && scale === 'hundred')
    return { ...token, digits: token.digits + rest.digits, end: rest.end, magnitude: true, hundreds: true };
  // "two thousand twenty eight", "two thousand and nine": a year, as a card's expiry gives it, not an amount.
  if (rest && token.digits === '2' && !/^[\s-]+hundred\b/i.test(text.slice(rest.end, rest.end + 12)))
    return { ...token, digits: `20${rest.digits}`, end: rest.end, magnitude: true, year: true };
  return { ...token, digits: token.digits + ZEROS[scale], end, magnitude: true };
}

/** The digit runs of a text, each the tokens it is made of (at least one), corrections applied. */
/** The words that name a number said just before it: "… number", "… is", "it's". */
const NAMED_JUST_BEFORE = /\b(?:number|is|was)\s+$|['’]s\s+$/i;

export function digitRuns(text: string): DigitToken[][] {
  const runs: DigitToken[][] = [];
  let run: DigitToken[] = [];
  let lastEnd = -1;
  let repeat: { times: number; start: number } | null = null;
  // A correction said after the run's last token: where it ends; the indices of the tokens said after each.
  let correction = -1;
  let corrections: number[] = [];
  // Where an acknowledgement said inside the run ends: its words are not tokens.
  let acked = -1;
  // How many of the run's first tokens are digit homophones ("for", "to", …) said before its first digit.
  let leading = 0;
  const close = () => {
    correction = -1;
    if (run.length === 0) return;
    // "for seven seven won three …": a run that starts with homophones is read both with and without them. With
    // them first where they make the whole a card or there are two or more ("card number for to six to, …"); else
    // without ("a card for four one one one …" is the card's).
    // Said right after what names the number ("account number for five seven …"), the homophone is its first digit.
    const readings =
      leading === 0 || leading === run.length || corrections.length > 0
        ? [run]
        : leading === 1 &&
            !isCardNumber(digitsOf(run)) &&
            !NAMED_JUST_BEFORE.test(text.slice(Math.max(0, run[0].start - 12), run[0].start))
          ? [run.slice(leading), run]
          : [run, run.slice(leading)];
    leading = 0;
    for (const reading of readings) closeReading(reading);
    run = [];
    if (corrections.length > 0) corrections = [];
  };
  const closeReading = (run: DigitToken[]) => {
    for (const corrected of correctedRuns(text, run, corrections)) {
      // A group restarted after a hesitation ("eight oh one, uh eight oh one, …") is read without its first try
      // first, and a value said twice ("eight two nine, eight two nine") as said once.
      for (const reading of restartedReadings(text, corrected)) runs.push(reading);
      const echoed = echoedReading(text, corrected);
      if (echoed) runs.push(echoed);
      runs.push(corrected);
    }
  };
  /** Whether what stands between the run's last token (or the correction after it) and `start` joins them. */
  const joined = (start: number) => joins(text.slice(correction >= 0 ? correction : lastEnd, start));
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0];
    const start = match.index;
    // The unit of a "twenty six" already joined its tens token; a correction's words are read.
    if (start < lastEnd || start < correction) continue;
    const end = start + word.length;
    const lower = word.toLowerCase();
    let token: DigitToken | null = null;
    if (start < acked) continue;
    // An acknowledgement between groups keeps the run open (its words are skipped; `joins` reads the gap); read
    // before the joining words, whose "uh" would take the "uh" of "uh-huh".
    if (run.length > 0 && correction < 0) {
      ACK.lastIndex = start;
      if (ACK.test(text)) {
        acked = ACK.lastIndex;
        continue;
      }
    }
    // A joining word keeps the run open; the gap it stands in is read by `joins`.
    if (run.length > 0 && (JOIN_WORDS.has(lower) || (lower === 'and' && /^\s+then\b/i.test(text.slice(end, end + 6)))))
      continue;
    // "double 4 7": a formatter wrote the digit and kept the word that repeats it.
    if (/^\d+$/.test(word))
      token =
        repeat && word.length === 1
          ? { digits: word.repeat(repeat.times), start: repeat.start, end, written: false }
          : { digits: word, start, end, written: true };
    else if (Object.hasOwn(REPEATS, lower)) {
      if (run.length > 0 && !joined(start)) close();
      repeat = { times: REPEATS[lower], start };
      continue;
    } else if (Object.hasOwn(TEENS, lower)) {
      token = withMagnitude(text, { digits: TEENS[lower], start, end, written: false });
    } else if (Object.hasOwn(TENS, lower)) {
      // "twenty six" is 26, "twenty" alone 20; the unit, when it follows, joins this token.
      // Read at `end` only (sticky): slicing the rest of the text per tens word was quadratic.
      UNIT.lastIndex = end;
      const unit = UNIT.exec(text);
      token = withMagnitude(
        text,
        unit
          ? {
              // "twenty ate", "thirty won": an engine's homophone of the unit (no sentence says them).
              digits:
                TENS[lower] +
                (unit[3] ? HOMOPHONES[unit[3].toLowerCase()] : DIGIT_WORDS[(unit[1] ?? unit[2]).toLowerCase()]),
              start,
              end: end + unit[0].length,
              written: false,
            }
          : { digits: `${TENS[lower]}0`, start, end, written: false },
      );
    } else if (Object.hasOwn(DIGIT_WORDS, lower)) {
      const digit = DIGIT_WORDS[lower];
      token = repeat
        ? { digits: digit.repeat(repeat.times), start: repeat.start, end, written: false }
        : withMagnitude(text, { digits: digit, start, end, written: false });
    } else {
      const spokenBefore = run.length > 0 && !run[run.length - 1].written && joined(start);
      const digit = homophoneDigit(text, lower, end, spokenBefore, isNumberWord);
      if (digit) {
        token = {
          digits: repeat ? digit.repeat(repeat.times) : digit,
          start: repeat?.start ?? start,
          end,
          written: false,
        };
        if (!spokenBefore && (run.length === 0 || !joined(start))) leading = 1;
        else if (leading === run.length) leading += 1;
      }
    }
    repeat = null;
    if (!token) {
      // "… oh one eight seven. no wait, oh one eight six": a correction keeps the run open for what follows.
      if (run.length > 0 && correction < 0) {
        const after = correctionEnd(text, lastEnd);
        if (after > start) {
          correction = after;
          continue;
        }
      }
      close();
      lastEnd = -1;
      continue;
    }
    // "…, two one five oh, six four one, nineteen digits": how many digits there are is not one of them.
    COUNT_AFTER.lastIndex = token.end;
    if (COUNT_AFTER.test(text)) {
      // "expiry twelve thirty four digit code …": of a tens word and a unit, only the unit counts the digits.
      const tens = /^([a-z]+)[\s-]+[a-z]+$/i.exec(text.slice(token.start, token.end));
      if (!token.written && tens && Object.hasOwn(TENS, tens[1].toLowerCase()))
        token = {
          digits: `${TENS[tens[1].toLowerCase()]}0`,
          start: token.start,
          end: token.start + tens[1].length,
          written: false,
        };
      else {
        close();
        lastEnd = -1;
        continue;
      }
    }
    if (run.length > 0 && !joined(token.start)) close();
    if (correction >= 0) {
      corrections.push(run.length);
      correction = -1;
    }
    run.push(token);
    lastEnd = token.end;
  }
  close();
  return runs;
}

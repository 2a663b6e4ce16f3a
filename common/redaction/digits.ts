import { ACK_WORDS } from './acknowledgements';
import { correctedRuns, correctionEnd } from './corrections';
import { echoedReading, restartedReadings } from './restarts';
import type { DigitToken } from './digitToken';

// Digits as providers write them: "4111 1111 1111 1111", "4111-1111-…", or spoken one by one ("four one
// one one …", "oh" and "o" for zero, "double four", "triple oh", "twenty six", "fourteen"). A run is a sequence of digit tokens
// separated only by spaces, dashes, commas, dots or brackets; the rules look for their kinds inside runs
// (common/redaction/numbers.ts), so a stray count said just before a card number does not hide it. A
// correction said inside a number ("two eight, no sorry, two nine one") does not end it either.

export type { DigitToken };

/**
 * Spanish, which callers switch to for their own number ("nueve nueve ocho, no sorry, nine nine eight …",
 * "cincuenta y cinco"): written as providers transcribe it, without accents ("once" is English too, left out).
 */
const SPANISH_DIGITS: Record<string, string> = {
  cero: '0',
  uno: '1',
  dos: '2',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
};
const SPANISH_TEENS: Record<string, string> = {
  diez: '10',
  doce: '12',
  trece: '13',
  catorce: '14',
  quince: '15',
  dieciseis: '16',
  diecisiete: '17',
  dieciocho: '18',
  diecinueve: '19',
  veintiuno: '21',
  veintidos: '22',
  veintitres: '23',
  veinticuatro: '24',
  veinticinco: '25',
  veintiseis: '26',
  veintisiete: '27',
  veintiocho: '28',
  veintinueve: '29',
};
const SPANISH_TENS: Record<string, string> = {
  veinte: '2',
  treinta: '3',
  cuarenta: '4',
  cincuenta: '5',
  sesenta: '6',
  setenta: '7',
  ochenta: '8',
  noventa: '9',
};

export const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  // British English: "cvv nought four eight".
  nought: '0',
  naught: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  niner: '9',
  ...SPANISH_DIGITS,
};
const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  ...SPANISH_TEENS,
};
export const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
  ...SPANISH_TENS,
};
export const REPEATS: Record<string, number> = { double: 2, triple: 3 };

/** What may stand between two digit tokens of one run. */
const JOINER = /^[\s\-,.()]*$/;
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
  // "six eight something six eight zero": a digit not made out, then the group tried again.
  'something',
  'then',
  'like',
]);
/** An acknowledgement between groups (common/redaction/acknowledgements.ts). */
const ACK = new RegExp(`${ACK_WORDS}\\b`, 'iy');
// "zero ninety, got that? two zero three": the question it asks is part of it.
const ACKS = new RegExp(`\\b${ACK_WORDS}\\b\\??`, 'gi');
const joins = (gap: string): boolean =>
  JOINER.test(
    gap
      .replace(AND_THEN, ' ')
      .replace(ACKS, ' ')
      .replace(/[A-Za-z]+/g, (word) => (JOIN_WORDS.has(word.toLowerCase()) ? ' ' : word)),
  );
/** "… fifty and then seven three nine …": "and" before "then" joins too. */
const AND_THEN = /\band(?=\s+then\b)/gi;
const TOKEN = /[A-Za-z]+|\d+/g;
/**
 * The unit of "twenty six", of "ninety um five" (a hesitation inside one number does not split it) and of
 * "cincuenta y cinco".
 */
const UNIT =
  /[\s-]{1,8}(?:(?:uh|um|uhm|umm|er|erm)[\s-]{1,4})?(one|two|three|four|five|six|seven|eight|nine)\b|[\s-]{1,8}y[\s-]{1,4}(uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\b/iy;
/** "four thousand", "twenty five hundred": read at a number word's end only (sticky). */
const MAGNITUDE = /[\s-]{1,8}(hundred|thousand)\b/iy;
const ZEROS: Record<string, string> = { hundred: '00', thousand: '000' };

/** What completes "seven hundred …" as one three-digit number: "eighteen", "forty three", "and five" (sticky). */
const HUNDREDS_REST = new RegExp(
  `[\\s-]{1,8}(?:and[\\s-]{1,8})?(?:(${Object.keys(TEENS).join('|')})|(${Object.keys(TENS).join('|')})(?:[\\s-]{1,8}(one|two|three|four|five|six|seven|eight|nine))?|(one|two|three|four|five|six|seven|eight|nine))\\b`,
  'iy',
);

/** "one" or "oh" said just before "eight hundred": a toll-free (1-800) or freephone (0800) number's start. */
const TOLL_FREE_ONE = /\b(?:one|oh|zero)[\s-]+$/i;

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
  const close = () => {
    correction = -1;
    if (run.length === 0) return;
    for (const corrected of correctedRuns(text, run, corrections)) {
      // A group restarted after a hesitation ("eight oh one, uh eight oh one, …") is read without its first try
      // first, and a value said twice ("eight two nine, eight two nine") as said once.
      for (const reading of restartedReadings(text, corrected)) runs.push(reading);
      const echoed = echoedReading(text, corrected);
      if (echoed) runs.push(echoed);
      runs.push(corrected);
    }
    run = [];
    if (corrections.length > 0) corrections = [];
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
    if (/^\d+$/.test(word)) token = { digits: word, start, end, written: true };
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
              digits: TENS[lower] + DIGIT_WORDS[(unit[1] ?? unit[2]).toLowerCase()],
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

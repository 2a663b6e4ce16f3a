import { HESITATIONS } from './wordGaps';

// Digits a speech-to-text engine wrote as the words that sound like them: "ate one too", "won for to nine", "the
// expiry is for twenty nine", "routing is oh to six won five …", and as a caller's accent or radio habit gives them
// ("tree", "fife"; "owe" for "oh"). Only next to a spoken digit (or another such word that is): "for", "to" and
// "won" are words first, and "a table for two" or "we won three" stay words unless the run they join is a value
// (common/redaction/digits.ts reads a run that starts with them also without them, first).

export const HOMOPHONES: Record<string, string> = {
  for: '4',
  to: '2',
  too: '2',
  ate: '8',
  won: '1',
  tree: '3',
  fife: '5',
  owe: '0',
  // Spanish eleven: "once veintiocho"; an English word first.
  once: '11',
};

/** The next word after `end`, past a pause or a hyphen (sticky: read from `end` only). */
const NEXT_WORD = /[\s,.-]{1,4}([A-Za-z]+|\d(?!\d))/y;

/** What may follow the last digit of a value said in words: "oh too slash twenty nine". */
const SEPARATOR_WORDS = new Set(['slash', 'dash', 'hyphen']);

/**
 * The digit homophone `lower` (said up to `end`) stands for, or null: before a number word or another homophone, or
 * last after a spoken digit of the run it would join (`afterSpoken`), nothing but a pause, a separator said as a
 * word, or the end after it.
 */
export function homophoneDigit(
  text: string,
  lower: string,
  end: number,
  afterSpoken: boolean,
  isNumberWord: (word: string) => boolean,
): string | null {
  if (!Object.hasOwn(HOMOPHONES, lower)) return null;
  NEXT_WORD.lastIndex = end;
  let next = NEXT_WORD.exec(text)?.[1].toLowerCase();
  // "tree four tree uh six …": a hesitation between digits is no word of its own.
  if (next !== undefined && HESITATIONS.has(next)) next = NEXT_WORD.exec(text)?.[1].toLowerCase();
  // Before a number word or another homophone; between digits written one by one ("4 owe 9 2 …").
  const betweenDigits =
    next !== undefined &&
    /^\d$/.test(next) &&
    /(?:^|[^\d,.])\d\s+$/.test(text.slice(Math.max(0, end - lower.length - 4), end - lower.length));
  if (next !== undefined && (betweenDigits || isNumberWord(next) || Object.hasOwn(HOMOPHONES, next)))
    return HOMOPHONES[lower];
  // Last of the digits ("… ate one too", "… two oh ate."); "… one two for the social" is the word.
  return afterSpoken &&
    (next === undefined || SEPARATOR_WORDS.has(next) || /^\s*[.,;?!]/.test(text.slice(end, end + 3)))
    ? HOMOPHONES[lower]
    : null;
}

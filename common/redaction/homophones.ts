// Digits a speech-to-text engine wrote as the words that sound like them: "ate one too", "won for to nine", "the
// expiry is for twenty nine", "routing is oh to six won five …". Only next to a spoken digit (or another such word
// that is): "for", "to" and "won" are words first, and "a table for two" or "we won three" stay words unless the run
// they join is a value (common/redaction/digits.ts reads a run that starts with them also without them, first).

export const HOMOPHONES: Record<string, string> = { for: '4', to: '2', too: '2', ate: '8', won: '1' };

/** The next word after `end`, past a pause or a hyphen (sticky: read from `end` only). */
const NEXT_WORD = /[\s,.-]{1,4}([A-Za-z]+)/y;

/**
 * The digit homophone `lower` (said up to `end`) stands for, or null: before a number word or another homophone, or
 * last after a spoken digit of the run it would join (`afterSpoken`), nothing but a pause or the end after it.
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
  const next = NEXT_WORD.exec(text)?.[1].toLowerCase();
  if (next !== undefined && (isNumberWord(next) || Object.hasOwn(HOMOPHONES, next))) return HOMOPHONES[lower];
  // Last of the digits ("… ate one too", "… two oh ate."); "… one two for the social" is the word.
  return afterSpoken && (next === undefined || /^\s*[.,;?!]/.test(text.slice(end, end + 3))) ? HOMOPHONES[lower] : null;
}

import type { Word } from './word';

// What stands between two words of a text (common/redaction/spelling.ts), for the rules that read addresses.

/**
 * What people say while they think, mid-value ("at uh, northwind dot io", "d e uh eight nine", "n uh n o
 * r"): not a word of what they spell, only a longer pause.
 */
export const HESITATIONS = new Set(['uh', 'uhh', 'um', 'umm', 'uhm', 'er', 'erm', 'hmm']);
const HESITATION_IN_GAP = /[A-Za-z]+/g;

/** A gap with its hesitations said as the pause they are ("at uh, northwind": " "). */
export function quiet(gap: string): string {
  if (!/[A-Za-z]/.test(gap)) return gap;
  const words = gap.match(HESITATION_IN_GAP) ?? [];
  if (!words.every((w) => HESITATIONS.has(w.toLowerCase()))) return gap;
  // The commas a transcriber writes around a hesitation ("at uh, northwind") mark the hesitation itself.
  return gap.replace(HESITATION_IN_GAP, ' ').replace(/,/g, ' ');
}

/** What stands between two words: "" (touching), a written joiner ".", "_", "-", "@", or space. */
export const between = (text: string, a: Word, b: Word): string => text.slice(a.end, b.start);

export const isSpace = (gap: string): boolean => gap.length > 0 && quiet(gap).trim() === '';
/** A pause a transcriber writes as a comma ("outlook, o u t l o o k, dot com") is a space too. */
export const isPause = (gap: string): boolean => {
  const said = quiet(gap);
  return /^[\s,]+$/.test(said) && /\s/.test(said);
};

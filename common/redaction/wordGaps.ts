import type { Word } from './spelling';

// What stands between two words of a text (common/redaction/spelling.ts), for the rules that read addresses.

/** What stands between two words: "" (touching), a written joiner ".", "_", "-", "@", or space. */
export const between = (text: string, a: Word, b: Word): string => text.slice(a.end, b.start);

export const isSpace = (gap: string): boolean => gap.length > 0 && gap.trim() === '';
/** A pause a transcriber writes as a comma ("outlook, o u t l o o k, dot com") is a space too. */
export const isPause = (gap: string): boolean => /^[\s,]+$/.test(gap) && /\s/.test(gap);

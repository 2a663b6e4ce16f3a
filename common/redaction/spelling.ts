// Letters spelled out with an example word, as callers spell a name or a code over a bad line: "s as in
// sam", "d as in delta" (the NATO words are examples too), "b for boy". Each becomes one word, the letter,
// spanning the example, so the rules that read spelled letters (common/redaction/emails.ts, iban.ts) read
// "s as in sam, o, p, h, i, e" as they read "s o p h i e", and the example word goes with the letter. A
// NATO word among spelled letters or digits is its letter ("I tango nine zero", "hotel delta foxtrot C"),
// said with its letter it is one ("oscar o", "n november"). Hesitations ("uh", "um") are no words: the
// gap they stand in is a pause (common/redaction/wordGaps.ts).

import type { Word } from './word';
import { HESITATIONS, isPause } from './wordGaps';

export type { Word };

/** Only a pause (spaces, a comma) stands between the words of one spelled letter. */
const PAUSE = /^[\s,]+$/;

// prettier-ignore
const NATO: Record<string, string> = {
  alpha: 'a', alfa: 'a', bravo: 'b', charlie: 'c', delta: 'd', echo: 'e', foxtrot: 'f', golf: 'g', hotel: 'h',
  india: 'i', juliet: 'j', juliett: 'j', kilo: 'k', lima: 'l', mike: 'm', november: 'n', oscar: 'o', papa: 'p',
  quebec: 'q', romeo: 'r', sierra: 's', tango: 't', uniform: 'u', victor: 'v', whiskey: 'w', whisky: 'w',
  xray: 'x', yankee: 'y', zulu: 'z',
};
const natoOf = (w: Word | undefined): string | undefined =>
  w && Object.hasOwn(NATO, w.lower) ? NATO[w.lower] : undefined;
// prettier-ignore
const SPOKEN_DIGIT = new Set(['zero', 'oh', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine',
  'double', 'triple']);

/** A word spelling goes on through: a letter or a digit (the "s" of "it's" is neither), a digit word, a NATO word. */
const spelledPart = (text: string, w: Word | undefined): boolean =>
  w !== undefined &&
  ((w.text.length === 1 && !/['’]/.test(text[w.start - 1] ?? '')) ||
    SPOKEN_DIGIT.has(w.lower) ||
    natoOf(w) !== undefined);

/** The index of the example word of a letter spelled from words[i] ("s as in sam", "b for boy"), else i. */
function exampleOf(text: string, words: Word[], i: number): number {
  const letter = words[i].lower;
  if (letter.length !== 1 || letter < 'a' || letter > 'z') return i;
  const next = words[i + 1]?.lower;
  const at = next === 'as' && words[i + 2]?.lower === 'in' ? i + 3 : next === 'for' ? i + 2 : -1;
  const example = words[at];
  // The example begins with the letter it spells: "s as in sam", not "plan a for accounts".
  if (!example || example.lower.length < 2 || example.lower[0] !== letter || !/^[a-z]+$/.test(example.lower)) return i;
  for (let k = i + 1; k <= at; k += 1) if (!PAUSE.test(text.slice(words[k - 1].end, words[k].start))) return i;
  return at;
}

/** The words of a text (runs of letters and digits), each letter spelled with an example as one word. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9]+/g)) {
    const lower = m[0].toLowerCase();
    const end = m.index + m[0].length;
    // A hesitation is no word, unless written joined to one ("uhh_aaa 1 at …" is a name).
    const joined =
      /[A-Za-z0-9][._@-]$/.test(text.slice(Math.max(0, m.index - 2), m.index)) ||
      /^[._@-][A-Za-z0-9]/.test(text.slice(end, end + 2));
    if (!HESITATIONS.has(lower) || joined) words.push({ text: m[0], lower, start: m.index, end });
  }
  // In place: a spelled letter takes its example's end, the words after move up over what it took.
  let kept = 0;
  for (let i = 0; i < words.length; i += 1) {
    const at = words[i].text.length === 1 ? exampleOf(text, words, i) : i;
    words[kept] = at > i ? { ...words[i], end: words[at].end } : words[i];
    kept += 1;
    i = at;
  }
  words.length = kept;
  return withNatoLetters(text, words);
}

const pausedBetween = (text: string, a: Word, b: Word): boolean => isPause(text.slice(a.end, b.start));

/** NATO words said among spelled letters or digits as their letters (in place); "oscar o" as one letter. */
function withNatoLetters(text: string, words: Word[]): Word[] {
  let kept = 0;
  // Whether the word kept last is a letter said with its NATO word already ("oscar o"): not joined again.
  let joined = false;
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i];
    const letter = natoOf(w);
    const next = words[i + 1];
    if (letter === undefined) {
      words[kept] = w;
      kept += 1;
      joined = false;
      continue;
    }
    const prev = kept > 0 ? words[kept - 1] : undefined;
    if (next && next.lower === letter && pausedBetween(text, w, next)) {
      // "oscar o": the NATO word, then its letter.
      words[kept] = { text: next.text, lower: letter, start: w.start, end: next.end };
      kept += 1;
      joined = true;
      i += 1;
    } else if (prev && !joined && prev.lower === letter && pausedBetween(text, prev, w)) {
      // "n november": the letter, then its NATO word.
      words[kept - 1] = { ...prev, end: w.end };
      joined = true;
    } else if (
      (prev && spelledPart(text, prev) && pausedBetween(text, prev, w)) ||
      (next && spelledPart(text, next) && pausedBetween(text, w, next))
    ) {
      words[kept] = { text: letter, lower: letter, start: w.start, end: w.end };
      kept += 1;
      joined = false;
    } else {
      words[kept] = w;
      kept += 1;
      joined = false;
    }
  }
  words.length = kept;
  return words;
}

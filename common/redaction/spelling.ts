// Letters spelled out with an example word, as callers spell a name or a code over a bad line: "s as in
// sam", "d as in delta" (the NATO words are examples too), "b for boy". Each becomes one word, the letter,
// spanning the example, so the rules that read spelled letters (common/redaction/emails.ts, iban.ts) read
// "s as in sam, o, p, h, i, e" as they read "s o p h i e", and the example word goes with the letter.

export interface Word {
  /** The word as written; a letter spelled with an example is the letter alone. */
  text: string;
  lower: string;
  start: number;
  end: number;
}

/** Only a pause (spaces, a comma) stands between the words of one spelled letter. */
const PAUSE = /^[\s,]+$/;

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
  const words = Array.from(text.matchAll(/[A-Za-z0-9]+/g), (m) => ({
    text: m[0],
    lower: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
  // In place: a spelled letter takes its example's end, the words after move up over what it took.
  let kept = 0;
  for (let i = 0; i < words.length; i += 1) {
    const at = words[i].text.length === 1 ? exampleOf(text, words, i) : i;
    words[kept] = at > i ? { ...words[i], end: words[at].end } : words[i];
    kept += 1;
    i = at;
  }
  words.length = kept;
  return words;
}

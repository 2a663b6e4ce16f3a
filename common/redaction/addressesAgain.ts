import type { TextSpan } from './kinds';
import { wordsOf, type Word } from './spelling';

// An address said again in part, after it was said whole: "It's d dot volkov at cobalt ridge dot net." / "So d volkov,
// with a dot in between?"; "Tyler dot brooks at greyfield partners"; "K A I T L I N"; "So to f nakamura, cc jordan dot
// ellis" (the fortieth blind set, BENCHMARKS.md). The words of each address found (in the text before, or in the
// call's turns before) are kept as letters; a few words later whose letters are its local part, or a piece of it said
// with "dot", "underscore" or spelled, are that address again, with "at" and the start of its host after them.

/** What an address found is, as letters: its local part and its host ("dvolkov", "cobaltridgenet"). */
export interface HeardAddress {
  local: string;
  host: string;
}

/** How many words a part said again may hold. */
const MAX_WORDS = 8;
/** A piece said with a join word or spelled is at least this many letters; fewer may be anything. */
const MIN_PIECE = 4;
/** How many addresses heard last a part is compared with: bounded, so linear. */
export const RECENT = 8;
const JOIN_WORDS = new Set(['dot', 'underscore', 'dash', 'hyphen', 'period']);
const AT = new Set(['at', '@']);

const lettersOf = (words: Word[]): string =>
  words
    .filter((w) => !JOIN_WORDS.has(w.lower))
    .map((w) => w.lower)
    .join('');

/** The address of `span` in `text`, as letters: split at its last "at" or "@". */
export function heardAddress(text: string, span: TextSpan): HeardAddress | null {
  const said = text.slice(span.start, span.end).toLowerCase();
  const at = Math.max(said.lastIndexOf('@'), said.lastIndexOf(' at '));
  if (at < 0) return null;
  const local = lettersOf(wordsOf(said.slice(0, at)));
  const host = lettersOf(wordsOf(said.slice(at + 1)).filter((w) => w.lower !== 'at'));
  return local.length >= 2 ? { local, host } : null;
}

/** Words i..j said as one piece: each gap a space or a comma. */
const joinedGap = (text: string, a: Word, b: Word): boolean => /^[\s,]*$/.test(text.slice(a.end, b.start));

/** Whether words i..j are an address of `heard` said again: its whole local part, or a piece of it joined or spelled. */
function saysAgain(words: Word[], i: number, j: number, heard: HeardAddress[]): boolean {
  const piece = words.slice(i, j + 1);
  if (JOIN_WORDS.has(piece[0].lower) || JOIN_WORDS.has(piece[piece.length - 1].lower)) return false;
  const letters = lettersOf(piece);
  const joined = piece.some((w) => JOIN_WORDS.has(w.lower));
  const spelled = piece.length >= 3 && piece.every((w) => w.text.length === 1);
  return heard.some(
    (h) =>
      (letters === h.local && piece.length >= 2) ||
      ((joined || spelled) && letters.length >= MIN_PIECE && h.local.includes(letters)),
  );
}

/** After words[j]: "at" and the words of the host said again, as far as they go; the last word's index, or j. */
function hostAfter(text: string, words: Word[], j: number, heard: HeardAddress[]): number {
  if (!words[j + 1] || !AT.has(words[j + 1].lower) || !joinedGap(text, words[j], words[j + 1])) return j;
  let end = j;
  let letters = '';
  for (let k = j + 2; k < words.length && k <= j + 1 + MAX_WORDS; k += 1) {
    if (!joinedGap(text, words[k - 1], words[k])) break;
    if (!JOIN_WORDS.has(words[k].lower)) letters += words[k].lower;
    if (!heard.some((h) => h.host.startsWith(letters))) break;
    if (!JOIN_WORDS.has(words[k].lower)) end = k;
  }
  return end;
}

/**
 * `spans` (sorted) with the addresses said again added: of `heard` (the call's before) and of the addresses among
 * `spans` before each. Each word starts at most MAX_WORDS candidates: linear in the text.
 */
export function withAddressesAgain(text: string, spans: TextSpan[], heard: HeardAddress[]): TextSpan[] {
  const addresses = spans.filter((s) => s.kind === 'email_address');
  if (heard.length === 0 && addresses.length === 0) return spans;
  const words = wordsOf(text);
  const known = [...heard];
  const out: TextSpan[] = [];
  let s = 0;
  let a = 0;
  for (let i = 0; i < words.length; i += 1) {
    // The spans before this word, and the addresses among them heard.
    while (s < spans.length && spans[s].end <= words[i].start) out.push(spans[s++]);
    while (a < addresses.length && addresses[a].end <= words[i].start) {
      const address = heardAddress(text, addresses[a++]);
      if (address) known.push(address);
      if (known.length > RECENT) known.shift();
    }
    if (known.length === 0 || (s < spans.length && spans[s].start < words[i].end)) continue;
    let found = -1;
    for (let j = i; j < words.length && j < i + MAX_WORDS; j += 1) {
      if (j > i && !joinedGap(text, words[j - 1], words[j])) break;
      if (s < spans.length && spans[s].start < words[j].end) break;
      if (saysAgain(words, i, j, known)) found = j;
    }
    if (found < 0) continue;
    const last = hostAfter(text, words, found, known);
    const end = s < spans.length ? Math.min(words[last].end, spans[s].start) : words[last].end;
    out.push({ start: words[i].start, end, kind: 'email_address' });
    while (i + 1 < words.length && words[i + 1].start < end) i += 1;
  }
  while (s < spans.length) out.push(spans[s++]);
  return out;
}

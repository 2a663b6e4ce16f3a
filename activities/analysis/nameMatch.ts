import type { AnalysisLanguage } from '../../common/recordingAnalysis';
import { DECLINES_SURNAMES, HONORIFICS, surnameStem } from './nameCues';
import type { Span } from './sentences';

// Where a text says the customer's name: the full name, the first name, or a title and the surname
// ("Mr. Lee", "pane Dvořáku": declined Czech surnames by stem). Whole words, any case; at one place
// the title form is tried first, then the full name, then the first name, and matches do not overlap,
// so "Jordan Lee" or "Mr. Jordan" counts once.
//
// The name is the caller's text (a speaker label, a persona), so it is never turned into a regular
// expression: a name of 3,000 words made a pattern that took tens of seconds per line, and a longer
// one failed to compile. Text and name are cut into the same pieces instead, words (runs of letters,
// digits and apostrophes, compared in lower case) and what separates them (any run of spaces counts
// as one space), and the name's pieces are found among the text's with Knuth–Morris–Pratt: linear in
// the text plus the name, whatever either holds.

const WORD = /[\p{L}\p{N}']+/gu;
const SPACE = /\s/u;
const fold = (s: string): string => s.toLowerCase();
const canonical = (separator: string): string => fold(separator).replace(/\s+/g, ' ');

/** A name form cut into pieces: what precedes its first word, its words, what separates them, what follows. */
interface Pieces {
  lead: string;
  words: string[];
  seps: string[];
  trail: string;
}

function piecesOf(form: string): Pieces | null {
  const words: string[] = [];
  const seps: string[] = [];
  let lead = '';
  let at = 0;
  for (const m of form.matchAll(WORD)) {
    const separator = canonical(form.slice(at, m.index));
    if (words.length === 0) lead = separator;
    else seps.push(separator);
    words.push(fold(m[0]));
    at = (m.index ?? 0) + m[0].length;
  }
  return words.length === 0 ? null : { lead, words, seps, trail: canonical(form.slice(at)) };
}

/** A text cut into words (with their offsets) and separators: seps[i] precedes words[i], seps[n] follows the last. */
interface Pieced {
  raw: string;
  starts: number[];
  ends: number[];
  words: string[];
  seps: string[];
}

function piecedText(raw: string): Pieced {
  const text: Pieced = { raw, starts: [], ends: [], words: [], seps: [] };
  let at = 0;
  for (const m of raw.matchAll(WORD)) {
    const start = m.index ?? 0;
    text.seps.push(canonical(raw.slice(at, start)));
    text.starts.push(start);
    text.words.push(fold(m[0]));
    at = start + m[0].length;
    text.ends.push(at);
  }
  text.seps.push(canonical(raw.slice(at)));
  return text;
}

const rawSeparator = (text: Pieced, i: number): string =>
  text.raw.slice(i === 0 ? 0 : text.ends[i - 1], i < text.starts.length ? text.starts[i] : text.raw.length);

/** How many characters of `raw` the canonical `prefix` stands for (a space for a run of them). */
function rawPrefixLength(raw: string, prefix: string): number {
  let r = 0;
  for (const c of prefix) {
    if (c === ' ') while (r < raw.length && SPACE.test(raw[r])) r += 1;
    else r += c.length;
  }
  return r;
}

function rawSuffixLength(raw: string, suffix: string): number {
  let r = raw.length;
  for (const c of [...suffix].reverse()) {
    if (c === ' ') while (r > 0 && SPACE.test(raw[r - 1])) r -= 1;
    else r -= c.length;
  }
  return raw.length - r;
}

/** Where `lead` (what precedes the form's first word) starts before word i, or null when it is not there as a whole. */
function leadStart(text: Pieced, i: number, lead: string): number | null {
  if (!lead) return text.starts[i];
  const sep = text.seps[i];
  // All of the separator is the lead: then a word touches it, unless the text starts there.
  if (!sep.endsWith(lead) || (sep.length === lead.length && i > 0)) return null;
  return text.starts[i] - rawSuffixLength(rawSeparator(text, i), lead);
}

/** Where `trail` (what follows the form's last word) ends after word i, or null when it is not there as a whole. */
function trailEnd(text: Pieced, i: number, trail: string): number | null {
  if (!trail) return text.ends[i];
  const sep = text.seps[i + 1];
  if (!sep.startsWith(trail) || (sep.length === trail.length && i + 1 < text.words.length)) return null;
  return text.ends[i] + rawPrefixLength(rawSeparator(text, i + 1), trail);
}

/** The word indexes where the form's words, and the separators between them, follow one another (KMP). */
function occurrences(text: Pieced, form: Pieces): Set<number> {
  const ids = new Map<string, number>();
  const id = (piece: string): number => {
    let value = ids.get(piece);
    if (value === undefined) {
      value = ids.size;
      ids.set(piece, value);
    }
    return value;
  };
  // Words and separators alternate, in the form as in the text; the two never share a piece.
  const pattern: number[] = [];
  form.words.forEach((word, j) => {
    if (j > 0) pattern.push(id(form.seps[j - 1]));
    pattern.push(id(word));
  });
  const fallback = new Int32Array(pattern.length);
  for (let q = 1, k = 0; q < pattern.length; q += 1) {
    while (k > 0 && pattern[q] !== pattern[k]) k = fallback[k - 1];
    if (pattern[q] === pattern[k]) k += 1;
    fallback[q] = k;
  }
  const found = new Set<number>();
  const pieces = 2 * text.words.length - 1;
  for (let t = 0, k = 0; t < pieces; t += 1) {
    const piece = t % 2 === 0 ? text.words[t / 2] : text.seps[(t + 1) / 2];
    const c = ids.get(piece) ?? -1;
    while (k > 0 && c !== pattern[k]) k = fallback[k - 1];
    if (c === pattern[k]) k += 1;
    if (k === pattern.length) {
      found.add((t - pattern.length + 1) / 2);
      k = fallback[k - 1];
    }
  }
  return found;
}

type Attempt = (text: Pieced, i: number) => Span | null;

/** The form (full name, first name) at word i, given where its words occur. */
function literal(form: Pieces): (text: Pieced) => Attempt {
  return (text) => {
    const at = occurrences(text, form);
    return (t, i) => {
      if (!at.has(i)) return null;
      const start = leadStart(t, i, form.lead);
      const end = start === null ? null : trailEnd(t, i + form.words.length - 1, form.trail);
      return start === null || end === null ? null : { start, end };
    };
  };
}

const LETTERS_UP_TO_4 = /^\p{L}{0,4}$/u;

/**
 * A title, an optional dot, spaces, then the surname (its stem and up to four more letters where
 * surnames decline) at word i. Titles are single words: each attempt reads the text only up to the
 * first space after the title (a surname holds none), so the attempts never read the same words twice.
 */
function titled(honorifics: string[], surname: Pieces, declines: boolean): Attempt {
  const titles = new Set(honorifics);
  const last = surname.words.length - 1;
  return (text, i) => {
    const first = i + 1;
    if (!titles.has(text.words[i]) || first + last >= text.words.length) return null;
    const sep = text.seps[first];
    if (sep !== ` ${surname.lead}` && sep !== `. ${surname.lead}`) return null;
    for (let j = 0; j <= last; j += 1) {
      if (j > 0 && text.seps[first + j] !== surname.seps[j - 1]) return null;
      const word = text.words[first + j];
      const wanted = surname.words[j];
      // A declined surname's stem may end inside a word: up to four letters may follow.
      const ok =
        declines && j === last && !surname.trail
          ? word.startsWith(wanted) && LETTERS_UP_TO_4.test(word.slice(wanted.length))
          : word === wanted;
      if (!ok) return null;
    }
    const end = trailEnd(text, first + last, surname.trail);
    if (end !== null) return { start: text.starts[i], end };
    // The stem ends with a separator ("Al-"): the letters that may follow are a word of their own.
    const next = first + last + 1;
    if (declines && surname.trail && text.seps[next] === surname.trail && next < text.words.length)
      return LETTERS_UP_TO_4.test(text.words[next]) ? { start: text.starts[i], end: text.ends[next] } : null;
    return null;
  };
}

export type NameMatcher = (text: string) => Span[];

/** Finds the name's mentions in a text (see the top of this file); null when there is no name. */
export function nameMatcher(customerName: string | null, language: AnalysisLanguage): NameMatcher | null {
  const full = customerName?.trim().replace(/\s+/g, ' ');
  if (!full) return null;
  const parts = full.split(' ');
  const declines = DECLINES_SURNAMES[language] === true;
  const surnameForm = piecesOf(declines ? surnameStem(parts[parts.length - 1]) : parts[parts.length - 1]);
  const fullForm = piecesOf(full);
  const firstForm = parts[0] !== full ? piecesOf(parts[0]) : null;
  const title = surnameForm ? titled(HONORIFICS[language], surnameForm, declines) : null;
  // At one place the earliest start wins: a form with something before its first word ("(Jay) Lee")
  // starts before the word it is found at.
  const leadFirst = (fullForm?.lead ?? '') !== '';
  return (raw) => {
    const text = piecedText(raw);
    const attempts = [fullForm, firstForm].flatMap((form) => (form ? [literal(form)(text)] : []));
    const ordered = title ? (leadFirst ? [...attempts, title] : [title, ...attempts]) : attempts;
    const found: Span[] = [];
    let from = 0;
    for (let i = 0; i < text.words.length; i += 1) {
      for (const attempt of ordered) {
        const span = attempt(text, i);
        if (span && span.start >= from) {
          found.push(span);
          from = span.end;
          break;
        }
      }
    }
    return found;
  };
}

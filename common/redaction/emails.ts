import type { TextSpan } from './kinds';

// Email addresses as written ("jordan.lee@example.com") and as providers write them spoken ("jordan dot
// lee at example dot com", "jordan underscore lee at example dot co dot uk", "J O N at fabrikam dot
// com"). A spoken one needs a known top-level domain at its end, and a one-word local part must not be
// an everyday word ("find us at example dot com" is a website, not an address).
//
// Linear in the text (issue 49): the text is split into words once; each "@" or "at" is an anchor, and
// only a bounded window around it is read (a local part is at most 64 characters, an address 254), so
// no start position rescans the text as a pattern with an unbounded prefix did.

const TLDS = new Set(
  (
    'com org net edu gov mil int io co us uk ca de fr es it nl be ch at se no dk fi ie pl cz pt br mx ar au nz ' +
    'in jp cn sg za eu info biz me ai app dev tech email xyz tv ly design shop store online site cloud agency ' +
    'studio health law consulting group digital media solutions company services systems global world live ' +
    'inc llc ltd pro name mobi travel news blog art club network software finance bank insurance realty'
  ).split(' '),
);

/** Words that come before "at <site> dot com" in speech without being an address's local part. */
const NOT_LOCAL = new Set(
  (
    'us me him her them it is are was were be been am out up in on online site website web page here there ' +
    'find visit go look looking available based located sign log meet see that this which what everything ' +
    'anything something all everyone anyone people team folks details info more docs listed posted live ' +
    'work works working stay staying i we you they he she store shop a an the and or to'
  ).split(' '),
);

const LOCAL_JOIN_WORDS = new Set(['dot', 'underscore', 'dash', 'hyphen', 'period', 'point']);
const DOMAIN_DOT_WORDS = new Set(['dot', 'period', 'point']);
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const wordsOf = (text: string): Word[] =>
  Array.from(text.matchAll(/[A-Za-z0-9]+/g), (m) => ({
    text: m[0],
    lower: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));

/** What stands between two words: "" (touching), a written joiner ".", "_", "-", "@", or space. */
const between = (text: string, a: Word, b: Word): string => text.slice(a.end, b.start);

const isSpace = (gap: string): boolean => gap.length > 0 && gap.trim() === '';

/** Written addresses: each "@" with the address characters around it, at most an address's length. */
function writtenSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let at = text.indexOf('@');
  let claimedTo = 0;
  while (at >= 0) {
    let start = at;
    while (start > claimedTo && at - start < MAX_LOCAL && /[A-Za-z0-9._%+-]/.test(text[start - 1])) start -= 1;
    while (start < at && !/[A-Za-z0-9]/.test(text[start])) start += 1;
    let end = at + 1;
    while (end < text.length && end - at < MAX_ADDRESS && /[A-Za-z0-9.-]/.test(text[end])) end += 1;
    while (end > at + 1 && !/[A-Za-z0-9]/.test(text[end - 1])) end -= 1;
    const domain = text.slice(at + 1, end);
    const lastDot = domain.lastIndexOf('.');
    if (start < at && lastDot > 0 && /^[A-Za-z]{2,24}$/.test(domain.slice(lastDot + 1))) {
      spans.push({ start, end, kind: 'email_address' });
      claimedTo = end;
    }
    at = text.indexOf('@', at + 1);
  }
  return spans;
}

/** The domain spoken from word `k` on ("example dot co dot uk"): the index of its last word, or -1. */
function spokenDomainEnd(text: string, words: Word[], k: number, allowSpaces: boolean): number {
  let last = -1;
  let labels = 0;
  let j = k;
  const origin = words[k]?.start ?? 0;
  // A label may be two words said apart ("acme corp dot com").
  let spaced = 0;
  while (j < words.length && words[j].end - origin < MAX_ADDRESS) {
    const next = words[j + 1];
    if (!next) break;
    const gap = between(text, words[j], next);
    if (gap === '.' || (isSpace(gap) && DOMAIN_DOT_WORDS.has(next.lower) && words[j + 2])) {
      const label = gap === '.' ? next : words[j + 2];
      if (gap !== '.' && !isSpace(between(text, next, label))) break;
      labels += 1;
      if (TLDS.has(label.lower)) last = words.indexOf(label, j);
      j = words.indexOf(label, j);
      spaced = 0;
      continue;
    }
    if (gap === '-' || (isSpace(gap) && (next.lower === 'dash' || next.lower === 'hyphen') && words[j + 2])) {
      j = gap === '-' ? j + 1 : j + 2;
      continue;
    }
    if (allowSpaces && labels === 0 && spaced === 0 && isSpace(gap) && !DOMAIN_DOT_WORDS.has(next.lower)) {
      spaced += 1;
      j += 1;
      continue;
    }
    break;
  }
  return labels > 0 ? last : -1;
}

/** Spoken addresses: each "at" (or a lone "@") with the local part before it and the domain after it. */
function spokenSpans(text: string, words: Word[]): TextSpan[] {
  const spans: TextSpan[] = [];
  let claimedTo = 0;
  for (let k = 1; k < words.length - 1; k += 1) {
    const gapBefore = between(text, words[k - 1], words[k]);
    const isAt = words[k].lower === 'at' && isSpace(gapBefore) && isSpace(between(text, words[k], words[k + 1]));
    const atSign = !isAt && /^\s*@\s*$/.test(gapBefore) && gapBefore.trim() === '@';
    if (!isAt && !atSign) continue;
    const localEnd = isAt ? k - 1 : k - 1;
    const domainStart = isAt ? k + 1 : k;
    // The local part, walked back from the anchor: words joined by ".", "_", "-" or their spoken names,
    // or letters spelled one by one.
    let first = localEnd;
    let joined = false;
    let spelled = words[localEnd].text.length === 1 ? 1 : 0;
    while (first > 0 && words[localEnd].end - words[first - 1].start <= MAX_LOCAL * 3) {
      const prev = words[first - 1];
      const gap = between(text, prev, words[first]);
      if (gap === '.' || gap === '_' || gap === '-') {
        first -= 1;
        joined = true;
        continue;
      }
      if (isSpace(gap) && LOCAL_JOIN_WORDS.has(prev.lower) && first >= 2) {
        const before = words[first - 2];
        if (!isSpace(between(text, before, prev))) break;
        first -= 2;
        joined = true;
        continue;
      }
      if (isSpace(gap) && spelled > 0 && prev.text.length === 1 && words[first].text.length === 1) {
        first -= 1;
        spelled += 1;
        continue;
      }
      break;
    }
    if (words[first].start < claimedTo) continue;
    const single = !joined && spelled < 2;
    if (single && NOT_LOCAL.has(words[first].lower)) continue;
    // A local part that is no everyday word may come before a domain said in two words ("acme corp dot com").
    const last = spokenDomainEnd(text, words, domainStart, true);
    if (last < 0) continue;
    spans.push({ start: words[first].start, end: words[last].end, kind: 'email_address' });
    claimedTo = words[last].end;
    k = last;
  }
  return spans;
}

export function emailSpans(text: string): TextSpan[] {
  return [...writtenSpans(text), ...spokenSpans(text, wordsOf(text))];
}

import { getCountries } from 'libphonenumber-js/max';
import type { Word } from './spelling';
import { correctionEnd } from './corrections';
import { between, isPause, isSpace } from './wordGaps';

// The domain of a spoken email address (common/redaction/emails.ts): labels said with "dot" ("example dot co dot
// uk"), a label said in up to three words ("acme corp dot com") or spelled ("riverside v e t dot c a"), a word
// followed by its spelling ("outlook, o u t l o o k"), ending in a known top-level domain. Each reads a bounded
// number of words from its start.

const TLDS = new Set(
  (
    'com org net edu gov mil int io co us uk ca de fr es it nl be ch at se no dk fi ie pl cz pt br mx ar au nz ' +
    'in jp cn sg za eu info biz me ai app dev tech email xyz tv ly design shop store online site cloud agency ' +
    'studio health law consulting group digital media solutions company services systems global world live ' +
    'photo photography energy solar vet events wedding legal money homes auto cars fitness clinic dental care ' +
    'family coffee tours academy school education training marketing rentals partners ventures capital ' +
    'inc llc ltd pro name mobi travel news blog art club network software finance bank insurance realty ' +
    // The sponsored domains of trades and bodies (IANA's sTLDs): an aircraft shop's "dot aero", a museum's.
    'aero asia cat coop jobs museum post tel ngo ong'
  ).split(' '),
);
// Every country's own top-level domain is its ISO 3166 code ("my", "ke", "jp"): libphonenumber-js knows them all.
for (const country of getCountries()) TLDS.add(country.toLowerCase());

// Spanish too: "rosa punto mendez arroba gmail punto com".
export const DOMAIN_DOT_WORDS = new Set(['dot', 'period', 'point', 'punto']);
/** How "@" is said: "at", and Spanish "arroba". */
export const AT_WORDS = new Set(['at', 'arroba']);
/** A known top-level domain ("com", "co", "io", any country's code). */
export const isTopLevelDomain = (label: string): boolean => TLDS.has(label.toLowerCase());
export const MAX_LOCAL = 64;
export const MAX_ADDRESS = 254;

/** Whether words[a..b] are single letters said apart whose letters are `word` ("o u t l o o k" for "outlook"). */
export function spells(text: string, words: Word[], a: number, b: number, word: string): boolean {
  if (a < 0 || b >= words.length || b - a + 1 !== word.length || word.length < 2) return false;
  for (let i = a; i <= b; i += 1) {
    if (words[i].lower !== word[i - a]) return false;
    if (i > a && !isPause(between(text, words[i - 1], words[i]))) return false;
  }
  return true;
}

/** Word j followed by its spelling ("outlook, o u t l o o k"): the index of the spelling's last letter, else j. */
export function withSpellingAfter(text: string, words: Word[], j: number): number {
  const word = words[j].lower;
  const to = j + word.length;
  return word.length <= MAX_LOCAL &&
    isPause(between(text, words[j], words[j + 1] ?? words[j])) &&
    spells(text, words, j + 1, to, word)
    ? to
    : j;
}

/** The index of the last of the letters spelled one by one from word k ("c h r i s m", "m, y"), else k. */
export function spelledEnd(text: string, words: Word[], k: number): number {
  let end = k;
  while (
    words[k].text.length === 1 &&
    end + 1 < words.length &&
    end - k < MAX_LOCAL &&
    words[end + 1].text.length === 1 &&
    isPause(between(text, words[end], words[end + 1]))
  )
    end += 1;
  return end;
}

/**
 * A label from word k: the word, or letters spelled one by one ("m y", "c h r i s m"). The index of its
 * last word and the label; a spelled label that ends the address ends at its longest prefix that is a
 * top-level domain, if any.
 */
function labelAt(text: string, words: Word[], k: number): { end: number; label: string } {
  const last = spelledEnd(text, words, k);
  let label = words[k].lower;
  let tld = TLDS.has(label) ? { end: k, label } : null;
  for (let end = k + 1; end <= last; end += 1) {
    label += words[end].lower;
    if (TLDS.has(label)) tld = { end, label };
  }
  const more = words[last + 1] && DOMAIN_DOT_WORDS.has(words[last + 1].lower);
  return more ? { end: last, label } : (tld ?? { end: last, label });
}

/** The domain spoken from word `k` on ("example dot co dot uk"): the index of its last word, or -1. */
export function spokenDomainEnd(text: string, words: Word[], k: number, allowSpaces: boolean): number {
  let last = -1;
  let labels = 0;
  let j = k;
  const origin = words[k]?.start ?? 0;
  // A label may be up to four words said apart ("acme corp dot com", "green leaf garden centre dot co dot uk").
  let spaced = 0;
  while (j < words.length && words[j].end - origin < MAX_ADDRESS) {
    // The domain's first label spelled ("at c h r i s m dot io") is one label.
    j = j === k ? spelledEnd(text, words, j) : j;
    j = withSpellingAfter(text, words, j);
    const next = words[j + 1];
    if (!next) break;
    const gap = between(text, words[j], next);
    if (gap === '.' || (isPause(gap) && DOMAIN_DOT_WORDS.has(next.lower) && words[j + 2])) {
      const at = gap === '.' ? j + 1 : j + 2;
      if (gap !== '.' && !isSpace(between(text, next, words[at]))) break;
      const label = labelAt(text, words, at);
      labels += 1;
      if (TLDS.has(label.label)) last = label.end;
      j = label.end;
      spaced = 0;
      continue;
    }
    if (gap === '-' || (isSpace(gap) && (next.lower === 'dash' || next.lower === 'hyphen') && words[j + 2])) {
      j = gap === '-' ? j + 1 : j + 2;
      continue;
    }
    if (allowSpaces && labels === 0 && spaced < 3 && isSpace(gap) && !DOMAIN_DOT_WORDS.has(next.lower)) {
      spaced += 1;
      // Letters spelled one by one are one of those words ("riverside v e t dot c a", "home s m n dot com").
      j = spelledEnd(text, words, j + 1);
      continue;
    }
    break;
  }
  return labels > 0 ? last : -1;
}

/**
 * "… at yahoo dot co dot uk, no, dot com, yahoo dot com": a domain taken back and said again, whole or from a
 * "dot", then perhaps once more after a comma. The last word of what is said again, else `last`; at most three
 * sayings are read.
 */
export function restatedDomainEnd(text: string, words: Word[], last: number): number {
  let end = last;
  for (let times = 0; times < 3 && end + 1 < words.length; times += 1) {
    const taken = correctionEnd(text, words[end].end);
    let m = end + 1;
    if (taken >= 0) while (m < words.length && words[m].start < taken) m += 1;
    else if (times === 0 || !/^\s*,\s*$/.test(between(text, words[end], words[m]))) break;
    if (m >= words.length) break;
    let next = -1;
    if (DOMAIN_DOT_WORDS.has(words[m].lower))
      for (
        let j = m;
        j + 1 < words.length && DOMAIN_DOT_WORDS.has(words[j].lower) && TLDS.has(words[j + 1].lower);
        j += 2
      )
        next = j + 1;
    else next = spokenDomainEnd(text, words, m, false);
    if (next < 0) break;
    end = next;
  }
  return end;
}

/** "… at gmail, no, at outlook dot com": a host taken back after "at" and given again with "at": the second domain's end, or -1. */
export function retakenDomainEnd(text: string, words: Word[], k: number): number {
  if (k >= words.length) return -1;
  const taken = correctionEnd(text, words[k].end);
  if (taken < 0) return -1;
  let m = k + 1;
  while (m < words.length && words[m].start < taken) m += 1;
  return AT_WORDS.has(words[m]?.lower ?? '') && m + 1 < words.length ? spokenDomainEnd(text, words, m + 1, true) : -1;
}

/** The hosts of webmail and internet providers' mail, which name an address's domain said without its ending. */
const MAIL_HOSTS = new Set(
  (
    'gmail googlemail yahoo ymail hotmail outlook aol icloud protonmail proton gmx zoho fastmail yandex comcast ' +
    'verizon sbcglobal bellsouth earthlink optonline'
  ).split(' '),
);
/** Whether `word` is a webmail or internet provider's mail host ("gmail", "comcast"). */
export const isMailHost = (word: Word | undefined): boolean => word !== undefined && MAIL_HOSTS.has(word.lower);
/** An address spoken of just before: its host said alone is a read-back ("… so m n burke at gmail"). */
const ADDRESS_WORDS = /\b(?:e-?mails?|address|inbox)\b/i;
/** How far back an address or its name is looked for. */
const ADDRESS_BEFORE = 200;

/**
 * A mail host said without its ending: "at gmail com" (the "dot" not heard), or "at gmail" alone where an address
 * was said or spoken of just before (`addressAt`: where the last address found ends, or -1). The index of the
 * domain's last word, or -1.
 */
export function bareMailHostEnd(text: string, words: Word[], k: number, addressAt: number): number {
  const host = words[k];
  if (!host || !MAIL_HOSTS.has(host.lower)) return -1;
  const next = words[k + 1];
  if (next && (next.lower === 'com' || next.lower === 'net') && isSpace(between(text, host, next))) return k + 1;
  const from = Math.max(0, host.start - ADDRESS_BEFORE);
  return addressAt >= from || ADDRESS_WORDS.test(text.slice(from, host.start)) ? k : -1;
}

import type { TextSpan } from './kinds';
import { restated } from './corrections';
import { afterIsFrom, atTheRateOf, numberedFrom, spelledOutFrom, website } from './spokenLocalPart';
import { between, isPause, isSpace } from './wordGaps';
import { wordsOf, type Word } from './spelling';
import { writtenEmailSpans } from './writtenEmails';
import {
  AT_WORDS,
  bareMailHostEnd,
  isMailHost,
  MAX_LOCAL,
  restatedDomainEnd,
  retakenDomainEnd,
  spells,
  spokenDomainEnd,
} from './spokenDomain';

// Email addresses as written ("jordan.lee@example.com") and as providers write them spoken ("jordan dot
// lee at example dot com", "jordan underscore lee at example dot co dot uk", "J O N at fabrikam dot
// com", "j dot kim at outlook, o u t l o o k, dot com", "an dot le at penang trading dot m y"). A
// word may be followed or preceded by its own spelling, a label or the top-level domain may be spelled,
// and after a word saying an address is coming, a local part may be a name said in a few words ("send it
// to ana maria lopez at …"). A spoken one needs a known top-level domain at its end, and a one-word local
// part must not be an everyday word ("find us at example dot com" is a website, not an address).
//
// Linear in the text (issue 49): the text is split into words once; each "@" or "at" is an anchor, and
// only a bounded window around it is read (a local part is at most 64 characters, an address 254), so
// no start position rescans the text as a pattern with an unbounded prefix did.

/** Words that come before "at <site> dot com" in speech without being an address's local part. */
const NOT_LOCAL = new Set(
  (
    'us me him her them it is are was were be been am out up in on online site website web page here there ' +
    'find visit go look looking available based located sign log meet see that this which what everything ' +
    'anything something all everyone anyone people team folks details info more docs listed posted live ' +
    'work works working stay staying i we you they he she store shop a an the and or to'
  ).split(' '),
);

/** Everyday words and greetings a mailbox is also named ("info", "hello"): a local part only when introduced. */
const NOT_LOCAL_OR_GREETING = new Set([...NOT_LOCAL, 'hello', 'hi']);

/**
 * Words that end a local part said as a name in a few words ("write to li na ninety one at …",
 * "send it to ana maria lopez at …"): the words that introduce an address, not part of it.
 */
const NOT_NAME = new Set(
  (
    'email mail address addresses my your his her its our their is s at to me uh um so yeah okay ok sure ' +
    'please send write reach contact cc copy forward hi hello thanks name called just also either ' +
    'es mi su correo'
  ).split(' '),
);
/** A single letter said as an initial: not "a" or "i" (words), nor the "s" of "it's". */
const initialAt = (text: string, w: Word): boolean =>
  /^[b-hj-z]$/i.test(w.text) && !/['’]/.test(text[w.start - 1] ?? '');
/** A word that may be a name in a local part ("bigdog", "white"), not a word introducing one. */
const nameWord = (w: Word): boolean => w.text.length >= 2 && !NOT_NAME.has(w.lower) && !NOT_LOCAL.has(w.lower);
/** At most this many words of a name before the anchor word of a local part. */
const NAME_WORDS = 3;
/** Words that say an address is coming, read at most INTRO_WORDS words before a name. */
const ADDRESS_CUES = new Set('email mail address send write reach contact cc forward copy correo'.split(' '));
const INTRO_WORDS = 4;
const introduced = (words: Word[], k: number): boolean =>
  words.slice(Math.max(0, k - INTRO_WORDS), k).some((w) => ADDRESS_CUES.has(w.lower));

/**
 * "it's info at tuktuk dot com", "that's hello at …": a mailbox word given as the answer; "more info at …" is a site.
 * And an address said again soon after one ("…, no wait, it's dot com, hello at …").
 */
const answered = (text: string, words: Word[], k: number): boolean => {
  const [before, s] = [words[k - 2]?.lower, words[k - 1]?.lower];
  return (
    (s === 's' && /['’]/.test(text[words[k - 1].start - 1] ?? '') && (before === 'it' || before === 'that')) ||
    (s === 'is' && (before === 'it' || before === 'that'))
  );
};
const SAID_AGAIN_CHARS = 80;

// Spanish too: "punto", "guion" (and "guion bajo", an underscore, read below).
const LOCAL_JOIN_WORDS = new Set(['dot', 'underscore', 'dash', 'hyphen', 'period', 'point', 'punto', 'guion']);

/** Word j preceded by its spelling ("j o n, jon"): the index of the spelling's first letter, else j. */
function withSpellingBefore(text: string, words: Word[], j: number): number {
  const word = words[j].lower;
  const from = j - word.length;
  return word.length <= MAX_LOCAL &&
    from >= 0 &&
    isPause(between(text, words[j - 1], words[j])) &&
    spells(text, words, from, j - 1, word)
    ? from
    : j;
}

/**
 * Where an address starts when its local part was said just before, up to "at", and taken back ("r dot patel at,
 * sorry, r dot patel at nhs dot net"): the first saying is the address's too. Reads a bounded window back.
 */
function saidAgainFrom(text: string, start: number, localEnd: number, claimedTo: number): number {
  const local = text.slice(start, localEnd);
  const from = Math.max(claimedTo, start - local.length - GAP_BACK);
  const before = text.slice(from, start);
  const at = before.lastIndexOf(`${local} at`);
  if (at < 0) return start;
  return restated(before.slice(at + local.length + 3)) ? from + at : start;
}
const GAP_BACK = 45;
/** Characters that join a local part's words as written ("kofi_boateng", "r.costa", "anne-marie"). */
const JOINED = new Set(['_', '.', '-']);

/** "…, all one word", "no spaces" said after an address: its local part is every word said since it was introduced. */
const ONE_WORD_AFTER =
  /^[\s,.]*(?:(?:that's|it's|that is|it is)\s+)?(?:all\s+)?(?:one word|no spaces|together|lower ?case|small letters|todo junto)\b/i;
/** What introduces a local part said as one word in several: "my email is", "it's", "to", "at". */
const ONE_WORD_INTRO = new Set('is was it s its email mail address me to at my your his her their our'.split(' '));
/** At most this many words of a local part said as one word. */
const ONE_WORD_WORDS = 8;

/** The first word of a local part said in several words as one ("my email is hearth and home forty two at …"). */
function oneWordFrom(text: string, words: Word[], first: number, claimedTo: number): number {
  let from = first;
  while (
    from > 0 &&
    first - from < ONE_WORD_WORDS &&
    words[from - 1].start >= claimedTo &&
    !ONE_WORD_INTRO.has(words[from - 1].lower) &&
    isSpace(between(text, words[from - 1], words[from]))
  )
    from -= 1;
  return from;
}

/**
 * "the welcome pack at a l u n dot j o n e s at sky dot com": a would-be domain followed by another "at", or whose
 * letters are spelled on to one, is that address's local part (read at most a local part's length ahead).
 */
function spelledOnToAt(words: Word[], last: number): boolean {
  let k = last + 1;
  while (
    k < words.length &&
    k - last <= MAX_LOCAL &&
    (words[k].text.length === 1 || LOCAL_JOIN_WORDS.has(words[k].lower))
  )
    k += 1;
  return k < words.length && AT_WORDS.has(words[k].lower);
}

/** Spoken addresses: each "at" (or a lone "@") with the local part before it and the domain after it. */
function spokenSpans(text: string, words: Word[]): TextSpan[] {
  const spans: TextSpan[] = [];
  let claimedTo = 0;
  for (let k = 1; k < words.length - 1; k += 1) {
    const gapBefore = between(text, words[k - 1], words[k]);
    const isAt = AT_WORDS.has(words[k].lower) && isPause(gapBefore) && isSpace(between(text, words[k], words[k + 1]));
    // "at the rate of": how "@" is said in Indian English.
    const rate = isAt ? atTheRateOf(text, words, k) : 0;
    const atSign = !isAt && /^\s*@\s*$/.test(gapBefore) && gapBefore.trim() === '@';
    if (!isAt && !atSign) continue;
    const localEnd = k - 1;
    // "it's at gmail dot com": the "s" of "it's" is no local part.
    if (words[localEnd].text.length === 1 && /['’]/.test(text[words[localEnd].start - 1] ?? '')) continue;
    const domainStart = isAt ? k + 1 + rate : k;
    // The local part, walked back from the anchor: words joined by ".", "_", "-" or their spoken names,
    // or letters spelled one by one.
    let first = withSpellingBefore(text, words, localEnd);
    // A local part spelled and then said is an address's, whatever the word.
    let joined = first !== localEnd;
    // A number in words or figures ending it takes the name before it ("luis ochenta y ocho at …"), and the walk
    // goes on from there over what joins the name ("rosa punto mendez dos mil cinco arroba …").
    const numbered = joined ? first : numberedFrom(text, words, first, claimedTo, nameWord);
    if (numbered < first) {
      first = numbered;
      joined = true;
    }
    let spelled = words[localEnd].text.length === 1 ? 1 : 0;
    while (first > 0 && words[localEnd].end - words[first - 1].start <= MAX_LOCAL * 3) {
      const prev = words[first - 1];
      const gap = between(text, prev, words[first]);
      if (gap === '.' || gap === '_' || gap === '-') {
        first -= 1;
        joined = true;
        continue;
      }
      // "carlos guion bajo ruiz": the two words of a Spanish underscore.
      if (isSpace(gap) && prev.lower === 'bajo' && first >= 3 && words[first - 2].lower === 'guion') {
        const before = words[first - 3];
        if (!isSpace(between(text, before, words[first - 2]))) break;
        first -= 3;
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
      // Letters spelled one by one, at a pause each ("s as in sam, o, p, h, i, e at …"); the "s" of "it's" is
      // not one.
      const contracted = /['’]/.test(text[prev.start - 1] ?? '');
      if (isPause(gap) && spelled > 0 && prev.text.length === 1 && words[first].text.length === 1 && !contracted) {
        first -= 1;
        spelled += 1;
        continue;
      }
      break;
    }
    const single = !joined && spelled < 2;
    const afterIs = afterIsFrom(text, words, first, claimedTo);
    // An everyday word before "at <site>" is no local part ("find us at …"), unless an address is said to come
    // ("email it to info at …", "the photographer's email is hello at …") or letters are spelled onto it ("b c d
    // team at …").
    if (
      single &&
      afterIs === first &&
      NOT_LOCAL_OR_GREETING.has(words[first].lower) &&
      !introduced(words, first) &&
      !answered(text, words, first) &&
      !(spans.length > 0 && words[first].start - spans[spans.length - 1].end < SAID_AGAIN_CHARS) &&
      spelledOutFrom(text, words, first, claimedTo) === first
    )
      continue;
    // A name said in a few words before a one-word local part ("ana maria lopez at …"): back to the words
    // that introduce it, when they say an address is coming ("email me at", "send it to"); without them
    // ("we met sarah jones at …") only the one word is taken.
    let named = first;
    for (let n = 0; (single || joined) && n < NAME_WORDS && named > 0; n += 1) {
      const prev = words[named - 1];
      const gap = between(text, prev, words[named]);
      // "kofi_boateng 23 at …": a name written joined is one piece of the name, whatever its words.
      if (JOINED.has(gap)) {
        named -= 1;
        continue;
      }
      // "zoe two thousand and five at …": "and" inside a number said in words is part of it.
      if (prev.lower === 'and' && named >= 2 && /^(?:hundred|thousand)$/.test(words[named - 2].lower)) {
        named -= 2;
        continue;
      }
      // An initial before a surname is the name's ("my mail is j mueller at …").
      if (!isSpace(gap) || (prev.text.length < 2 && !initialAt(text, prev))) break;
      const piece = named >= 2 && JOINED.has(between(text, words[named - 2], prev));
      if (!piece && (NOT_NAME.has(prev.lower) || NOT_LOCAL.has(prev.lower))) break;
      named -= 1;
    }
    if (afterIs < first) first = afterIs;
    else if (named < first && introduced(words, named)) first = named;
    // An initial right before the surname is the address's whatever introduces it ("it's r costa at …", "R. Patel at …").
    else if (
      single &&
      first > 0 &&
      /^\.? $/.test(between(text, words[first - 1], words[first])) &&
      initialAt(text, words[first - 1])
    )
      first -= 1;
    // And a surname's initial after the name ("it's chris p at me dot com").
    else if (
      single &&
      first > 0 &&
      words[first].text.length === 1 &&
      isSpace(between(text, words[first - 1], words[first])) &&
      nameWord(words[first - 1])
    )
      first -= 1;
    // A local part that is no everyday word may come before a domain said in two words ("acme corp dot com").
    const found = spokenDomainEnd(text, words, domainStart, true);
    const retaken = found >= 0 ? found : retakenDomainEnd(text, words, domainStart);
    const domainEnd =
      retaken >= 0
        ? retaken
        : bareMailHostEnd(text, words, domainStart, spans.length > 0 ? spans[spans.length - 1].end : -1);
    if (domainEnd < 0 || website(text, words, domainStart, domainEnd) || spelledOnToAt(words, domainEnd)) continue;
    const last = restatedDomainEnd(text, words, domainEnd);
    const said = first;
    first = ONE_WORD_AFTER.test(text.slice(words[last].end, words[last].end + 30))
      ? oneWordFrom(text, words, first, claimedTo)
      : spelledOutFrom(text, words, first, claimedTo, localEnd, isMailHost(words[domainStart]));
    if (words[first].start < claimedTo) continue;
    const again = saidAgainFrom(text, words[said].start, words[localEnd].end, claimedTo);
    const start = Math.min(again, words[first].start);
    spans.push({ start, end: words[last].end, kind: 'email_address' });
    claimedTo = words[last].end;
    k = last;
  }
  return spans;
}

/** `words`: the text's words (common/redaction/spelling.ts), when the caller has them already. */
export function emailSpans(text: string, words: Word[] = wordsOf(text)): TextSpan[] {
  return [...writtenEmailSpans(text), ...spokenSpans(text, words)];
}

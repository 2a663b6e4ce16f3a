import { BANK_CONTEXT, CARD_CONTEXT, contextBefore, NOT_A_PHONE } from './context';
import { type DigitToken, digitsOf } from './digitToken';
import type { TextSpan } from './kinds';

// A card read with an aside in the middle: "…, nine four five six five seven, hold on mum i'm on the phone, nine two
// three two oh"; "five four seven four, uh dad what's the next bit, oh nine eight two, …"; "2517 9050, sorry the dog
// is barking, 9694 4956". Two digit runs with a few words between, neither part a value found alone, whose digits
// together are a card (a network's leading digits, Luhn-valid) named as one before the first part, said in words, or
// printed in groups of four. One span covers both parts and the aside (the caller's words to someone else are theirs to keep,
// but a placeholder cannot be split around them without telling where the card's digits were).

/** At most this many characters of aside between the parts. */
const ASIDE = 80;
const MIN_CARD = 13;
const MAX_CARD = 19;

const fourGroups = (tokens: DigitToken[]): boolean => tokens.every((t) => t.written && t.digits.length === 4);

/**
 * The cards said across an aside between consecutive runs (in text order) of `runs`, where no span of `found`
 * lies. `isCard`: the number test of common/redaction/numbers.ts. Each pair of runs is read once, a card's length
 * of tokens into the second: linear in the text.
 */
export function cardsAcrossAsides(
  text: string,
  runs: DigitToken[][],
  found: TextSpan[],
  isCard: (digits: string) => boolean,
): TextSpan[] {
  const taken = new Uint8Array(text.length + 1);
  for (const span of found) taken.fill(span.kind === 'phone_number' ? 2 : 1, span.start, span.end);
  const free = (start: number, end: number) => taken.subarray(start, end).every((c) => c === 0);
  /** No span but a phone number's. */
  const noneButPhones = (start: number, end: number) => taken.subarray(start, end).every((c) => c !== 1);
  const cards: TextSpan[] = [];
  for (let r = 0; r + 1 < runs.length; r += 1) {
    const a = runs[r];
    const b = runs[r + 1];
    const aEnd = a[a.length - 1].end;
    const gap = text.slice(aEnd, b[0].start);
    const first = digitsOf(a);
    if (b[0].start <= aEnd || gap.length > ASIDE || /\d/.test(gap) || first.length < 4 || first.length >= MIN_CARD)
      continue;
    const before = contextBefore(text, a[0].start);
    // The aside names what follows it ("…, and ticket 1111 1111"): not the card's rest.
    const aside = contextBefore(text, b[0].start);
    if (BANK_CONTEXT.test(aside) || NOT_A_PHONE.test(aside)) continue;
    // Named a card, or said in words as only a card is (as common/redaction/cards.ts reads digits said one by one),
    // unless a bank or reference word named it.
    const cardNamed = CARD_CONTEXT.test(before);
    const named =
      cardNamed ||
      (!BANK_CONTEXT.test(before) &&
        !NOT_A_PHONE.test(before) &&
        ([...a, ...b].every((t) => !t.written) || fourGroups([...a, ...b])));
    let digits = first;
    for (let j = 0; j < b.length && digits.length < MAX_CARD; j += 1) {
      digits += b[j].digits;
      if (digits.length < MIN_CARD || digits.length > MAX_CARD || !isCard(digits)) continue;
      const ends =
        j + 1 === b.length || digits.length === MAX_CARD || /[,.;]/.test(text.slice(b[j].end, b[j + 1].start));
      if (!ends || !named) continue;
      // A phone number read into either part once a card was named ("the card is four one zero two, …") is that
      // card's digits: the card is claimed before phone numbers (common/redaction/text.ts).
      if (!(cardNamed ? noneButPhones(a[0].start, b[j].end) : free(a[0].start, b[j].end))) break;
      cards.push({ start: a[0].start, end: b[j].end, kind: 'credit_card_number' });
      taken.fill(1, a[0].start, b[j].end);
      break;
    }
  }
  return cards;
}

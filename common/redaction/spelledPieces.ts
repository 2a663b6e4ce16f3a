import type { TranscriptSegment } from '../transcript';
import { backchannel } from './acknowledgements';
import type { TextSpan } from './kinds';
import { joined } from './pieces';
import { wordsOf } from './spelling';

// An address spelled a few letters per turn, each turn echoed, the rest said with its domain: "d as in delta, e,
// v, o, n," / "d, e, v, o, n," / "dot price, p r i c e, at gmail dot com" (the thirty-eighth blind set,
// BENCHMARKS.md). The address is found in the last turn, which it starts; the spelled turns just before it are its
// first letters, and are hidden as the address.

/** How many turns before the address its spelled letters may go back. */
const BACK = 4;
/** A spelled piece is at least three letters: "a, b" may be anything. */
const MIN_LETTERS = 3;
/** Only a turn's first words can be read as what stands before the address: longer turns are not pieces. */
const MAX_TURN = 120;
/** What may come before an address that goes on from the letters before: a pause, "and", "then". */
const LEADS_ON = /^[\s,.]*(?:(?:and|then|uh|um|so)[\s,.]*)?$/i;

/** The letters spelled at the end of `text` (one letter a word, an example folded in): where they start and end, and whether they are all it says; or null. */
function spelledTail(text: string): { start: number; end: number; whole: boolean } | null {
  const words = wordsOf(text);
  let first = words.length;
  while (first > 0 && /^[a-z]$/i.test(words[first - 1].text)) first -= 1;
  if (words.length - first < MIN_LETTERS) return null;
  return {
    start: words[first].start,
    end: words[words.length - 1].end,
    whole: first === 0 && /^[\s,.]*$/.test(text.slice(0, words[0].start)),
  };
}

/** `spans`: each segment's spans found so far; adds the spelled pieces found, in place. Linear in the turns. */
export function addSpelledPiecesBefore(segments: TranscriptSegment[], spans: TextSpan[][]): void {
  for (let j = 1; j < segments.length; j += 1) {
    const email = spans[j].find((s) => s.kind === 'email_address');
    if (!email || !LEADS_ON.test(segments[j].text.slice(0, email.start))) continue;
    for (let k = j - 1; k >= 0 && k >= j - BACK; k -= 1) {
      const text = segments[k].text;
      if (text.length > MAX_TURN) break;
      if (backchannel(text)) continue;
      const tail = spelledTail(text);
      if (!tail) break;
      spans[k] = joined(
        [...spans[k], { start: tail.start, end: tail.end, kind: 'email_address' as const }].sort(
          (a, b) => a.start - b.start,
        ),
      );
      if (!tail.whole) break;
    }
  }
}

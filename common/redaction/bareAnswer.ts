import { someOf, BANK_CONTEXT, contextBefore, NOT_A_PHONE, PHONE_WORD } from './context';
import { UNIT_AFTER } from './cardCodes';
import type { DigitToken } from './digitToken';

// A number given as the whole of an answer (common/redaction/numbers.ts reads nine digits so as an SSN).

/** The only words said around a bare answer ("it's 766738228", "ok, the whole thing, 200941735"). */
const ANSWER_WORDS = new Set(
  (
    "it it's its is that that's thats ok okay yes yeah yep sure so well no sorry the whole thing last here " +
    "you go right alright uh um er erm mine ready ma'am sir full number are all correct"
  ).split(' '),
);
/** After a bare answer: nothing, or an answer's last words, to the sentence's end. */
const ANSWER_END =
  /^[\s,]*(?:(?:ok|okay|yes|yeah|right|correct|thanks|that's it|that's right|is that right|no dashes|no spaces)\b[\s,]*)?(?:$|[.?!])/i;

/** What talk after the digits may name them as instead. */
const OTHER_AFTER = someOf(PHONE_WORD, BANK_CONTEXT, NOT_A_PHONE, /\bnumber\b/);

/** "yeah wicked fast, it's …": talk first, then "it's" just before the digits, the talk naming nothing they could be. */
// An agent reading it back: "so just to confirm i've got …", "okay, so i have …".
const INTRODUCED =
  /(?:^| )(?:it's|it is|its|that's|here it is|here you go|ready|i've got|i have got|i have)(?: (?:uh|um|er))?$/;
const OTHER_BEFORE = someOf(PHONE_WORD, BANK_CONTEXT, NOT_A_PHONE, /\b(?:number|zip|postal|postcode|code|pin|id)\b/);
const introduced = (before: string): boolean => INTRODUCED.test(before) && !OTHER_BEFORE.test(before);

/**
 * Nine digits said alone, answering a question ("it's 766738228", "ok 411914962", "the last... no, the whole
 * thing, 200941735"): only answer words before them and after them, so nothing names them something else.
 * Nobody answers with a bare order or account number unasked either, but the SSN is the one that is personal
 * data: when the question is not in the text, the nine digits are read as the SSN they can be (issue 51).
 */
export function bareAnswer(text: string, run: DigitToken[]): boolean {
  const before = contextBefore(text, run[0].start);
  if (before !== '' && !before.split(' ').every((w) => ANSWER_WORDS.has(w)) && !introduced(before)) return false;
  const end = run[run.length - 1].end;
  const after = text.slice(end, end + 40);
  // Or the caller talks on about something else ("… for the soft credit pull", "… hold on let me double check"),
  // naming no phone, account or reference the digits could be.
  return ANSWER_END.test(after) || (!UNIT_AFTER.test(after) && !OTHER_AFTER.test(after.toLowerCase()));
}

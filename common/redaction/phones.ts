import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

// How a phone number is told from other numbers, for common/redaction/numbers.ts (which also reads the
// groups phones are printed in, a trunk prefix, a country code said before it): the numbering plan, and
// what is written like a phone without being one (a date, a piece of an ID, which is no card number either).

/**
 * Valid by the numbering plan (libphonenumber-js, Google's metadata): international after "+"/"plus" or
 * with the "00" prefix said before the country code ("double oh four four …"), else national in the
 * company's region. No country code starts with 0, so "+0…" is answered without the library, whose parse
 * of an invalid number throws internally (an Error with its stack, ~15 µs): a list of zeros has a dozen
 * windows a digit. Answers are remembered (a window of a repeated list is the same digits again).
 */
export const isPhone = (digits: string, international: boolean, region: CountryCode): boolean =>
  remembered(`${international ? '+' : region}:${digits}`, () => validByPlan(digits, international, region));

/**
 * Possible by the numbering plan's lengths, with its country code: for a number named a phone ("my number is +44 7700
 * 914 562"), in a range the plan may not list as allocated yet. Remembered as `isPhone`'s answers are.
 */
export const isPossibleInternational = (digits: string): boolean =>
  remembered(
    `~+:${digits}`,
    () => digits[0] !== '0' && parsePhoneNumberFromString(`+${digits}`)?.isPossible() === true,
  );

/**
 * Possible by the company's region's plan, dialled with its trunk prefix: for a national number named a mobile or a
 * phone's own name right before it ("her mobile is 07700 914 382"), in a range the plan may not list as allocated.
 */
export const isPossibleNational = (digits: string, region: CountryCode): boolean =>
  remembered(
    `~${region}:${digits}`,
    () => digits[0] === '0' && parsePhoneNumberFromString(digits, region)?.isPossible() === true,
  );

/** The answer remembered for `key`, else `answer()`'s, remembered. */
function remembered(key: string, answer: () => boolean): boolean {
  const known = answers.get(key);
  if (known !== undefined) return known;
  const found = answer();
  if (answers.size >= MAX_ANSWERS) answers.clear();
  answers.set(key, found);
  return found;
}

/** Bounded, so that a long transcript of distinct numbers cannot grow it without end. */
const MAX_ANSWERS = 4096;
const answers = new Map<string, boolean>();

/**
 * Forgets every answer: they hold the digits of the numbers read, a caller's phone among them, which are kept for
 * one text's reading only (common/redaction/text.ts calls this when it is done), never from one company's to another's.
 */
export const forgetPhoneAnswers = (): void => answers.clear();

/** How many answers are held: none once a text is read (test/recordings/redactionForgets.test.ts checks it). */
export const heldPhoneAnswers = (): number => answers.size;

const validInternational = (digits: string): boolean =>
  digits[0] !== '0' && parsePhoneNumberFromString(`+${digits}`)?.isValid() === true;

function validByPlan(digits: string, international: boolean, region: CountryCode): boolean {
  if (international) return validInternational(digits);
  if (digits.startsWith('00') && validInternational(digits.slice(2))) return true;
  if (region === 'US' && digits.length !== 10 && !(digits.length === 11 && digits.startsWith('1'))) return false;
  return parsePhoneNumberFromString(digits, region)?.isValid() === true;
}

/** A date written with "-", "." or "/" at the start: year first ("2026-11-28") or last ("28.11.2026"). */
const DATE_FIRST =
  /^(?:(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])([-./])(?:0?[1-9]|[12]\d|3[01])\2(?:19|20)\d{2})(?!\d)/;

/** More groups joined by dashes or dots than any phone number is printed in ("12-34-56-78-90-12"). */
const MANY_GROUPS = /^\d+(?:[-.]\d+){5}/;

/**
 * Written digits from `start` to `end` are a piece of a longer ID whose groups are joined with no space
 * ("12-345-678-90-12", "10-10-4657-6334-4099-7647"): another group or an ID's letters touch them. No phone or card
 * number is cut out of one.
 */
export const pieceOfId = (text: string, start: number, end: number): boolean =>
  /\d[-./]$/.test(text.slice(Math.max(0, start - 2), start)) ||
  /^[-./]\d/.test(text.slice(end, end + 2)) ||
  hyphenedToLetters(text, start);

/** "R-0471-22", "A-441720", "JE-2024-11-0441": digits hyphened to the letters before them are an ID's. */
export const hyphenedToLetters = (text: string, start: number): boolean => {
  const m = /(?:^|[^A-Za-z])([A-Za-z]{1,4})-$/.exec(text.slice(Math.max(0, start - 6), start));
  // "tel-6175550123": a label, not an ID's letters.
  return m !== null && !/^(?:tel|ph|mob|cell|fax|ssn|acct|iban)$/i.test(m[1]);
};

/**
 * Written digits that are not a phone number whatever the numbering plan says: a date written with dashes,
 * dots or slashes ("batch 2026-11-28-03"), an ID of more groups than a phone has, or a piece of a longer
 * ID. `written` is the window's text, said from `start` to `end`.
 */
export const notAPhoneShape = (text: string, written: string, start: number, end: number): boolean =>
  DATE_FIRST.test(written) || MANY_GROUPS.test(written) || pieceOfId(text, start, end);

/**
 * A national number written with its trunk prefix ("089 23456789", "06 98 76 54 32"): a first group of
 * two to five digits starting with 0, then groups, as phone numbers are printed in most countries. No
 * count, price or amount starts with 0; a date (06 12 2025) is not read as one.
 */
export const trunkShaped = (written: string): boolean =>
  /^0\d{1,5}(?:[ .-]\d{2,8}){1,4}$/.test(written) && !/^\d{1,2}[ .-]\d{1,2}[ .-]\d{4}$/.test(written);

/**
 * Written as phone numbers are (`written` starts a character early): "(212) 555-0198", or groups of digits ("020 7946
 * 0958", "212-555-0198"), North American ones maybe with the trunk "1" ("1-877-290-4418", "1 (877) 290-4418").
 */
export const phoneShaped = (written: string): boolean =>
  /^\D?(?:1[ .-]?)?\(\d{2,5}\) ?\d{2,4}[ .-]?\d{2,4}(?:[ .-]\d{2,4})?$/.test(written) ||
  /^\D?(?:1[ .-])?\d{2,5}[ .-]\d{2,4}(?:[ .-]\d{2,4}){1,2}$/.test(written);

import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

// How a phone number is told from other numbers by what is written or said around its digits, for
// common/redaction/numbers.ts: the numbering plan, the groups phones are printed in, a trunk prefix, a
// country code said before it; and what is written like a phone without being one (a date, a piece of an ID).

/**
 * Valid by the numbering plan (libphonenumber-js, Google's metadata): international after "+"/"plus" or
 * with the "00" prefix said before the country code ("double oh four four …"), else national in the
 * company's region.
 */
export const isPhone = (digits: string, international: boolean, region: CountryCode): boolean => {
  if (international) return parsePhoneNumberFromString(`+${digits}`)?.isValid() === true;
  if (digits.startsWith('00') && parsePhoneNumberFromString(`+${digits.slice(2)}`)?.isValid() === true) return true;
  if (region === 'US' && digits.length !== 10 && !(digits.length === 11 && digits.startsWith('1'))) return false;
  return parsePhoneNumberFromString(digits, region)?.isValid() === true;
};

/**
 * A national number written with its trunk prefix ("089 23456789", "06 98 76 54 32"): a first group of
 * two to five digits starting with 0, then groups, as phone numbers are printed in most countries. No
 * count, price or amount starts with 0; a date (06 12 2025) is not read as one.
 */
export const trunkShaped = (written: string): boolean =>
  /^0\d{1,4}(?:[ .-]\d{2,8}){1,4}$/.test(written) && !/^\d{1,2}[ .-]\d{1,2}[ .-]\d{4}$/.test(written);

/** Written as phone numbers are (`written` starts a character early): "(212) 555-0198", or groups of digits ("020 7946 0958", "212-555-0198"). */
export const phoneShaped = (written: string): boolean =>
  /^\(\d{2,5}\) ?\d{2,4}[ .-]?\d{2,4}(?:[ .-]\d{2,4})?$/.test(written) ||
  /^\D?\d{2,5}[ .-]\d{2,4}(?:[ .-]\d{2,4}){1,2}$/.test(written);

/** "+" or "plus" said just before `at` (read from a few characters back only). */
export const leadBefore = (text: string, at: number): { index: number } | null => {
  const from = Math.max(0, at - 8);
  const m = /(?:\+|\bplus)\s{0,3}$/i.exec(text.slice(from, at));
  return m ? { index: from + m.index } : null;
};

/** A date written with "-", "." or "/" at the start: year first ("2026-11-28") or last ("28.11.2026"). */
const DATE_FIRST =
  /^(?:(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])([-./])(?:0?[1-9]|[12]\d|3[01])\2(?:19|20)\d{2})(?!\d)/;

/**
 * Written digits that are not a phone number whatever the numbering plan says: a date written with dashes,
 * dots or slashes ("batch 2026-11-28-03"), or a piece of a longer ID whose groups are joined by them with
 * no space ("12-345-678-90-12": a window inside it touches another group). `written` is the window's text;
 * `before` and `after` are the characters around it.
 */
export const notAPhoneShape = (written: string, before: string, after: string): boolean =>
  DATE_FIRST.test(written) || /\d[-./]$/.test(before) || /^[-./]\d/.test(after);

// A card number's digits (common/redaction/numbers.ts reads them on every window of a run, a list of digits has
// millions; common/redaction/digits.ts on a run read with or without the words that sound like digits): a card
// network's leading digits, 13–19 of them, Luhn-valid.

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Leading digits of the card networks (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro). */
const CARD_PREFIX =
  /^(4|5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720)|3[47]|6011|64[4-9]|65|35(2[89]|[3-8])|3(0[0-5]|[689])|62|5[06-9]|6[37])/;

/** Every network's leading digit is 2 to 6: tested before the pattern, as most windows of a run fail it. */
const leadsLikeACard = (digits: string): boolean => {
  const first = digits.charCodeAt(0);
  return first >= 50 && first <= 54;
};

/** A card network's leading digits and length, whether or not the checksum holds. */
export const cardShaped = (digits: string): boolean =>
  digits.length >= 13 && digits.length <= 19 && leadsLikeACard(digits) && CARD_PREFIX.test(digits);

export const isCardNumber = (digits: string): boolean => cardShaped(digits) && luhnValid(digits);

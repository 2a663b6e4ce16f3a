import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectHidden,
  expectKept,
  group,
  luhnDigit,
  saidMonth,
  saidYear,
  seedArb,
  spokenDigits,
  type Said,
} from '../support/spokenValues';

// Self-corrections inside a value (the second blind set's "cvv is, um, two eight, no sorry, two nine one",
// "… oh one eight seven. no wait, oh one eight six", "0151, sorry, 0151 23456789"): the caller starts the
// value again, says its last group again, or mends a group and says the rest on from it ("615-643, sorry,
// 633-1829", the third blind set), after any of the words people take a slip back with. Neither
// the wrong digits nor the right ones, nor the words between them, are left; redacting twice changes nothing.

const TAKE_BACKS = [
  'no sorry',
  'sorry',
  'wait',
  'no wait',
  'I mean',
  'scratch that',
  'let me start again',
  'actually',
  'uh, sorry',
  'oops',
  'my bad',
  'no, it should be',
  'sorry, let me start over',
];
const takeBack = fc
  .tuple(fc.constantFrom(...TAKE_BACKS), fc.constantFrom(', ', '. ', ' '))
  .map(([w, s]) => `${s}${w}, `);

/** A value to be said: its digits, how they are grouped when read out, its context. */
interface Value {
  digits: string;
  groups: number[];
  before: string;
  after: string;
  region?: 'US' | 'DE';
}

/** One digit of `digits` changed: the slip. */
const slip = (digits: string, at: number, by: number): string =>
  digits.slice(0, at) + String((Number(digits[at]) + by) % 10) + digits.slice(at + 1);

/** The groups of `digits`, each said in figures or in words, a pause between groups. */
const read = (digits: string, groups: number[], seed: number[], written: boolean): string => {
  if (written) return group(digits, groups, ' ');
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    parts.push(spokenDigits(digits.slice(at, at + size), seed));
    at += size;
  }
  return parts.join(', ');
};

const card = fc.tuple(fc.constantFrom('4', '51', '6011'), digitsArb(15)).map(([prefix, rest]): Value => {
  const body = (prefix + rest).slice(0, 15);
  return { digits: body + luhnDigit(body), groups: [4, 4, 4, 4], before: 'the card number is', after: 'thanks' };
});
const usPhone = fc
  .tuple(fc.constantFrom('212', '415', '720', '617'), fc.integer({ min: 200, max: 999 }), digitsArb(4))
  .map(([a, b, c]) => `${a}${b}${c}`)
  .filter((d) => parsePhoneNumberFromString(d, 'US')?.isValid() === true)
  .map((digits): Value => ({ digits, groups: [3, 3, 4], before: 'um my number is', after: 'okay' }));
const dePhone = fc
  .tuple(fc.constantFrom('0151', '0160', '0176'), digitsArb(8))
  .map(([a, b]) => `${a}${b}`)
  .filter((d) => parsePhoneNumberFromString(d, 'DE')?.isValid() === true)
  .map((digits): Value => ({ digits, groups: [4, 8], before: 'my mobile is', after: 'danke', region: 'DE' }));
const ssn = fc
  .tuple(fc.integer({ min: 1, max: 665 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
  .filter(([a]) => a !== 666)
  .map(([a, b, c]): Value => ({
    digits: `${String(a).padStart(3, '0')}${String(b).padStart(2, '0')}${String(c).padStart(4, '0')}`,
    groups: [3, 2, 4],
    before: 'my social security number is',
    after: 'okay',
  }));

/**
 * A value said with a slip taken back: started again from its beginning (after part of it, or all of it
 * with one digit wrong), or its last group said again.
 */
const corrected = fc
  .tuple(
    fc.oneof(card, usPhone, dePhone, ssn),
    takeBack,
    seedArb,
    fc.boolean(),
    fc.integer({ min: 0, max: 3 }),
    fc.nat(),
    fc.integer({ min: 1, max: 9 }),
  )
  .map(([v, back, seed, written, form, cut, by]): Said => {
    const right = read(v.digits, v.groups, seed, written);
    const last = v.groups[v.groups.length - 1];
    const head = v.digits.slice(0, -last);
    let wrong: string;
    if (form === 0) {
      // Started, then started again: the first groups (at least one) with a digit wrong.
      const groups = v.groups.slice(0, 1 + (cut % (v.groups.length - 1)));
      const length = groups.reduce((a, b) => a + b, 0);
      wrong = read(slip(v.digits.slice(0, length), cut % length, by), groups, seed, written);
    } else if (form === 1) {
      wrong = read(slip(v.digits, cut % v.digits.length, by), v.groups, seed, written);
    } else if (form === 3) {
      // A group before the last mended, and the rest said on from it: "615-643, sorry, 633-1829" (third set).
      const g = cut % (v.groups.length - 1);
      const start = v.groups.slice(0, g).reduce((a, b) => a + b, 0);
      const said = read(
        slip(v.digits, start + (by % v.groups[g]), by).slice(0, start + v.groups[g]),
        v.groups.slice(0, g + 1),
        seed,
        written,
      );
      const rest = read(v.digits.slice(start), v.groups.slice(g), seed, written);
      return { said: `${said}${back}${rest}`, before: v.before, after: v.after, region: v.region };
    } else {
      // The last group mended: "… oh one eight seven. no wait, oh one eight six".
      const tail = v.digits.slice(-last);
      const said = `${read(head, v.groups.slice(0, -1), seed, written)}, ${read(slip(tail, cut % last, by), [last], seed, written)}`;
      return {
        said: `${said}${back}${read(tail, [last], seed, written)}`,
        before: v.before,
        after: v.after,
        region: v.region,
      };
    }
    return { said: `${wrong}${back}${right}`, before: v.before, after: v.after, region: v.region };
  });

/** A card's code or expiry with a slip taken back ("cvv is, um, two eight, no sorry, two nine one"). */
const codeOrExpiry = fc
  .tuple(
    digitsArb(3),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 26, max: 39 }),
    fc.nat(14),
    takeBack,
    seedArb,
    fc.boolean(),
    fc.integer({ min: 1, max: 9 }),
  )
  .map(([code, month, yy, say, back, seed, isCode, by]): Said => {
    if (isCode) {
      const wrong = slip(code, by % 3, by).slice(0, 1 + (by % 3));
      return {
        said: `${spokenDigits(wrong, seed)}${back}${spokenDigits(code, seed)}`,
        before: 'cvv is, um,',
        after: 'thanks',
      };
    }
    const other = 26 + ((yy - 26 + by) % 14);
    return {
      said: `${saidMonth(month, say)} ${saidYear(other, say)}${back}${saidMonth(month, say)} ${saidYear(yy, say)}`,
      before: 'the expiry is uh',
      after: 'okay',
    };
  });

describe('redaction of values corrected as they are said', () => {
  it('leaves no digit of the slip or of the corrected card, phone number or SSN, nor the words between', () => {
    fc.assert(fc.property(corrected, expectHidden), { numRuns: 400 });
  });

  it("leaves no digit of a card's code or expiry said again after a slip", () => {
    fc.assert(fc.property(codeOrExpiry, expectHidden), { numRuns: 300 });
  });

  it('reads the value as corrected: the slip alone is not what is found', () => {
    // 720 555 0187 and 720 555 0186 are both valid; a slip that makes no valid number is still taken back.
    expect(redactText('my number is 720 555 0187. no wait, 0186, thanks').text).to.equal(
      'my number is [PHONE_NUMBER], thanks',
    );
    expect(redactText('cvv is two eight, no sorry, two nine one').text).to.equal('cvv is [CREDIT_CARD_CVV]');
    // A number after a take-back that says none of the digits before it again is another number.
    expect(redactText('the card number is 4111 1111 1111 1111, sorry, 123 is the code').text).to.equal(
      'the card number is [CREDIT_CARD_NUMBER], sorry, 123 is the code',
    );
    // The first group said again mends the group it is nearest to: the first (a restart) or the last.
    expect(redactText('call 615-643, sorry, 633-1829').text).to.equal('call [PHONE_NUMBER]');
    expect(redactText('my number is 415 450, no sorry, 455 3500 okay').text).to.equal(
      'my number is [PHONE_NUMBER] okay',
    );
    expect(redactText('my social security number is 390 90, no sorry, 99 0001').text).to.equal(
      'my social security number is [US_SOCIAL_SECURITY_NUMBER]',
    );
    // All of it said again, one digit changed, its second group as it was: a restart, though the first group said
    // again starts like the second ("oh four" is no group broken off). The property above drew it now and then.
    expect(
      redactText('my social security number is one four oh, oh four, no sorry, oh four oh, oh four, oh oh oh one okay')
        .text,
    ).to.equal('my social security number is [US_SOCIAL_SECURITY_NUMBER] okay');
    // Found the same way (the property at 40 times its runs): a restart with its second group changed; a second group
    // mended whose first digits match the first group's; a restart whose last group is said again unchanged; a last
    // group mended whose first three digits match the run's; a group broken off after a country code.
    for (const said of [
      'six three oh, six three, no sorry, six three oh, six nine, oh oh oh one',
      'six four three, six five, no sorry, six four, three oh oh oh',
    ])
      expect(redactText(`my social security number is ${said} okay`).text, said).to.equal(
        'my social security number is [US_SOCIAL_SECURITY_NUMBER] okay',
      );
    expect(
      redactText(
        'the card number is five eight five oh, four eight five oh, no sorry, four eight five oh, four eight five oh, oh oh oh oh, oh oh oh six thanks',
      ).text,
    ).to.equal('the card number is [CREDIT_CARD_NUMBER] thanks');
    expect(
      redactText(
        'the card number is six oh one one, six one one oh, no sorry, six oh one oh, oh oh oh oh, oh oh oh nine thanks',
      ).text,
    ).to.equal('the card number is [CREDIT_CARD_NUMBER] thanks');
    expect(
      redactText('my number is plus thirty nine, three two zero, three, no sorry, three nine zero, two zero three zero')
        .text,
    ).to.equal('my number is [PHONE_NUMBER]');
    expect(redactText('the expiry is 01 30, no sorry, 01 26 okay').text).to.equal(
      'the expiry is [CREDIT_CARD_EXPIRATION] okay',
    );
    // Finds of one kind with a take-back or a restatement between them are one span.
    expect(redactText('exp is twelve thirty, like december twenty thirty').text).to.equal(
      'exp is [CREDIT_CARD_EXPIRATION]',
    );
    expect(redactText('expires 04/27, sorry, 04/28').text).to.equal('expires [CREDIT_CARD_EXPIRATION]');
  });

  it('keeps numbers that are no personal data when a caller corrects them', () => {
    const amounts = fc
      .tuple(fc.integer({ min: 2, max: 999 }), fc.integer({ min: 2, max: 999 }), fc.constantFrom(...TAKE_BACKS))
      .map(([a, b, back]) => `we need ${a} seats, ${back}, ${b} seats next quarter`);
    const references = fc
      .tuple(digitsArb(8), digitsArb(8), fc.constantFrom(...TAKE_BACKS))
      .map(([a, b, back]) => `the order number is ${a}, ${back}, ${b}`);
    fc.assert(
      fc.property(fc.oneof(amounts, references), (text) => expectKept(text)),
      { numRuns: 300 },
    );
  });
});

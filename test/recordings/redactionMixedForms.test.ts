import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  itHidesEach,
  lettersArb,
  luhnDigit,
  seedArb,
  spokenDigits,
  type Said,
  ssnArb,
} from '../support/spokenValues';

// Forms the ninth blind set found loose ends in (issue 51): a card read out figure by figure with no card word,
// an expiry's figures spaced ("0 2 / 2 8"), a toll-free number said "one eight hundred …", a social named a
// sentence before its digits or said as "both socials", a second person's SSN after the first ("and my son's
// is …"), "nought", an Amex code "above the number", a name joined by "_" before an address's digits, and a
// number started in Spanish and said again in English. Look-alikes: a tracking number read figure by figure,
// "the offer expires december 31st".

const SPANISH = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const inSpanish = (digits: string): string => [...digits].map((d) => SPANISH[Number(d)]).join(' ');

const visa = digitsArb(14).map((rest) => `4${rest}${luhnDigit(`4${rest}`)}`);

const cardFigureByFigure = visa.map((card): Said => ({ said: [...card].join(' '), before: "so that's", after: 'ok' }));

const spacedExpiry = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 26, max: 39 }), fc.boolean())
  .map(([month, year, slashSpaced]): Said => {
    const mm = [...String(month).padStart(2, '0')].join(' ');
    const yy = [...String(year)].join(' ');
    return { said: slashSpaced ? `${mm} / ${yy}` : `${mm}/${yy}`, before: 'the card expiration', after: 'and' };
  });

const tollFree = fc.tuple(fc.integer({ min: 2, max: 9 }), digitsArb(6), seedArb).map(([first, rest, seed]): Said => ({
  said: `one eight hundred ${spokenDigits(`${first}${rest}`, seed)}`,
  before: "our travel agent's line is",
  after: 'ok',
}));

const socialSaidBefore = fc
  .tuple(
    ssnArb,
    seedArb,
    fc.constantFrom(
      "the social on the w-2 doesn't match it should be",
      'for the credit pull i need both socials mine is',
      'i have my social card right here and the digits say',
    ),
  )
  .map(([ssn, seed, before]): Said => ({ said: spokenDigits(ssn, seed), before, after: '' }));

const JOINS = ["and my son's is", "and his wife's is", 'and the other one is'];
const secondPersonsSsn = fc.tuple(ssnArb, ssnArb, seedArb, fc.constantFrom(...JOINS));

const noughtCode = fc
  .tuple(digitsArb(2), fc.constantFrom('cvv', 'the cvv is', 'security code'))
  .map(([digits, before]): Said => ({ said: `nought ${spokenDigits(digits, [1])}`, before, after: 'thanks' }));

const codeAboveTheNumber = fc.tuple(digitsArb(4), fc.boolean()).map(([digits, spaced]): Said => ({
  said: spaced ? [...digits].join(' ') : digits,
  before: 'expires september twenty eight and the four digits above the number',
  after: '',
}));

const joinedNameAddress = fc
  .tuple(lettersArb(3, 8), lettersArb(3, 10), fc.integer({ min: 1, max: 99 }), fc.constantFrom('_', '.', '-'))
  .map(([name, surname, n, join]): Said => ({
    said: `${name}${join}${surname} ${n} at yahoo dot com`,
    before: "the coach's email is",
    after: 'thanks',
  }));

const usPhone = fc
  .tuple(fc.constantFrom('212', '415', '646', '312', '617', '303', '206'), fc.integer({ min: 2, max: 9 }), digitsArb(6))
  .map(([area, first, rest]) => `${area}${first}${rest}`)
  .filter((number) => parsePhoneNumberFromString(number, 'US')?.isValid() === true);

const spanishThenEnglish = fc.tuple(usPhone, seedArb).map(([number, seed]): Said => {
  return {
    said: `${inSpanish(number.slice(0, 3))} no sorry ${spokenDigits(number, seed)}`,
    before: 'hola yes my number is',
    after: '',
  };
});

const inSpanishOnly = usPhone.map((number): Said => ({
  said: inSpanish(number),
  before: 'mi número es',
  after: 'gracias',
}));

describe("redaction: the ninth blind set's forms", () => {
  itHidesEach([
    ['card numbers read out figure by figure with no card word', cardFigureByFigure],
    ['expiries written with their figures spaced', spacedExpiry],
    ['toll-free numbers said "one eight hundred …"', tollFree],
    ['SSNs whose social is named a sentence before, or as "socials"', socialSaidBefore],
    ['codes said with "nought"', noughtCode],
    ['an Amex code "above the number"', codeAboveTheNumber],
    ['addresses whose name is joined by "_", "." or "-" before its digits', joinedNameAddress],
    ['phone numbers started in Spanish and said again in English', spanishThenEnglish],
    ['phone numbers said in Spanish', inSpanishOnly],
  ]);

  it("hides a second person's SSN said after the first", () => {
    fc.assert(
      fc.property(secondPersonsSsn, ([first, second, seed, join]) => {
        const text = `um my social security number is ${spokenDigits(first, seed)} ${join} ${spokenDigits(second, seed)}`;
        expect(redactText(text).text).to.equal(
          `um my social security number is [US_SOCIAL_SECURITY_NUMBER] ${join} [US_SOCIAL_SECURITY_NUMBER]`,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('reads "cincuenta y cinco" as 55, and a Mexican number begun in Spanish', () => {
    expect(
      redactText(
        'call the chef directly at cincuenta y cinco no sorry fifty five twenty three fourteen ninety eighty seven',
        {
          phoneRegion: 'MX',
        },
      ).text,
    ).to.equal('call the chef directly at [PHONE_NUMBER]');
  });

  it('keeps tracking numbers read out figure by figure, days after an expiry word, and Spanish words alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 20, maxLength: 22 }), (digits) =>
        expectKept(`the tracking number is ${digits.join(' ')} thanks`),
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(digitsArb(3), lettersArb(1, 1), digitsArb(12), (a, letter, b) =>
        expectKept(`the tracking number is 1Z ${[...a].join(' ')} ${letter.toUpperCase()} ${[...b].join(' ')}`),
      ),
      { numRuns: 300 },
    );
    expectKept("the coupon card says the offer expires december 31st and it's good for 15 percent off");
    expectKept('the promo expires march twenty first');
    expectKept("the dos and don'ts of the 2024 rollout");
  });
});

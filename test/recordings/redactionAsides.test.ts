import { expect } from 'chai';
import fc from 'fast-check';
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

// Forms the eleventh blind set found loose ends in (issue 51): a card read with an aside to someone else in the
// middle; a group restarted after a hesitation ("eight oh one, uh eight oh one"); a group broken off and said whole
// after a take-back; card codes named loosely or a sentence before; someone's SSN after "mine, …, is uh"; "oh eight
// hundred"; addresses said "all one word", with "two thousand and five", or "at gmail, no, at outlook dot com".
// Look-alikes: a SIM card's or an IMEI's digits, an OTP that "expires in ten minutes", a certificate's number.

const ASIDES = [
  "hold on mum i'm on the phone",
  "uh dad what's the next bit",
  'honey can you turn that down',
  'sorry the dog is barking',
];

const card = digitsArb(14).map((rest) => `4${rest}${luhnDigit(`4${rest}`)}`);

const cardWithAside = fc
  .tuple(card, fc.constantFrom(...ASIDES), fc.integer({ min: 1, max: 3 }), fc.boolean(), seedArb)
  .map(([digits, aside, cut, spoken, seed]): Said => {
    const groups = digits.match(/.{4}/g) ?? [];
    const say = (g: string) => (spoken ? spokenDigits(g, [1, ...seed.map(() => 1)]) : g);
    const first = groups.slice(0, cut).map(say).join(', ');
    const rest = groups.slice(cut).map(say).join(', ');
    return { said: `${first}, ${aside}, ${rest}`, before: 'so the card is, uh,', after: '' };
  });

const restartedGroup = fc.tuple(ssnArb, seedArb).map(([ssn, seed]): Said => ({
  said: `${spokenDigits(ssn.slice(0, 3), [1])}, uh ${spokenDigits(ssn.slice(0, 3), [1])}, ${spokenDigits(ssn.slice(3, 5), seed)}, ${spokenDigits(ssn.slice(5), seed)}`,
  before: "my social is, it's",
  after: '',
}));

const brokenGroup = fc
  .tuple(fc.constantFrom('339', '347', '320'), digitsArb(7), fc.integer({ min: 1, max: 2 }))
  .map(([prefix, rest, cut]): Said => ({
    said: `plus thirty nine, ${spokenDigits(prefix, [1])}, ${spokenDigits(rest.slice(0, cut), [1])}, no sorry, ${spokenDigits(rest.slice(0, 3), [1])}, ${spokenDigits(rest.slice(3), [1])}`,
    before: 'my number is',
    after: '',
  }));

const looseCode = fc
  .tuple(
    digitsArb(3),
    fc.constantFrom(
      'and the little number, i can hardly see it,',
      'and the four wee numbers above it are one',
      'back code',
      'and the three numbers',
      'the three digits, uh, let me flip it,',
    ),
  )
  .map(([digits, before]): Said => ({
    said: spokenDigits(digits, [1]),
    before: `it expires 10/28, ${before}`,
    after: '',
  }));

const freephone = digitsArb(7).map((rest): Said => ({
  said: `oh eight hundred, ${spokenDigits(rest.slice(0, 3), [1])}, ${spokenDigits(rest.slice(3), [1])}`,
  before: 'our freephone is',
  after: '',
  region: 'GB',
}));

// A hesitation before an address ("my email is uhh …") is read as one, not as its first word: none is generated.
const notHesitation = (w: string): boolean => !/^(?:u+h+|u+m+|e+r+m*|h+m+|a+h+)$/.test(w);
const oneWordAddress = fc
  .tuple(lettersArb(3, 7).filter(notHesitation), lettersArb(3, 7), fc.integer({ min: 2, max: 99 }))
  .map(([a, b, n]): Said => ({
    said: `${a} and ${b} ${n} at aol dot com`,
    before: 'my email is',
    after: ', all one word',
  }));

describe("redaction: the eleventh blind set's forms", () => {
  itHidesEach([
    ['a card read with an aside in the middle', cardWithAside],
    ['an SSN whose first group is restarted after "uh"', restartedGroup],
    ['a phone number whose group is broken off and said whole', brokenGroup],
    ["a card's code named loosely or a sentence before", looseCode],
    ['a freephone number said "oh eight hundred"', freephone],
    ['an address said "all one word"', oneWordAddress],
  ]);

  it('reads someone\'s SSN after "mine, …, is uh", and addresses with a year or a retaken host', () => {
    fc.assert(
      fc.property(ssnArb, seedArb, (ssn, seed) => {
        const text = `and mine, if you need mine as well for the benefit, is uh ${spokenDigits(ssn, seed)}`;
        expect(redactText(text).text).to.equal(
          'and mine, if you need mine as well for the benefit, is uh [US_SOCIAL_SECURITY_NUMBER]',
        );
      }),
      { numRuns: 200 },
    );
    expect(redactText('my email is zoe two thousand and five at icloud dot com').text).to.equal(
      'my email is [EMAIL_ADDRESS]',
    );
    expect(redactText("it's j dot oduya at gmail, no, at outlook dot com").text).to.equal("it's [EMAIL_ADDRESS]");
  });

  it('keeps a SIM card and an IMEI, an OTP with its own expiry, and certificate numbers', () => {
    expectKept('the imei on the box is 35 672811 409227 9, and the sim card number is on the tray');
    expectKept('the otp is six two nine, four one one, it expires in ten minutes');
    expectKept('the death certificate number is two oh two four, oh one one three, eight eight two six');
    expectKept('the account number on my old bill is 8499 1004 2271 3650, is that the same as the new one');
    // Two numbers with an aside between whose digits happen to pass Luhn are a card only when said as one.
    expectKept('order 4111 1111, hold on, and ticket 1111 1111 thanks');
  });
});

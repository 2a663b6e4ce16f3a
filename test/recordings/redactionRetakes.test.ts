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
  spokenDigits,
  type Said,
} from '../support/spokenValues';

// Forms the twelfth blind set found loose ends in (issue 51): a code said twice or read back digit by digit ("eight
// two nine, eight two nine"; "was it two four eight, two, four, eight"); a value taken back and given again ("sort
// code …, no, sorry, that's my old one, it's …"); a NUBAN; a card's "end date"; a spelled local part ending in "two
// thousand and three"; a number after "plus" that would pass as a card. Look-alikes: an order number written with
// dashes after a card was spoken of.

const codeSaidTwice = fc.tuple(digitsArb(3), fc.boolean()).map(([digits, apart]): Said => ({
  said: `${spokenDigits(digits, [1])}, ${apart ? [...digits].map((d) => spokenDigits(d, [1])).join(', ') : spokenDigits(digits, [1])}`,
  before: "can you repeat the cvv back, i'm a bit deaf, was it",
  after: '',
}));

const sortCodes = fc.tuple(digitsArb(6), digitsArb(6));

const nuban = digitsArb(10).map((digits): Said => ({
  said: spokenDigits(digits, [1]),
  before: 'the nuban is',
  after: ', gtbank',
}));

const endDate = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 26, max: 35 }))
  .map(([month, year]): Said => ({
    said: `${spokenDigits(String(month).padStart(2, '0'), [0])} ${year >= 30 ? 'thirty' : 'twenty'} ${spokenDigits(String(year % 10), [1])}`,
    before: "the end date's",
    after: ', and the back says one five three',
  }))
  .filter((s) => !/ zero$/.test(s.said));

const spelledWithYear = fc
  .tuple(lettersArb(3, 5), lettersArb(2, 4), fc.constantFrom('two thousand and three', 'two thousand and nine'))
  .map(([a, b, year]): Said => ({
    said: `${[...a].join(' ')} dot ${[...b].join(' ')} ${year} at q q dot com`,
    before: 'can you email the lease to',
    after: '',
  }));

const brazilianMobile = digitsArb(8)
  .map((rest) => `119${rest}`)
  .filter((n) => parsePhoneNumberFromString(`+55${n}`)?.isValid() === true)
  .map((n): Said => ({
    said: `plus fifty five, eleven, ${spokenDigits(n.slice(2, 7), [1])}, ${spokenDigits(n.slice(7), [1])}`,
    before: "i'm in são paulo,",
    after: '',
  }));

describe("redaction: the twelfth blind set's forms", () => {
  itHidesEach([
    ['a code said twice or read back digit by digit', codeSaidTwice],
    ['a NUBAN', nuban],
    ['a card\'s "end date"', endDate],
    ['a spelled local part ending in a year said in words', spelledWithYear],
    ['a Brazilian mobile said after "plus"', brazilianMobile],
  ]);

  it('reads a sort code taken back and given again', () => {
    fc.assert(
      fc.property(sortCodes, ([old, current]) => {
        const text = `direct debit please, sort code ${spokenDigits(old, [1])}, no, sorry, that's my old one, it's ${spokenDigits(current, [1])}, and that is all`;
        expect(redactText(text).text).to.equal(
          "direct debit please, sort code [BANKING_INFORMATION], no, sorry, that's my old one, it's [BANKING_INFORMATION], and that is all",
        );
      }),
      { numRuns: 200 },
    );
  });

  it('reads a number after "plus" as a phone even where its digits pass as a card', () => {
    const card = `55${'1198412770'}`;
    const digits = card + luhnDigit(card);
    expect(redactText(`call plus ${digits}`).text).to.not.contain('CREDIT_CARD');
  });

  it('keeps an order number spoken of after a card, and a value taken back for something else', () => {
    expectKept(
      "my card's in the other room but the order number's 1 1 4 dash 3 9 4 1 7 6 2 dash 8 8 2 0 1 4 5, does that help",
    );
    expect(redactText('my cvv is 123, no wait, my zip is 90210').text).to.equal(
      'my cvv is [CREDIT_CARD_CVV], no wait, my zip is 90210',
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  itHidesEach,
  luhnDigit,
  spokenDigits,
  ssnArb,
  type Said,
} from '../support/spokenValues';

// Forms the twenty-third blind set (undiarized stretches of a call, issue 51) found loose ends in: a value and its
// read-back said back to back with no pause or punctuation, two or three times over ("two eight four four one six six
// three five two eight four four one six six three five …"), and a value read back later in the text after other
// talk ("okay reading back yours six one four …", "Okay, so 6011 4882 0371 6593. Yes.", "Yes, zero four seven").

const hidden = (said: string, expected: string): void => {
  expect(redactText(said).text).to.equal(expected);
};

/** An SSN said two or three times over in words, with no pause, as an engine without punctuation writes it. */
const saidOverAndOver = fc
  .tuple(
    ssnArb,
    fc.integer({ min: 2, max: 3 }),
    fc.constantFrom('can i have your full social please', "what's the ssn"),
  )
  .map(([ssn, times, before]): Said => ({
    said: Array.from({ length: times }, () => spokenDigits(ssn, [0])).join(' '),
    before,
    after: 'correct thank you',
  }));

const DIGIT_WORDS = new Set(['zero', 'oh', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']);

describe("redaction: the twenty-third blind set's forms (undiarized read-backs)", () => {
  itHidesEach([['an SSN said two or three times over with no pause', saidOverAndOver]]);

  it('leaves no digit of an SSN read back after other talk', () => {
    fc.assert(
      fc.property(
        ssnArb,
        fc.constantFrom('okay reading back yours', 'so just to check, that was', 'let me repeat that'),
        (ssn, readBack) => {
          const said = spokenDigits(ssn, [0]);
          const text = `the social on the tax return is ${said} and your date of birth please the fourth of may ${readBack} ${said} correct`;
          const left = redactText(text)
            .text.split(/[^a-z]+/)
            .filter((w) => DIGIT_WORDS.has(w));
          expect(left, text).to.deep.equal([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hides a card, its code and a phone number read back later, in figures or in words', () => {
    hidden(
      'Discover, 6011 4882 0371 6593. Exp 11/29. CVV 047. Okay, so 6011 4882 0371 6593. Yes. And 047, with a zero first? Yes, zero four seven.',
      'Discover, [CREDIT_CARD_NUMBER]. Exp [CREDIT_CARD_EXPIRATION]. CVV [CREDIT_CARD_CVV]. Okay, so [CREDIT_CARD_NUMBER]. Yes. And [CREDIT_CARD_CVV], with a zero first? Yes, [CREDIT_CARD_CVV].',
    );
    hidden(
      "sure it's eight one three five five two seven seven four one eight one three five five two seven seven four one yes",
      "sure it's [PHONE_NUMBER] yes",
    );
  });

  it("keeps figures that share no found value's digits, and an amount written as a code's digits", () => {
    expectKept('the order 4417 shipped, order 4418 is late, and 44174418 is the warehouse code');
    // Three figures with a currency or a unit are an amount, not the code again; "Yes, 008." is the code (said again).
    hidden('the cvv is 250 and the fee is 250 dollars', 'the cvv is [CREDIT_CARD_CVV] and the fee is 250 dollars');
    hidden('the cvv is 250 and we paid $250', 'the cvv is [CREDIT_CARD_CVV] and we paid $250');
    hidden('the cvv is 250 and the fee is 251 dollars', 'the cvv is [CREDIT_CARD_CVV] and the fee is 251 dollars');
    hidden('New CVV 008. Yes, 008. And', 'New CVV [CREDIT_CARD_CVV]. And');
  });
  it('hides a card read back whole with one digit misread or two swapped, with no correction said (the forty-eighth set)', () => {
    fc.assert(
      fc.property(
        digitsArb(14).map((body) => `5${body}${luhnDigit(`5${body}`)}`),
        fc.integer({ min: 1, max: 14 }),
        fc.boolean(),
        (card, at, swap) => {
          const misread = swap
            ? `${card.slice(0, at)}${card[at + 1]}${card[at]}${card.slice(at + 2)}`
            : `${card.slice(0, at)}${(Number(card[at]) + 1) % 10}${card.slice(at + 1)}`;
          fc.pre(misread !== card);
          const grouped = (d: string): string => d.match(/\d{4}/g)!.join(' ');
          expect(redactText(`It's ${grouped(card)}. Let me read that back: ${grouped(misread)}.`).text).to.equal(
            "It's [CREDIT_CARD_NUMBER]. Let me read that back: [CREDIT_CARD_NUMBER].",
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { usPhoneArb } from '../support/exchanges';
import { expectKept, spokenDigits } from '../support/spokenValues';

// Numbers a sales call is full of that are no one's personal data, as the forty-third blind set wrote them
// (BENCHMARKS.md): a listing's MLS number, a drug's NDC, a freight PRO, a customs entry, an asset tag, a support
// contract; a product's or a maintenance plan's date near a card named. A phone said after them is still hidden.

const NAMES = [
  'MLS',
  'the N D C is',
  'the NDC is',
  'PRO',
  'entry number is',
  'asset tag on the copier is',
  'our support contract number is',
];

describe('redaction: numbers in sales calls that are not personal', () => {
  it('keeps a number named an MLS, NDC, PRO, entry, asset tag or contract number', () => {
    fc.assert(
      fc.property(usPhoneArb, fc.constantFrom(...NAMES), fc.boolean(), (digits, name, spoken) => {
        expectKept(`Checking on it: ${name} ${spoken ? spokenDigits(digits, [1]) : digits}, and that's the one.`);
      }),
      { numRuns: 100 },
    );
    expectKept('So your maintenance ran out in 05/2026, and we would reinstate it from there.');
    expectKept('The samples I am leaving are lot 302918844. And the exp on these? 12/2027 for both.');
  });

  it('hides a phone named with what it is on: the order, the booking, the rewards account', () => {
    fc.assert(
      fc.property(
        usPhoneArb,
        fc.constantFrom(
          'can i get the phone number on the order',
          'can i get a phone number for the order',
          'and the phone on the rewards account is',
          'a contact number for the booking',
        ),
        fc.boolean(),
        (phone, asked, spoken) => {
          const said = spoken ? spokenDigits(phone, [1]) : phone;
          expect(redactText(`${asked}? yeah it's ${said}`).text).to.equal(`${asked}? yeah it's [PHONE_NUMBER]`);
        },
      ),
      { numRuns: 100 },
    );
    // The order's own number is still the order's.
    expectKept('the phone order number is 4471229108, and it ships Thursday');
  });

  it('still hides a phone said after such a number', () => {
    fc.assert(
      fc.property(usPhoneArb, usPhoneArb, fc.constantFrom(...NAMES), (reference, phone, name) => {
        const text = `${name} ${reference}. If anything changes, call my cell at ${phone}.`;
        expect(redactText(text).text).to.equal(
          `${name} ${reference}. If anything changes, call my cell at [PHONE_NUMBER].`,
        );
      }),
      { numRuns: 100 },
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, luhnDigit, ssnArb, type Said } from '../support/spokenValues';

// Forms the twentieth blind set found loose ends in (issue 51): what a provider's smart formatting makes of values
// said aloud — an SSN written as a count ("583,209,147"), an expiry or a code as a time ("expiry 12:28", "the cvv is
// 9:06"), a sort code as a time, a version or a date, a card's groups as an amount ("$4,716.33 8209 5411 77") with
// its expiry named after, "February '29", "double 4 7", a space before ".com.br". Kept: times, prices and counts
// where no value's word names them.

const hidden = (said: string, expected: string) => expect(redactText(said).text).to.equal(expected);

/** "583,209,147": nine digits in thousands groups. */
const asCount = (digits: string): string => digits.replace(/(\d{3})(?=\d)/g, '$1,');

const ssnAsCount = fc
  .tuple(ssnArb, fc.constantFrom('The SSN is', 'My social is', "SSN's", 'social security number:'))
  .map(([ssn, before]): Said => ({ said: asCount(ssn), before, after: 'and the best number is later.' }));
const expiryAsTime = fc
  .tuple(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 25, max: 39 }),
    fc.constantFrom('Expiry', 'expiration is', 'it expires'),
  )
  .map(([month, year, before]): Said => ({ said: `${month}:${year}`, before, after: 'on the card.' }));
const codeAsTime = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom('the cvv is', 'CVV', 'security code'),
  )
  .map(([h, m, before]): Said => ({ said: `${h}:${String(m).padStart(2, '0')}`, before, after: 'thanks.' }));
/** A Visa or Mastercard whose first groups a formatter wrote as an amount, its expiry named after. */
const cardAsAmount = fc
  .tuple(fc.constantFrom('4', '51', '53', '55'), digitsArb(13))
  .map(([lead, rest]) => {
    const body = (lead + rest).slice(0, 15);
    return body + luhnDigit(body);
  })
  .map((card): Said => ({
    said: `${card[0]},${card.slice(1, 4)}.${card.slice(4, 6)} ${card.slice(6, 10)} ${card.slice(10, 14)} ${card.slice(14)}`,
    before: 'The number is $',
    after: ', and it expires in February 2029.',
  }));

describe("redaction: the twentieth blind set's forms (what smart formatting writes)", () => {
  itHidesEach([
    ['an SSN written as a count after its name', ssnAsCount],
    ['an expiry written as a time after its name', expiryAsTime],
    ["a card's code written as a time after its name", codeAsTime],
    ['a card written as an amount and groups, its expiry named after', cardAsAmount],
  ]);

  it('reads sort codes, last fours and accounts a formatter wrote as times, versions, dates and counts', () => {
    hidden('Sort code 20:47:15, account 41827530.', 'Sort code [BANKING_INFORMATION], account [BANKING_INFORMATION].');
    hidden(
      "Sort code's 40.18.62, account number 12,734,409.",
      "Sort code's [BANKING_INFORMATION], account number [BANKING_INFORMATION].",
    );
    hidden('Sort code 09/01/28, account 88102746.', 'Sort code [BANKING_INFORMATION], account [BANKING_INFORMATION].');
    hidden(
      "To verify, can I get the last four of your social? Yeah, it's 4,419.",
      "To verify, can I get the last four of your social? Yeah, it's [US_SOCIAL_SECURITY_NUMBER].",
    );
    hidden('Last four of the social, 51.67.', 'Last four of the social, [US_SOCIAL_SECURITY_NUMBER].');
    hidden('CID is 4,402.', 'CID is [CREDIT_CARD_CVV].');
  });

  it('reads "February \'29", "double 4 7", a spaced top-level domain and an account "ending" its last four', () => {
    hidden(
      "Card 5490 3316 8802 7460, and it expires in February '29.",
      'Card [CREDIT_CARD_NUMBER], and it expires in [CREDIT_CARD_EXPIRATION].',
    );
    hidden(
      "Expiry is 11/28 and the CVV's double 4 7.",
      "Expiry is [CREDIT_CARD_EXPIRATION] and the CVV's [CREDIT_CARD_CVV].",
    );
    hidden('The email should be rafael.mendes@terra .com.br.', 'The email should be [EMAIL_ADDRESS].');
    hidden(
      "it's the checking account ending eight eight oh two",
      "it's the checking account ending [BANKING_INFORMATION]",
    );
  });

  it('keeps times, prices, counts and dates no value names, and a travel visa', () => {
    expectKept('The meeting is at 5:28 and the call ends at 9:06.');
    expectKept('The budget is 583,209,147 and we spent 4,402 on travel.');
    expectKept('The door code is 4,402 and the gate opens at 6:30.');
    expectKept('we close at 5:30 and the account balance is 12,734,409');
    expectKept('Passport expires 09/2031; the visa fee is $160; processing takes 3 to 5 weeks.');
    expectKept("we met in March '19 at the expo");
    expectKept('Your tariff ends on 31/08; the new fixed rate is 27.03p per kWh.');
  });

  it('keeps a time or a count said near a value word that names something else after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 10, max: 59 }), (h, m) => {
        expectKept(`the cvv was fine, the delivery is at ${h}:${m} and the total is ${h},${m}0`);
      }),
      { numRuns: 100 },
    );
  });
});

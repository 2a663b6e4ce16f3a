import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { expectKept } from '../support/spokenValues';

// Forms the twenty-ninth and thirtieth blind sets (small-business sales, billing calls) found loose ends in (issue
// 51): an account that "ended in" its last four; figures ending a local part ("d hayes 1975 at …"). Look-alikes: an
// amount written with its currency sign beside a card's words ("exp is still good, we'll charge the $640"), an EIN
// given after "we don't use a social", a customer's account "in our system" or "on account …" in the seller's books;
// and from the thirty-first (recruiting and HR calls), a date of birth or a work authorisation's expiry said as a month,
// a day and a year, which no card's expiry and code are.

describe("redaction: the twenty-ninth and thirtieth blind sets' forms", () => {
  it('reads an account that "ended in" its last four, and figures ending a local part', () => {
    const cases: Array<[string, string]> = [
      [
        'our old account ended in five five two one, we closed that in february',
        'our old account ended in [BANKING_INFORMATION], we closed that in february',
      ],
      [
        "yeah send that over to me, Derek, it's d hayes 1975 at gmail dot com",
        "yeah send that over to me, Derek, it's [EMAIL_ADDRESS]",
      ],
      [
        "what's your social? it's three six four four one two nine oh seven",
        "what's your social? it's [US_SOCIAL_SECURITY_NUMBER]",
      ],
      // "tax id" alone may be the owner's SSN.
      [
        "the owner's ssn is used as the tax id 6 1 8 4 9 2 2 7 1",
        "the owner's ssn is used as the tax id [US_SOCIAL_SECURITY_NUMBER]",
      ],
    ];
    for (const [text, redacted] of cases) expect(redactText(text).text, text).to.equal(redacted);
  });

  it('keeps an amount written with its currency sign, whatever card words are near', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9999 }), fc.constantFrom('$', '£', '€'), (amount, sign) => {
        expectKept(
          `card ending 2206 exp is still good, and the cvv checked out, we'll charge the ${sign}${amount} to that`,
        );
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a date of birth and a work authorisation's expiry said as a month, a day and a year", () => {
    expectKept('your date of birth for the background check? oh seven, twenty two, nineteen eighty eight');
    expectKept(
      "your work authorization expires oh three thirty one twenty seven, so we'll need to reverify before then",
    );
    // Given together with nothing naming them, an expiry and a code are still a card's.
    expect(redactText('um oh two twenty eight and then six oh seven').text).to.equal(
      'um [CREDIT_CARD_EXPIRATION] and then [CREDIT_CARD_CVV]',
    );
  });

  it("keeps an EIN given instead of a social, and a customer's account in the seller's own system", () => {
    expectKept("no we don't use a social, we have an EIN now, it's three six dash four four one two nine oh seven");
    expectKept('can you confirm the customer number on your end, we have you as account 118-0442 in our system');
    expectKept('so i need to verify you on account one one eight oh four four two, can you give me your zip');
    expectKept('i put the payment on account two zero six seven two eight, the rest is a credit balance');
  });

  it("keeps accounts held at a company, named so, and a company's EIN on the account (the thirty-sixth set)", () => {
    expectKept('Job account 2210-0455, lot 14 of the Brookfield subdivision');
    expectKept('contractor account number is seven seven four one two zero nine, the one for Hollis Construction');
    expectKept('Account 221-0047 with the wholesaler, the order went in at 4:55');
    expectKept('HOA account 7702-114, the violation notice number is V-2291');
    expectKept("Tax ID on the account is 84-1920337, that's the company EIN, not mine.");
    // A bank named beside it is still a bank's account.
    expect(redactText('the contractor account at the bank, checking, is 7741209553').text).to.equal(
      'the contractor account at the bank, checking, is [BANKING_INFORMATION]',
    );
  });
});

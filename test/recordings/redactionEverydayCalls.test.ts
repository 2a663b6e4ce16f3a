import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept } from '../support/spokenValues';

// Forms the twenty-second blind set (an ordinary day's calls, issue 51) found loose ends in: a North American number
// written with its trunk "1" ("1-877-290-4418"), an SSN's last four named after it ("It's 3398, the last four."), a
// domain said in four words. Kept: a transfer's reference after "bank transfer", a shop's "branch number".

const hidden = (said: string, expected: string): void => {
  expect(redactText(said).text).to.equal(expected);
};

describe("redaction: the twenty-second blind set's forms (an ordinary day's calls)", () => {
  it('reads a toll-free number written with its trunk "1", whatever is named before it', () => {
    hidden(
      'Customer support is at help@tidepoolapp.io or 1-877-290-4418.',
      'Customer support is at [EMAIL_ADDRESS] or [PHONE_NUMBER].',
    );
    hidden('support is 1 (877) 290-4418', 'support is [PHONE_NUMBER]');
    expectKept('we shipped 1-200-300-4000 units');
  });

  it('reads four digits named "the last four" right after them', () => {
    fc.assert(
      fc.property(
        // An SSN's serial is never 0000.
        digitsArb(4).filter((d) => d !== '0000'),
        fc.constantFrom(', the last four.', ", that's the last four of my social", ', the last four digits'),
        (digits, after) => {
          hidden(`It's ${digits}${after}`, `It's [US_SOCIAL_SECURITY_NUMBER]${after}`);
        },
      ),
      { numRuns: 100 },
    );
    hidden(
      "it's 4412, the last four of the checking account",
      "it's [BANKING_INFORMATION], the last four of the checking account",
    );
    // A card's last four is printed on receipts; "the last four months" names no value.
    expectKept('4417, the last four of the card');
    expectKept('we sold 4412, the last four months');
  });

  it('reads a domain said in four words after an address is asked for', () => {
    hidden('email is info at green leaf garden centre dot co dot uk', 'email is [EMAIL_ADDRESS]');
    expectKept("i'm at the green leaf garden centre dot com site");
  });

  it("keeps a transfer's reference and a shop's branch number; a bank's branch and account stay hidden", () => {
    expectKept('The reference on the bank transfer was 44710093, amount 1,250.00.');
    expectKept("We're open 8 to 8, seven days, and the branch number is 0441.");
    hidden('bank transfer to account 44710093', 'bank transfer to account [BANKING_INFORMATION]');
    hidden(
      'my bank is TD, the branch number is 00412 and the account 1234567',
      'my bank is TD, the branch number is [BANKING_INFORMATION] and the account [BANKING_INFORMATION]',
    );
    hidden(
      'branch code 051001, account 2085065916',
      'branch code [BANKING_INFORMATION], account [BANKING_INFORMATION]',
    );
  });
});

// The twenty-fourth blind set (sales calls): an address after "my personal email for the W-2 is", a number said after
// "toll free"; kept: an account "with the old carrier".
describe("redaction: the twenty-fourth blind set's forms (sales calls)", () => {
  it('reads an address named a few words before "is", and a number after "toll free"', () => {
    hidden(
      'my personal email for the W-2 is tmorales eighty four at icloud dot com',
      'my personal email for the W-2 is [EMAIL_ADDRESS]',
    );
    hidden('our toll free is eight hundred, four four two, seven three one six', 'our toll free is [PHONE_NUMBER]');
  });

  it('keeps an account with a carrier, a provider or a supplier', () => {
    expectKept('account number with the old carrier is 8310 2291 7704 and the port PIN is 5581');
    expectKept('our account with the new supplier is 44120093, invoices go to accounts payable');
  });
});

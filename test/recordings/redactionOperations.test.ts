import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { expectKept } from '../support/spokenValues';

// Forms the twenty-first blind set found loose ends in (issue 51): operations calls made mostly of numbers that are
// not personal. Kept: accounts of the company's books ("GL account 4010-200", "reserved for capex, account
// 1610-000"), a trade account "with them", "not a bank"; a cabinet's, a dock's or a delivery note's "security code";
// what else "expires" (a lot, a resin, a carnet, a toll tag, an inspection, a plate, an amortisation); digits
// hyphened to an ID's letters ("R-0471-22", "JE-2024-11-0441"); an ASN; a serial spelled "S, C, …". Found: a
// nineteen-digit card with "nineteen digits" said after it; an expiry and a code given in the order they were asked
// for ("the expiry and CVV for that? …").

const hidden = (said: string, expected: string) => expect(redactText(said).text).to.equal(expected);

describe("redaction: the twenty-first blind set's forms (operations calls)", () => {
  it("keeps the accounts of the company's books and accounts that are not a bank's", () => {
    expectKept('Can you post it to GL account 4010-200 rather than 4010-210? The ledger is off by 1,284.60.');
    expectKept('The budget for FY25 is 2,440,000, with 18 percent reserved for capex, account 1610-000.');
    expectKept('The quarterly rebate is 2.5 percent on 1,180,000, credited against account 4410-300.');
    expectKept("Our trade account with them is 30018842, that's the account number on their invoices.");
    expectKept('The alarm monitoring account is 44 1720, the zone that tripped is zone 9.');
    // A bank named with it is a bank's account still.
    hidden(
      'post the refund to my bank, checking account 30018842',
      'post the refund to my bank, checking account [BANKING_INFORMATION]',
    );
  });

  it("keeps other things' security codes and expiries, IDs with letters, ASNs and spelled serials", () => {
    expectKept('Security code on the server cabinet is 5 5 2 1, and the cabinet asset number is 00718842.');
    expectKept('The security code printed on the delivery note is 7 7 1, the driver needs it.');
    expectKept('The lot on those vials is 24B0417, expiry 04/2026, and the cold chain log ID is CCL-8812.');
    expectKept('The ATA carnet number is GB 0441 72, and it expires 08/2025.');
    expectKept('The vehicle inspection expires 11/25, and the odometer is 88,417.');
    expectKept('the routing number on the manifest is R-0471-22, not the one on the BOL');
    expectKept('The journal entry is JE-2024-11-0441, debit 6100-200, credit 2100-000, 4,417.22.');
    expectKept('and the ASN is four four one seven two two oh nine eight eight one');
    expectKept("The serial is printed under the battery, it's S, C, eight eight one, four four, one seven, Z.");
    // A phone's label before a hyphen is no ID's letters.
    hidden('tel-6175550123', 'tel-[PHONE_NUMBER]');
  });

  it('keeps any ID whose digits are hyphened to its letters', () => {
    fc.assert(
      fc.property(
        // Not "O": a lone "O" before digits is read as "oh", a zero.
        fc.stringMatching(/^[A-NP-Z]{1,3}$/).filter((p) => !/^(?:PH|SSN)$/.test(p)),
        fc.stringMatching(/^[1-9]\d{9}$/),
        (prefix, digits) => expectKept(`the reference on the account is ${prefix}-${digits}, thanks`),
      ),
      { numRuns: 100 },
    );
  });

  it('reads a nineteen-digit card with its length said after it, and an expiry and a code in the order asked', () => {
    hidden(
      'paying with a Maestro, six seven five nine, four one two oh, eight eight three seven, two one five oh, six four one, nineteen digits',
      'paying with a Maestro, [CREDIT_CARD_NUMBER], nineteen digits',
    );
    hidden(
      'And the expiry and CVV for that? Zero nine slash twenty seven, and five eight four.',
      'And the expiry and CVV for that? [CREDIT_CARD_EXPIRATION], and [CREDIT_CARD_CVV].',
    );
    // "thirty four digit code": the unit counts the code's digits; the year is "thirty".
    hidden(
      'amex three four seven two five eight six four one five two eight three six five expiry twelve thirty four digit code one one nine two',
      'amex [CREDIT_CARD_NUMBER] expiry [CREDIT_CARD_EXPIRATION] four digit code [CREDIT_CARD_CVV]',
    );
  });
});

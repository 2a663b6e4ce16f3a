import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { expectKept, itHidesEach, spokenDigits, ssnArb, type Said } from '../support/spokenValues';

// Forms the eighteenth blind set found loose ends in (issue 51), from identity checks and account set-ups: bank
// details by their abbreviations ("s/c 30-94-57 a/c 55208817", "rtn …, dda …"); an IFSC written whole beside a bank
// word, or after "ifsc hai"; "swift" alone beside "a/c" or a refund; nine digits an agent reads back ("so just to
// confirm i've got …", "okay, so i have …"). Look-alikes: an account with the company ("with you", "on the electric
// bill", "…, not my bank"), an MPRN, a SIM number, a driver's licence.

const readBack = fc
  .tuple(ssnArb, fc.constantFrom('so just to confirm', 'okay, so', 'right,'), fc.constantFrom("i've got", 'i have'))
  .map(([ssn, lead, got]): Said => ({
    said: spokenDigits(ssn, [1]),
    before: `${lead} ${got}`,
    after: ', and date of birth the third of february, sixty nine, is that all correct',
  }));

describe("redaction: the eighteenth blind set's forms", () => {
  itHidesEach([['nine digits an agent reads back', readBack]]);

  it('reads bank details by their abbreviations, a written IFSC and "swift" beside a refund', () => {
    const cases: Array<[string, string]> = [
      [
        's/c 30-94-57 a/c 55208817, and the reference is lt 4471',
        's/c [BANKING_INFORMATION] a/c [BANKING_INFORMATION], and the reference is lt 4471',
      ],
      [
        'for the student loan refund, rtn 127704616, dda 5510298837',
        'for the student loan refund, rtn [BANKING_INFORMATION], dda [BANKING_INFORMATION]',
      ],
      [
        'for the refund to india, utib0000456, a/c 917020044817293, swift sbininbb',
        'for the refund to india, [BANKING_INFORMATION], a/c [BANKING_INFORMATION], swift [BANKING_INFORMATION]',
      ],
      ['ifsc hai i c i c zero zero zero two two one one', 'ifsc hai [BANKING_INFORMATION]'],
    ];
    for (const [text, hidden] of cases) expect(redactText(text).text, text).to.equal(hidden);
  });

  it("keeps an account with the company, a meter's, a SIM's and a licence's numbers, and a port code", () => {
    expectKept("broadband: acct no. 7700 4412 98 (that's your account, not my bank)");
    expectKept("my account number with you is a c c, seven seven four, one one two, that's on the letter");
    expectKept('the broadband account number is b b double four, nine one, six oh two');
    expectKept('the mprn for the gas is seven four three, eight two nine, one one oh four');
    expectKept(
      'the sim number, the long one, eight nine four four, one one oh, two two three, three four four, five five six, six',
    );
    expectKept(
      "driver's license number is d five five oh, dash, one two three four, dash, five six seven eight, it's illinois",
    );
    expectKept('i want to port out, the port reference is p a c 4 4 7 1 9 2');
    expectKept('a swift reply to the refund request would be great');
  });
});

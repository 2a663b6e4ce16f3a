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

// A second pass over the eighteenth set's misses, each as the general form it is.
describe("redaction: the eighteenth blind set's forms, second pass", () => {
  const hidden = (said: string, expected: string) => expect(redactText(said).text).to.equal(expected);

  it('reads every word up to "at" as the local part after "the backup is", "mine is", "my personal one is"', () => {
    hidden('and the backup is jdh work at fastmail dot fm', 'and the backup is [EMAIL_ADDRESS]');
    hidden('the email is the rooneys at eircom dot net', 'the email is [EMAIL_ADDRESS]');
    hidden('my personal one is raj patel eighty one at gmail dot com', 'my personal one is [EMAIL_ADDRESS]');
    hidden('not mine, mine is sunita kaur at hotmail dot co dot uk', 'not mine, mine is [EMAIL_ADDRESS]');
    // A name before "is" names no address: only the name said with it goes.
    hidden('my name is tom at acme dot com', 'my name is [EMAIL_ADDRESS]');
  });

  it('reads a SWIFT code spelled after "bank is", or after a condition and "is"', () => {
    hidden(
      "the new provider's bank is h s b c g b two l, thanks",
      "the new provider's bank is [BANKING_INFORMATION], thanks",
    );
    hidden(
      "swift if it's international is c h a s u s three three",
      "swift if it's international is [BANKING_INFORMATION]",
    );
    expectKept('the bank is barclays and the branch is in leeds');
    expectKept('the bank is a b c d e f g h');
  });

  it('hides the same value said again after a take-back or a question', () => {
    hidden(
      "uh it's seven oh two one eight five five three six, no hang on, let me look at the card, yeah, seven oh two one eight five five three six",
      "uh it's [US_SOCIAL_SECURITY_NUMBER], no hang on, let me look at the card, yeah, [US_SOCIAL_SECURITY_NUMBER]",
    );
    hidden(
      "so that's five two six, four seven, one one eight nine? yes, five two six four seven one one eight nine, perfect",
      "so that's [US_SOCIAL_SECURITY_NUMBER], perfect",
    );
    hidden(
      "the card is 4539 1488 0343 6467, expiry ten twenty six, no wait that's the old card, ten twenty seven",
      "the card is [CREDIT_CARD_NUMBER], expiry [CREDIT_CARD_EXPIRATION], no wait that's the old card, [CREDIT_CARD_EXPIRATION]",
    );
  });

  it('reads "the code you gave was …" as the card\'s, "in case it declines" as no case number', () => {
    hidden(
      "that's 4539 1488 0343 6467, and the code you gave was four two two, is that right",
      "that's [CREDIT_CARD_NUMBER], and the code you gave was [CREDIT_CARD_CVV], is that right",
    );
    hidden(
      "in case it declines, that's five five oh two, one three eight four, four six oh six, five oh eight eight",
      "in case it declines, that's [CREDIT_CARD_NUMBER]",
    );
    expectKept('the case number is 5502 1384 4606 5088');
  });

  it("reads bank details after a bank's name, or with how many digits they have", () => {
    hidden('barclays, 20 45 77, 43119082, joint account', 'barclays, [BANKING_INFORMATION], joint account');
    hidden(
      'the routing, nine digits, two nine oh two eight six five three seven',
      'the routing, nine digits, [BANKING_INFORMATION]',
    );
    hidden(
      "yes that's all correct, four four seven oh two six one three nine, yes",
      "yes that's all correct, [US_SOCIAL_SECURITY_NUMBER], yes",
    );
  });

  it('reads a phone number after "area code", not the account named before it', () => {
    hidden(
      'the number for the account is area code nine one nine, then nine one nine eight oh six three three four two',
      'the number for the account is area code nine one nine, then [PHONE_NUMBER]',
    );
    expectKept('area code 415');
  });
});

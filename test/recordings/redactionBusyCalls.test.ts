import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, lettersArb, spokenDigits, type Said } from '../support/spokenValues';

// Forms the seventeenth blind set found loose ends in (issue 51): a mailbox word given as the answer ("it's info at
// …", "that's hello at …") and an address said again after it was taken back; a number dialled from North America
// with its exit code ("zero one one, four four, …"); an IBAN whose country code is a word ("be") after "i b a n"
// spelled. Look-alikes: "more info at …" (a site), a patient's, customer's or client's number.

const MAILBOXES = ['info', 'hello', 'hi'];
const domainArb = fc
  .tuple(lettersArb(4, 8), lettersArb(3, 6), fc.constantFrom('dot com', 'dot org', 'dot co dot uk', 'dot com dot au'))
  .map(([a, b, tld]) => `${a}-${b} ${tld}`);

const answeredMailbox = fc
  .tuple(fc.constantFrom(...MAILBOXES), domainArb, fc.constantFrom("it's", "er, that's", 'it is'))
  .map(([box, domain, before]): Said => ({ said: `${box} at ${domain}`, before, after: ', all one word' }));

// A UK landline dialled from the US: 011, 44, then the national number without its 0.
const dialledFromTheUs = digitsArb(7)
  .map((rest) => `161${rest}`)
  .filter((n) => parsePhoneNumberFromString(`+44${n}`)?.isValid() === true)
  .map((n): Said => ({
    said: `zero one one, four four, ${spokenDigits(n.slice(0, 3), [1])}, ${spokenDigits(n.slice(3, 6), [1])}, ${spokenDigits(n.slice(6), [0])}`,
    before: "from the us you'd dial",
    after: '',
  }));

describe("redaction: the seventeenth blind set's forms", () => {
  itHidesEach([
    ['a mailbox word given as the answer', answeredMailbox],
    ['a number dialled with the North American exit code', dialledFromTheUs],
  ]);

  it('hides an address taken back and said again, and an IBAN whose country code is a word', () => {
    expect(
      redactText(
        "email me at hello at tuktuk-tours dot co dot th, no wait, it's dot com, hello at tuktuk-tours dot com",
      ).text,
    ).to.not.match(/tuktuk|hello/);
    expect(
      redactText('i b a n, be eight nine, oh three five three, nine oh eight oh, seven seven eight five').text,
    ).to.equal('i b a n, [BANKING_INFORMATION]');
  });

  it('keeps a site, a patient number and a written number whose first digits are not an exit code', () => {
    expectKept('more info at tuktuk-tours dot com');
    expectKept("the patient number is 448 210 7733, the appointment's 10:40 on the 6th, clinic 3");
    expectKept(
      'the lift pass number on the back of the card is 01 1614 5533 2210 7 and it expires at the end of the season',
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, ssnArb, WORDS, type Said } from '../support/spokenValues';

// Forms the twenty-fifth blind set found loose ends in (issue 51): what a speech-to-text engine makes of numbers
// and addresses on a phone line. Digits written as an accent or a radio habit gives them ("tree", "fife", "owe"),
// with a hesitation between them, before "slash", or between written digits ("4 owe 9 2 …"); a homophone said
// right after what names the number ("account number for five seven …"); a routing number a formatter grouped by
// thousands; a "transit number"; an address with the formatter's spaces around "@" or a dot, an apostrophe, an
// initial with its full stop, a surname's initial, or a number in words at the end of its local part; a card's
// groups with one comma at a pause, or with a group written as a time.
// Look-alikes: "it's at gmail dot com" with no local part, a model number "on the back of the dryer", a return
// label's number, a gas account, everyday "tree", "owe" and "for".

const SOUNDS_LIKE: Record<string, string> = { '0': 'owe', '3': 'tree', '5': 'fife' };
const HESITATIONS = ['uh', 'um'];

/** Digits said one by one, 0, 3 and 5 as an accent gives them where `misheard` says so, a hesitation here and there. */
const misheardSaid = (digits: string, misheard: boolean[], pauses: boolean[]): string =>
  [...digits]
    .map((d, i) => {
      const word = (misheard[i % misheard.length] && SOUNDS_LIKE[d]) || WORDS[Number(d)];
      return i > 0 && i < digits.length - 1 && pauses[i % pauses.length] ? `${HESITATIONS[i % 2]} ${word}` : word;
    })
    .join(' ');
const flagsArb = fc.array(fc.boolean(), { minLength: 1, maxLength: 6 });
const rarePausesArb = fc
  .array(fc.boolean(), { minLength: 4, maxLength: 9 })
  .map((a) => a.map((p, i) => p && i % 3 === 0));

const misheardSsn = fc.tuple(ssnArb, flagsArb, rarePausesArb).map(([ssn, misheard, pauses]): Said => ({
  said: misheardSaid(ssn, misheard, pauses),
  before: 'my social is',
  after: '',
}));

/** A US number libphonenumber-js calls valid: a real area code, an exchange starting 2–9. */
const usPhone = fc
  .tuple(fc.constantFrom('212', '415', '617', '312', '206', '303', '425', '630'), digitsArb(7))
  .map(([area, rest]) => `${area}${String(2 + (Number(rest[0]) % 8))}${rest.slice(1)}`)
  .filter((n) => parsePhoneNumberFromString(n, 'US')?.isValid() === true);
const misheardPhone = fc.tuple(usPhone, flagsArb).map(([phone, misheard]): Said => ({
  said: misheardSaid(phone, misheard, [false]),
  before: "the number's",
  after: '',
}));

const misheardAccount = fc.tuple(digitsArb(9), flagsArb).map(([digits, misheard]): Said => ({
  said: misheardSaid(`4${digits}`, misheard, [false]),
  before: 'the savings account is',
  after: '',
}));

describe("redaction: the twenty-fifth blind set's forms", () => {
  itHidesEach([
    ['an SSN said with "tree", "fife" and "owe" and hesitations', misheardSsn],
    ['a phone number said with "tree", "fife" and "owe"', misheardPhone],
    ['an account said with "tree", "fife" and "owe"', misheardAccount],
  ]);

  it('reads homophones between written digits, before "slash", and right after what names the number', () => {
    const cases: Array<[string, string]> = [
      ['my account number is 4 owe 9 2 2 1 8 5 5 3', 'my account number is [BANKING_INFORMATION]'],
      ['it expires oh too slash twenty nine', 'it expires [CREDIT_CARD_EXPIRATION]'],
      [
        'routing number one one one oh oh oh oh too five account number for five seven seven too one nine oh',
        'routing number [BANKING_INFORMATION] account number [BANKING_INFORMATION]',
      ],
      ['the savings account is owe owe for for seven one one nine', 'the savings account is [BANKING_INFORMATION]'],
    ];
    for (const [text, redacted] of cases) expect(redactText(text).text, text).to.equal(redacted);
  });

  it("reads a card's printed groups with one comma at a pause, or a group a formatter wrote as a time", () => {
    expect(redactText('The number is 5423. 1884, 0076 2143.').text).to.equal('The number is [CREDIT_CARD_NUMBER].');
    expect(redactText("it's 6011 04:41 7723 9854").text).to.equal("it's [CREDIT_CARD_NUMBER]");
    // Commas between every group are a list; times are times.
    expectKept('the quotes came in at 4539, 1488, 0343, 6467 and 5105 across the five sites');
    expectKept('we open 9:00 to 17:30, and the call is at 10:30 on 11/28');
  });

  it('reads a routing number grouped by thousands and one named "transit number"', () => {
    expect(redactText('Routing 021,000,021 and the account is 4471 0092 3358.').text).to.equal(
      'Routing [BANKING_INFORMATION] and the account is [BANKING_INFORMATION].',
    );
    expect(redactText('the transit number on the check is 061000104').text).to.equal(
      'the transit number on the check is [BANKING_INFORMATION]',
    );
    // A count is still a count: a grouped number without a leading zero.
    expectKept('we shipped 1,250,000 units and 21,000,021 went back');
  });

  it('reads addresses as a formatter spaces them, with an apostrophe, initials and numbers in words', () => {
    const cases: Array<[string, string]> = [
      ["it's d.reyes@comcast. net", "it's [EMAIL_ADDRESS]"],
      ['send the W-9 to billing@ northwindtraders .io', 'send the W-9 to [EMAIL_ADDRESS]'],
      ["send it to j.o'brien@ verizon. net", 'send it to [EMAIL_ADDRESS]'],
      ['R. Patel at Gmail.com', '[EMAIL_ADDRESS]'],
      ['its chris p at me dot com', 'its [EMAIL_ADDRESS]'],
      ["it's bigdog nineteen seventy six at aol dot com", "it's [EMAIL_ADDRESS]"],
      ["so that's r white nineteen ninety one at hotmail dot co dot uk", "so that's [EMAIL_ADDRESS]"],
    ];
    for (const [text, redacted] of cases) expect(redactText(text).text, text).to.equal(redacted);
    // Not a domain: a full stop and a capital start a sentence.
    expectKept('mail x@acme. Net profit is up');
  });

  it('keeps a domain with no local part, a model number, a label number, a gas account and everyday words', () => {
    expectKept("it's at gmail dot com but I can't remember if I used the dot or not");
    expectKept('the model on the back of the dryer is WED 4 8 1 5 E W 1');
    expectKept('the return label number is 9 4 0 0 1 1 1 8 9 9 2 2 3 3 4 4 5 5 6 6 7 7');
    expectKept('your gas account number is 4 4 1 0 2 9 7 7 1 8 dash 0 2');
    expectKept('we planted a tree two years ago, and I owe two fifty on the card');
    expectKept('a table for 4 at 7, and we won 3 games');
    // The card's own code on the back is still a code.
    expect(redactText('the code on the back of it is 123').text).to.equal(
      'the code on the back of it is [CREDIT_CARD_CVV]',
    );
  });
});

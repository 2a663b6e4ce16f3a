import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, WORDS, type Said } from '../support/spokenValues';

// Forms the twenty-eighth blind set (US consumer support calls) found loose ends in (issue 51): "her number", "your
// best number" name a person's phone even after a reference ("policy 7720 1184 69 and her number was …"); a label
// sent to a phone; an account named "checking account" after it; the phone "on my card account"; a name of two
// words before a number in words ending a local part. Look-alikes: the passcode or PIN on an account, the account on
// an electric bill.

const said = (digits: string): string => [...digits].map((d) => WORDS[Number(d)]).join(' ');

/** "becca lynn ninety one at gmail dot com": two name words, then a number said in tens. */
const twoNamesAndANumber = fc
  .tuple(
    fc.constantFrom('becca lynn', 'mary beth', 'jo anne', 'big dog', 'van der'),
    fc.constantFrom('ninety one', 'nineteen seventy six', 'twenty twenty', 'eighty eight', 'two three'),
    fc.constantFrom('gmail dot com', 'yahoo dot com', 'aol dot com', 'outlook dot com'),
  )
  .map(([names, number, domain]): Said => ({ said: `${names} ${number} at ${domain}`, before: "it's", after: '' }));

/** A US number said after a policy or claim number and "her number was". */
const afterAReference = fc
  .tuple(digitsArb(10), fc.constantFrom('policy', 'claim', 'case'), fc.constantFrom('her', 'his', 'my', 'their'))
  .map(([ref, reference, whose]): Said => ({
    said: said('8594330271'),
    before: `I wrote it down, ${reference} ${ref.slice(0, 4)} ${ref.slice(4, 8)} ${ref.slice(8)} and ${whose} number was`,
    after: '',
  }));

describe("redaction: the twenty-eighth blind set's forms", () => {
  itHidesEach([
    ['a local part of two names and a number in words', twoNamesAndANumber],
    ["a person's number after a reference", afterAReference],
  ]);

  it('reads a phone a label is sent to, an account named after it, and the phone on a card account', () => {
    const cases: Array<[string, string]> = [
      [
        "label's been sent to 813-907-2641, drop it at any UPS",
        "label's been sent to [PHONE_NUMBER], drop it at any UPS",
      ],
      [
        "so that's 2175502981, checking account, and the draft comes out on the fifth",
        "so that's [BANKING_INFORMATION], checking account, and the draft comes out on the fifth",
      ],
      [
        "I'd like to update the phone on my card account, add 8 4 7, 2 2 0, 6 9 1 3 as my primary",
        "I'd like to update the phone on my card account, add [PHONE_NUMBER] as my primary",
      ],
      [
        'um so the routing number for the operating account is zero two one zero zero zero zero two one',
        'um so the routing number for the operating account is [BANKING_INFORMATION]',
      ],
      [
        'I pay the electric bill from my checking account, number 5502119483',
        'I pay the electric bill from my checking account, number [BANKING_INFORMATION]',
      ],
    ];
    for (const [text, redacted] of cases) expect(redactText(text).text, text).to.equal(redacted);
  });

  it('keeps an order number, the passcode or PIN on an account, and the account on an electric bill', () => {
    expectKept('your order number is 2125550198');
    expectKept('the passcode on the account is 829914');
    expectKept('the pin on my account is eight two two nine');
    expectKept('hi this is about my electric bill, my account number is 5 5 0 2 1 1 9 4 8 3');
  });
});

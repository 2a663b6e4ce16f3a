import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { digitsArb, expectHidden, expectKept, seedArb, spokenDigits, type Said } from '../support/spokenValues';

// Forms the eighth blind set found (issue 51): the word naming a value said up to eight words before it ("the
// account number for the club dues is …", "my social for the tent rental credit application …"), a mailbox
// named "info" or "hello" once an address is said to come, newer top-level domains, an Amex's "four on the
// front", a number after "plus" or in a bracket read as the phone it is; and the look-alikes it touched: a
// passcode read in part as a card's code, a gate code "for the back lot", a room-block code that "expires on
// august 1".

/** What callers say between the word naming a value and the value: the naming word is the eighth back at most. */
const FILLERS = ['for the club dues', 'on file with us', 'for the ach draft', 'for the credit application'];

/** Nine digits the SSA can issue (area 100–665, group 01–99, serial 0001–9999), or ten of an account. */
const valueDigits = (social: boolean) =>
  social
    ? fc
        .tuple(fc.integer({ min: 100, max: 665 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
        .map(([a, g, s]) => `${a}${String(g).padStart(2, '0')}${String(s).padStart(4, '0')}`)
    : digitsArb(10);

const farNamed = fc
  .tuple(
    fc.constantFrom('the account number', 'my social', 'the social'),
    fc.constantFrom(...FILLERS),
    seedArb,
    fc.boolean(),
  )
  .chain(([name, filler, seed, spoken]) =>
    valueDigits(name.includes('social')).map((digits): Said => ({
      said: spoken ? spokenDigits(digits, seed) : digits.split('').join(' '),
      before: `${name} ${filler} is`,
      after: 'thanks',
    })),
  );

describe('redaction: a value named further back, and what else a code can be', () => {
  it('leaves no digit of an account or an SSN named seven words before it', () => {
    fc.assert(fc.property(farNamed, expectHidden), { numRuns: 200 });
  });

  it('reads "info at …" and "hello at …" once an address is said to come, and newer top-level domains', () => {
    expect(redactText('email it to info at jkassociates dot co dot in').text).to.equal('email it to [EMAIL_ADDRESS]');
    expect(redactText("the photographer's email is hello at lunaandlace dot photo").text).to.equal(
      "the photographer's email is [EMAIL_ADDRESS]",
    );
    expect(redactText("the installer's office manager is k dot yamamoto at pacificsun dot energy").text).to.equal(
      "the installer's office manager is [EMAIL_ADDRESS]",
    );
    expectKept('find us at lunaandlace dot photo');
  });

  it('reads an Amex\'s "four on the front", a phone after "plus" or a bracket, a number written 0 and five digits', () => {
    expect(redactText('amex 3789 145711 20274 the four on the front is 8 1 0 6').text).to.equal(
      'amex [CREDIT_CARD_NUMBER] the four on the front is [CREDIT_CARD_CVV]',
    );
    expect(
      redactText('the mobile for the account unlock is plus four nine one five one two three oh six oh four four seven')
        .text,
    ).to.equal('the mobile for the account unlock is [PHONE_NUMBER]');
    expect(redactText('the panel distributor in pune is on 081238 03628', { phoneRegion: 'IN' }).text).to.equal(
      'the panel distributor in pune is on [PHONE_NUMBER]',
    );
  });

  it("keeps a passcode, a gate code, a room-block code, a building's security code and a loyalty number", () => {
    expectKept('i just got the text the verification code is 4 8 2 9 1 7 should i read it to you');
    expectKept('the six digit code on the authenticator says 3 1 9 9 0 4');
    expectKept("the gate code for the back lot is 4 4 7 1 pound just punch it in and it'll open");
    expectKept('the hotel room block code is smith wedding 9 2 1 and it expires on august 1');
    expectKept('the security code for the building gate is 4 4 1 9');
    expectKept("do you have your honors number on you i've got it as 9 1 4 4 8 2 2 7 3 oh");
  });
});

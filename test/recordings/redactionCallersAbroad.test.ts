import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, WORDS, type Said } from '../support/spokenValues';

// Forms the twenty-sixth blind set found loose ends in (issue 51): callers outside the US on calls to companies
// of their own country. An account's last four or five after "ends in" or "finishes in"; a Canadian transit and
// institution number ("institution's oh oh three"); a SWIFT code written whole before another thing's "is", or
// spelled after "it's"; the French "cryptogram" for a card's code; "and then, sorry," or "and the rest is" between a
// number's groups. Look-alikes: a card's last four after the bank's
// name and the card ("the Monzo card, ending 4471"), national and tax numbers named by their names (a TFN, a partita
// IVA, a NIP, a PNR, a Medicare number, a SIRET), a hydro or a municipal account.

const said = (digits: string): string => [...digits].map((d) => WORDS[Number(d)]).join(' ');

const accountEnd = fc
  .tuple(fc.integer({ min: 4, max: 5 }), digitsArb(5), fc.constantFrom('ends in', 'finishes in', 'ending in'))
  .map(([length, digits, ends]): Said => ({
    said: said(digits.slice(0, length)),
    before: `the BIC is fine, and the account number ${ends}`,
    after: '',
    region: 'IE' as CountryCode,
  }));

/** A US number libphonenumber-js calls valid, read in three groups with what callers say before the last. */
const phoneGoingOn = fc
  .tuple(
    fc.constantFrom('613', '212', '415', '902', '416'),
    digitsArb(7),
    fc.constantFrom('and the rest is', 'and then the rest is', 'then the last four are', 'and then'),
  )
  .map(([area, rest, goesOn]) => ({ area, exchange: `${2 + (Number(rest[0]) % 8)}${rest.slice(1, 3)}`, rest, goesOn }))
  .filter(
    ({ area, exchange, rest }) => parsePhoneNumberFromString(area + exchange + rest.slice(3), 'CA')?.isValid() === true,
  )
  .map(({ area, exchange, rest, goesOn }): Said => ({
    said: `${said(area)}, ${said(exchange)}, ${goesOn} ${said(rest.slice(3))}`,
    before: "I'm in Ottawa,",
    after: '',
    region: 'CA' as CountryCode,
  }));

describe("redaction: the twenty-sixth blind set's forms", () => {
  itHidesEach([
    ['an account\'s last four or five after "ends in"', accountEnd],
    ['a phone number read with "and the rest is" before its last group', phoneGoingOn],
  ]);

  it('reads the rest said from the start after "the rest is", and a number going on after "and then, sorry,"', () => {
    expect(
      redactText("yeah so it's oh eight six, four one nine, and then, sorry, two two oh eight", { phoneRegion: 'IE' })
        .text,
    ).to.equal("yeah so it's [PHONE_NUMBER]");
    expect(
      redactText('my social starts with one nine seven and the rest is one nine seven eight five six six two zero')
        .text,
    ).to.equal('my social starts with [US_SOCIAL_SECURITY_NUMBER]');
    expect(
      redactText(
        'the account is POSB, the number is one nine eight, two four six, and then, wait ah, one three seven',
        {
          phoneRegion: 'SG',
        },
      ).text,
    ).to.equal('the account is POSB, the number is [BANKING_INFORMATION]');
  });

  it('reads a transit and an institution number, SWIFT codes before another "is" or after "it\'s", a cryptogram', () => {
    const cases: Array<[string, string, CountryCode]> = [
      [
        "transit number is one two three four five, institution's oh oh three, and the account is one oh two, three four five, six",
        "transit number is [BANKING_INFORMATION], institution's [BANKING_INFORMATION], and the account is [BANKING_INFORMATION]",
        'CA',
      ],
      [
        'Transfer to OCBC, SWIFT OCBCSGSG, the name is Lim Boon Kiat.',
        'Transfer to OCBC, SWIFT [BANKING_INFORMATION], the name is Lim Boon Kiat.',
        'SG',
      ],
      [
        "my BIC, they asked for a BIC for the transfer, it's L O Y D G B two L",
        "my BIC, they asked for a BIC for the transfer, it's [BANKING_INFORMATION]",
        'GB',
      ],
      [
        'it expires in twelve twenty seven, and the cryptogram is three three eight',
        'it expires in [CREDIT_CARD_EXPIRATION], and the cryptogram is [CREDIT_CARD_CVV]',
        'FR',
      ],
    ];
    for (const [text, redacted, region] of cases)
      expect(redactText(text, { phoneRegion: region }).text, text).to.equal(redacted);
  });

  it("keeps a card's last four named after its bank, and the account's after the card", () => {
    expectKept("It's the Monzo card, the coral one, ending 4471.", 'GB');
    expectKept("it's the Commbank card ending two three three oh, I've got two of them", 'AU');
    expect(redactText('the card ending 1234 is linked to the account ending 5678').text).to.equal(
      'the card ending 1234 is linked to the account ending [BANKING_INFORMATION]',
    );
  });

  it('keeps national and tax numbers named by their names, and utility accounts', () => {
    expectKept('my tax file number is eight six five, four one four, oh eight eight, do you need that', 'AU');
    expectKept('partita IVA is zero one two three four five six seven eight nine zero, for the invoice', 'IT');
    expectKept('NIP of the company is five two six, one zero two, five nine nine five, for the faktura', 'PL');
    expectKept('the PNR is four two one, double five, six seven eight nine oh, train is on the fifth', 'IN');
    expectKept('Medicare number is 2428 77813 2, the 1 after it is my position on the card.', 'AU');
    expectKept('SIRET 732 829 320 00074 for the invoice, please.', 'FR');
    expectKept('the hydro account number is two oh oh, four one, seven seven three, and the meter is outside', 'CA');
    expectKept('The municipal account number is 5501 8823 4410, the water bill is too high', 'ZA');
  });

  it('reads a national number in a region the call names, at a company whose region is another (the thirty-fifth set)', () => {
    expect(redactText("I'm on my British mobile, it's 07911 123 456 if we get cut off.").text).to.equal(
      "I'm on my British mobile, it's [PHONE_NUMBER] if we get cut off.",
    );
    expect(redactText('my aussie number is oh four one two, three four eight, nine oh six').text).to.equal(
      'my aussie number is [PHONE_NUMBER]',
    );
    expect(redactText("I'm visiting from London for six weeks. My mobile is 07911 204 566.").text).to.equal(
      "I'm visiting from London for six weeks. My mobile is [PHONE_NUMBER].",
    );
    // No region named: a number no US number starts like stays as said; and a named region reads no count.
    expectKept('my mobile is 07911 123 456');
    expectKept('we shipped 07700 units to the London office');
  });
  it('hides a national number named a mobile in a range the plan does not list yet (the forty-sixth set)', () => {
    fc.assert(
      fc.property(
        digitsArb(3),
        fc.constantFrom<[CountryCode, string]>(['GB', '07700 900'], ['GB', '07700 914 '], ['AU', '0491 570 ']),
        fc.constantFrom('Her mobile is', 'use my mobile,', 'my cell number is', 'text it to'),
        (tail, [region, start], named) => {
          const number = `${start}${tail}`;
          expect(redactText(`${named} ${number}.`, { phoneRegion: region }).text).to.equal(`${named} [PHONE_NUMBER].`);
          expect(redactText(`Is ${number} still the best number for you?`, { phoneRegion: region }).text).to.equal(
            'Is [PHONE_NUMBER] still the best number for you?',
          );
        },
      ),
      { numRuns: 60 },
    );
    // "Number" alone names other things: an order's, a count.
    expectKept('the order number is 07700 900123', 'GB');
    expectKept('my number in the queue was 07700 900123', 'GB');
  });
});

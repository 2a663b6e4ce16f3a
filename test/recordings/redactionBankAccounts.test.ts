import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { isSsn } from '../../common/redaction/socialSecurity';
import { redactedTurns } from '../support/exchanges';
import { abaArb, digitsArb, expectHidden, expectKept, seedArb, spokenDigits, ssnArb } from '../support/spokenValues';

// Bank details as payroll, refunds and autopay calls give them: a routing number asked for "on the account", and an
// account's last four said again with "ending" once the account was named (BENCHMARKS.md, sets 38–44); a BSB and a
// CLABE as the forty-fifth set gave them.

describe('redaction: bank accounts spoken of', () => {
  it('hides a routing number asked for "on" or "for" the account', () => {
    fc.assert(
      fc.property(
        abaArb,
        seedArb,
        fc.boolean(),
        fc.constantFrom('on the account', 'for the account', 'on your account', 'for that account'),
        (aba, seed, spoken, of) =>
          expectHidden({
            before: `What's the routing number ${of}? It's`,
            said: spoken ? spokenDigits(aba, seed) : aba,
            after: '.',
          }),
      ),
      { numRuns: 150 },
    );
    // The phone on the account is still a phone's, and no bank's.
    expect(redactText('The number on the account is 617-442-0931.').text).to.equal(
      'The number on the account is [PHONE_NUMBER].',
    );
  });

  it('hides an account\'s new last four said with "ending" after the old one', () => {
    fc.assert(
      fc.property(
        digitsArb(4),
        digitsArb(4),
        fc.constantFrom("It's now ending", 'Switch it to the one ending'),
        (old, now, says) => {
          const text = `We have the checking account ending ${old} on file, is that still open? No, I closed that. ${says} ${now}.`;
          const out = redactText(text).text;
          expect(out, out).to.equal(
            `We have the checking account ending [BANKING_INFORMATION] on file, is that still open? No, I closed that. ${says} [BANKING_INFORMATION].`,
          );
        },
      ),
      { numRuns: 100 },
    );
    // A card or an order named since is theirs: a card's last four is no secret.
    expectKept('Your account is current. The card ending 4471 was charged, and the order ending 2231 shipped.');
    expectKept('The account is current; the order ending 2231 shipped on Monday.');
  });

  it("keeps the last four of an account that is no bank's", () => {
    expectKept('The customer account ending 4410 is yours, and the ticket ending 2231 is closed.');
    // The biller's account, told with the customer's next bill date (the forty-eighth set).
    expectKept('Your account number is 88-2041-7735, and your next bill date is the 9th.');
    expect(redactText('my checking account is 4417009233 and my next bill is due friday').text).to.equal(
      'my checking account is [BANKING_INFORMATION] and my next bill is due friday',
    );
  });
  it('hides a BSB named with what it is for or "first", and an 18-digit CLABE (the forty-fifth set)', () => {
    fc.assert(
      fc.property(
        digitsArb(6),
        seedArb,
        fc.constantFrom('the bsb for the refund is', 'sure, bsb first:', 'and your bsb please'),
        (bsb, seed, named) =>
          expectHidden({
            before: named,
            said: `${spokenDigits(bsb.slice(0, 3), seed)} dash ${spokenDigits(bsb.slice(3), seed)}`,
            after: 'is that correct',
          }),
      ),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(
        // A bank's three-digit code first (Banamex 002, BBVA 012, Santander 014, Banorte 072), then fifteen digits.
        fc.tuple(fc.constantFrom('002', '012', '014', '072'), digitsArb(15)).map(([bank, rest]) => `${bank}${rest}`),
        seedArb,
        fc.boolean(),
        (clabe, seed, spoken) =>
          expectHidden({
            before: "i'll need her clabe, it's eighteen digits",
            said: spoken ? spokenDigits(clabe, seed) : clabe,
            after: '',
          }),
      ),
      { numRuns: 100 },
    );
  });
  it('hides a routing number said again without the digit said once too often (the forty-seventh set)', () => {
    fc.assert(
      fc.property(abaArb, fc.integer({ min: 1, max: 8 }), seedArb, (aba, at, seed) => {
        // Nine digits given alone that can be an SSN are read as one (common/redaction/bareAnswer.ts): hidden either way.
        fc.pre(!isSsn(aba));
        const slip = `${aba.slice(0, at)}${aba[at]}${aba.slice(at)}`;
        const out = redactedTurns([
          ['agent', 'okay go ahead'],
          ['caller', `routing is ${spokenDigits(slip, seed)}`],
          ['agent', 'hold on, i think you said an extra digit'],
          ['caller', `sorry, it's ${spokenDigits(aba, seed)}`],
        ]);
        expect(out[3], JSON.stringify(out)).to.equal("sorry, it's [BANKING_INFORMATION]");
      }),
      { numRuns: 100 },
    );
  });
  it('hides a value begun, broken off at the end of a turn, and said whole later (the forty-fifth set)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom<[string, fc.Arbitrary<string>, string]>(
            ['the account number is', digitsArb(9), '[BANKING_INFORMATION]'],
            ['my social is', ssnArb, '[US_SOCIAL_SECURITY_NUMBER]'],
          )
          .chain(([named, value, placeholder]) => fc.tuple(fc.constant(named), value, fc.constant(placeholder))),
        fc.integer({ min: 3, max: 5 }),
        seedArb,
        ([named, value, placeholder], cut, seed) => {
          const part = spokenDigits(value.slice(0, cut), seed);
          const out = redactedTurns([
            ['caller', `${named} ${part}`],
            ['agent', `sorry, you cut out after ${part}`],
            ['caller', `sorry, it's ${spokenDigits(value, seed)}`],
            ['agent', 'got it'],
          ]);
          // Every digit of the whole is hidden. Its kind is the one named first, unless the two sayings, read as one
          // number over the other speaker's echo, pass for a card (a Diners "36…" one time in ten): hidden either way.
          expect(out[2], JSON.stringify(out)).to.not.match(
            /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/,
          );
          if (!out[0].includes('[CREDIT_CARD_NUMBER]')) expect(out[2]).to.equal(`sorry, it's ${placeholder}`);
        },
      ),
      { numRuns: 150 },
    );
    // A reference begun is no value: the order number said whole later stays.
    expect(
      redactedTurns([
        ['caller', 'the order number is 4411'],
        ['agent', 'sorry, you cut out'],
        ['caller', 'oh sorry, 4411 2093 77'],
      ])[2],
    ).to.equal('oh sorry, 4411 2093 77');
  });
  it("hides the numbers read off a check's bottom line, together or apart, and keeps its check number", () => {
    fc.assert(
      fc.property(abaArb, digitsArb(10), digitsArb(4), seedArb, fc.boolean(), (aba, account, check, seed, together) => {
        const said = (d: string) => spokenDigits(d, seed);
        const text = together
          ? `i'm looking at a check and the numbers at the bottom are ${said(aba + account)} okay`
          : `read me the numbers along the bottom of your check okay it's ${said(aba)} then a little symbol then ${said(account)}. and the check number is ${said(check)}`;
        const out = redactText(text).text;
        expect(out, out).to.equal(
          together
            ? "i'm looking at a check and the numbers at the bottom are [BANKING_INFORMATION] okay"
            : `read me the numbers along the bottom of your check okay it's [BANKING_INFORMATION] then a little symbol then [BANKING_INFORMATION]. and the check number is ${said(check)}`,
        );
      }),
      { numRuns: 100 },
    );
    // The numbers at the bottom of anything else are its own.
    expectKept('the numbers at the bottom of the receipt are 4471 2093 5518 and 2231');
  });
});

import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { digitsArb, expectHidden, expectKept, seedArb, spokenDigits } from '../support/spokenValues';

// Values said with no word naming them, or named after something else, as the third and fourth blind sets
// said them and the rules missed: an SSN said in its own groups of three, two and four digits (the agent
// asked for it the turn before), a phone named after a reference ("the case number is …, call …") or
// named after itself ("… as the callback number"), a phone called a "handphone", "my number po" (Filipino
// politeness, not a purchase order). Nothing of them is left and redacting twice changes nothing; a list or
// a phone's 3-3-4 groups said bare stay.

const ssnArb = fc
  .tuple(fc.integer({ min: 1, max: 665 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
  .map(([a, g, s]) => [String(a).padStart(3, '0'), String(g).padStart(2, '0'), String(s).padStart(4, '0')]);

describe('redaction: values no word names', () => {
  it('hides an SSN said in its own groups, three, two and four, at a pause each', () => {
    fc.assert(
      fc.property(
        ssnArb,
        seedArb,
        fc.constantFrom("it's", 'okay,', 'let me read that back,', 'yes,', ''),
        (parts, seed, before) =>
          expectHidden({ said: parts.map((p) => spokenDigits(p, seed)).join(', '), before, after: '' }),
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the same digits grouped otherwise, and a list said digit by digit', () => {
    fc.assert(
      fc.property(ssnArb, seedArb, (parts, seed) => {
        const digits = parts.join('');
        expectKept(`the order number is ${parts.map((p) => spokenDigits(p, seed)).join(', ')}`);
        expectKept(
          `we counted ${spokenDigits(digits.slice(0, 3), seed)}, then ${spokenDigits(digits.slice(3, 5), seed)} boxes`,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('hides a phone named after a reference, after itself, or by a local word', () => {
    expectHidden({
      said: '0113 564 1872',
      before: 'and the case number is 00731562, call',
      after: 'if you need me',
      region: 'GB',
    });
    expectHidden({ said: '339.274.6980', before: 'the ticket shows', after: 'as the callback number, extension 2214' });
    fc.assert(
      fc.property(digitsArb(7), (d) => {
        const singapore = `9${d.slice(0, 3)} ${d.slice(3, 7)}`;
        const philippines = `0917 ${d.slice(0, 3)} ${d.slice(3, 7)}`;
        // Only numbers the numbering plan allots are phone numbers.
        if (parsePhoneNumberFromString(singapore, 'SG')?.isValid())
          expectHidden({ said: singapore, before: 'my handphone is', after: '', region: 'SG' });
        if (parsePhoneNumberFromString(philippines, 'PH')?.isValid())
          expectHidden({ said: philippines, before: 'my number po is', after: '', region: 'PH' });
        expectKept(`the PO is 4500${d}, the case number is ${d}`);
      }),
      { numRuns: 50 },
    );
  });
});

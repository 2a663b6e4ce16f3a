import fc from 'fast-check';
import { expectHidden, expectKept } from '../support/spokenValues';

// Dates that run out but are not a card's, and references that are not personal (the fourth blind set's
// look-alikes, independent-4.json): a quote, an offer, a warranty or a voucher "valid until 08/26" keeps its
// date when no card is spoken of; a case number in the shape of an SSN, a waybill, a frequent flyer number or
// an EAN keeps its digits. The same date near a card is still the card's expiry.

const month = fc.integer({ min: 1, max: 12 }).map((m) => String(m).padStart(2, '0'));
const year = fc.oneof(fc.integer({ min: 24, max: 39 }).map(String), fc.integer({ min: 2024, max: 2039 }).map(String));
const written = fc.tuple(month, year, fc.constantFrom('/', ' / ')).map(([m, y, sep]) => `${m}${sep}${y}`);

const otherThing = fc.constantFrom(
  ['the quote is valid until', ', after that prices change'],
  ['the offer expires', 'so please decide soon'],
  ['warranty valid through', ''],
  ['the voucher expires', 'so use it before then'],
  ['your trial runs out', 'unless you upgrade'],
  ['the contract is good through', 'and then it renews'],
  ['the promo code expires', ''],
);

describe('redaction: dates and references that are not personal (issue 51, fourth blind set)', () => {
  it("keeps a date that runs out when it is a quote's, an offer's, a warranty's, with no card spoken of", () => {
    fc.assert(
      fc.property(otherThing, written, ([before, after], date) => expectKept(`${before} ${date} ${after}`.trim())),
      { numRuns: 300 },
    );
  });

  it('still hides the same date as an expiry when a card is spoken of', () => {
    fc.assert(
      fc.property(otherThing, written, ([before, after], date) =>
        expectHidden({ said: date, before: `for the card, ${before}`, after }),
      ),
      { numRuns: 300 },
    );
  });

  it('keeps references named as such: a case number shaped like an SSN, a waybill, a flyer number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 899 }),
        fc.integer({ min: 10, max: 99 }),
        fc.integer({ min: 1000, max: 9999 }),
        fc.constantFrom('your case number is', 'the case number is', 'invoice', 'ticket number'),
        (a, b, c, named) => expectKept(`${named} ${a}-${b}-${c}, please keep it for reference`),
      ),
      { numRuns: 300 },
    );
    expectKept('the DHL waybill is four one two eight, eight seven three, three nine one');
    expectKept('frequent flyer number 9124 4471 02, gold tier');
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { redactedTurns } from '../support/exchanges';
import { expectKept } from '../support/spokenValues';

// A collections or payment-plan call as the forty-second blind set wrote it (BENCHMARKS.md): a card's new expiry
// given after the question that names it, an expiry taken back and written again, one read back before its code is
// asked for.

const monthYear = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 26, max: 35 }), fc.boolean());
const written = ([month, year, long]: [number, number, boolean]): string =>
  `${String(month).padStart(2, '0')}/${long ? `20${year}` : year}`;

describe('redaction: collections and payment plans', () => {
  it("hides a card's new expiry answered to the question that names it", () => {
    fc.assert(
      fc.property(monthYear, fc.constantFrom('the new card says', 'the new one says', 'it says'), (date, says) => {
        const out = redactedTurns([
          ['agent', 'Do you have the new expiration date? The one we have on the card is old.'],
          ['caller', `Yeah, ${says} ${written(date)}.`],
        ]);
        expect(out[1], JSON.stringify(out)).to.equal(`Yeah, ${says} [CREDIT_CARD_EXPIRATION].`);
      }),
      { numRuns: 100 },
    );
    // A loan's end date after a card's expiry is spoken of is the loan's.
    expectKept('Your card expired last month, so the autopay failed; the loan itself ends 06/2029.');
  });

  it('hides an expiry taken back and written again, and one read back before its code is asked for', () => {
    fc.assert(
      fc.property(monthYear, monthYear, (old, fresh) => {
        fc.pre(written(old) !== written(fresh));
        const out = redactedTurns([
          ['agent', 'Exp date?'],
          ['caller', `${written(old)}. Wait, no, that's the old one. ${written(fresh)}.`],
          ['agent', `${written(fresh)}, and the CID on the back?`],
        ]);
        expect(out.slice(1), JSON.stringify(out)).to.deep.equal([
          "[CREDIT_CARD_EXPIRATION]. Wait, no, that's the old one. [CREDIT_CARD_EXPIRATION].",
          '[CREDIT_CARD_EXPIRATION], and the CID on the back?',
        ]);
      }),
      { numRuns: 100 },
    );
    expect(redactText('the statement date was 09/27, and the code on the letter is on page two').text).to.equal(
      'the statement date was 09/27, and the code on the letter is on page two',
    );
  });
});

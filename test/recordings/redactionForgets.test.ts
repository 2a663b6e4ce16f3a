import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { heldPhoneAnswers } from '../../common/redaction/phones';
import { redactedTurns, usPhoneArb } from '../support/exchanges';

// Issue 51, "no copy kept elsewhere": the numbering plan's answers are remembered while a text is read (a list's
// windows ask the same digits again), keyed by those digits, a caller's phone among them. Nothing of one text's
// numbers outlives its reading, so nothing of one company's call is in memory when another's is read.

describe('redaction: the digits it read are forgotten (issue 51)', () => {
  it('holds no answer once a text with phone numbers is read', () => {
    const { text } = redactText('Call me on 617-442-0931 or at home, 212 555 0198, list 793, 361, 940, 218.');
    expect(text).to.include('[PHONE_NUMBER]');
    expect(heldPhoneAnswers()).to.equal(0);
  });

  it('holds no answer once a call is read turn by turn, whatever its numbers', () => {
    fc.assert(
      fc.property(usPhoneArb, fc.array(fc.integer({ min: 0, max: 99_999_999 }), { maxLength: 12 }), (phone, others) => {
        // An order number holding the phone's last four digits keeps them, as its own.
        fc.pre(!others.some((o) => String(o).includes(phone.slice(6))));
        const turns: Array<[string, string]> = [
          ['agent', 'and a good number for you'],
          ['caller', `it's ${phone.slice(0, 3)} ${phone.slice(3, 6)}`],
          ['caller', `${phone.slice(6)} and the order numbers are ${others.join(', ')}`],
        ];
        const [, first, second] = redactedTurns(turns);
        expect(`${first} ${second}`).to.not.include(phone.slice(6));
        expect(heldPhoneAnswers()).to.equal(0);
      }),
      { numRuns: 60 },
    );
  });
});

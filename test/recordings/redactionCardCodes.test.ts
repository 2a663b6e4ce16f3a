import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectHidden,
  expectKept,
  group,
  luhnDigit,
  saidMonth,
  saidYear,
  seedArb,
  spokenDigits,
  WORDS,
} from '../support/spokenValues';

// The card details the third and fourth blind sets (independent-3.json, independent-4.json) said that the
// rules missed, generated: the code said bare after the card and its expiry ("…, 08/31, 816"), the code
// named "code" right after an expiry, described ("the three digit thing", "verification", "c v v") or said
// with "hundred" ("seven hundred eighteen"), an expiry said "oh two of twenty thirty" or right after the
// card ("may 2031"). Nothing of them is left and redacting twice changes nothing; an amount after a card's
// details, an amount said with "hundred", and a product code that passes Luhn stay.

const cardArb = digitsArb(14).map((body) => `4${body}${luhnDigit(`4${body}`)}`);
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen'];

const saidCard = (card: string, spoken: boolean, seed: number[]) =>
  spoken ? spokenDigits(card, seed) : group(card, [4, 4, 4, 4], ' ');

/** A three-digit code said with "hundred": "seven hundred eighteen", "one hundred seventy five". */
const hundreds = (d: number, teen: number) => `${WORDS[d]} hundred ${TEENS[teen]}`;

describe('redaction: a card read out with its expiry and code', () => {
  it('hides a bare code said after the card and its expiry', () => {
    fc.assert(
      fc.property(
        cardArb,
        fc.boolean(),
        seedArb,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 27, max: 35 }),
        fc.integer({ min: 0, max: 4 }),
        digitsArb(3),
        fc.constantFrom(', ', ' ', ', and ', ', code ', ', then '),
        fc.boolean(),
        (card, spoken, seed, month, yy, form, code, gap, codeSpoken) => {
          const expiry = spoken
            ? `${saidMonth(month, 1)} slash ${saidYear(yy, 2 + (form % 2))}`
            : `${String(month).padStart(2, '0')}/${yy}`;
          // Said, "thirty one oh oh" is heard as 31 then 00: a pause (a comma) stands between a spoken year and
          // code. A year said digit by digit ("slash three two, 020") is left out: "3 2020" reads as well.
          const join = spoken && gap === ' ' ? ', ' : gap;
          const said = `it's ${saidCard(card, spoken, seed)}, ${expiry}${join}${codeSpoken ? spokenDigits(code, seed) : code}, please refund`;
          const redacted = redactText(said).text;
          expect(redacted, said).to.equal(
            `it's [CREDIT_CARD_NUMBER], [CREDIT_CARD_EXPIRATION]${join}[CREDIT_CARD_CVV], please refund`,
          );
          expect(redactText(redacted).text).to.equal(redacted);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hides an expiry said "<month> of <year>" or named right after the card', () => {
    fc.assert(
      fc.property(
        cardArb,
        seedArb,
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 27, max: 35 }),
        fc.integer({ min: 0, max: 9 }),
        (card, seed, month, yy, form) => {
          const year = saidYear(yy, form);
          expectHidden({ said: `oh ${WORDS[month]} of ${year}`, before: `the card is ${card}, expiring`, after: 'ok' });
          expectHidden({ said: `${MONTHS[month]} ${year}`, before: `it's ${spokenDigits(card, seed)},`, after: 'yes' });
          expectHidden({
            said: `${MONTHS[month]} of ${year}`,
            before: `${group(card, [4, 4, 4, 4], '-')},`,
            after: '',
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('hides a code described, spelled or said with "hundred"', () => {
    fc.assert(
      fc.property(
        digitsArb(3),
        seedArb,
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(
          'and the, uh, the three digit thing is',
          'and the three digit one,',
          'the four digit one on the front is',
          'and verification',
          "the c v v, it's",
          'the code at the back,',
          'the digits at the back are',
        ),
        fc.boolean(),
        (code, seed, d, teen, before, hundred) =>
          expectHidden({ said: hundred ? hundreds(d, teen) : spokenDigits(code, seed), before, after: 'okay' }),
      ),
      { numRuns: 200 },
    );
  });

  it('hides an expiry named a few words after it, and a code said twice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 27, max: 35 }),
        digitsArb(3),
        seedArb,
        fc.constantFrom('yes', 'again', 'I repeat', "that's"),
        (month, yy, code, seed, again) => {
          expectHidden({ said: `${month}/20${yy}`, before: "it's", after: 'on the card, the expiry I mean' });
          expectHidden({
            said: `${saidMonth(month, 1)} ${saidYear(yy, 2)}`,
            before: 'it says',
            after: "on the front, that's the expiration",
          });
          const said = spokenDigits(code, seed);
          expectHidden({ said: `${said}, ${again}, ${said}`, before: "the code's", after: 'okay' });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps an amount after the card details, an amount said with "hundred" and a product code', () => {
    fc.assert(
      fc.property(
        cardArb,
        digitsArb(11),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 8 }),
        (card, body, d, teen) => {
          const product = `4${body}${luhnDigit(`4${body}`)}`;
          expectKept(`EAN ${product} on the box`);
          expectKept(`it costs ${hundreds(d, teen)} dollars`);
          expectKept(`we sold ${hundreds(d, teen)} units last month`);
          expect(redactText(`card ${card}, 08/31, ${d}00 dollars`).text).to.equal(
            `card [CREDIT_CARD_NUMBER], [CREDIT_CARD_EXPIRATION], ${d}00 dollars`,
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  itHidesEach,
  lettersArb,
  luhnDigit,
  saidYear,
  spokenDigits,
  ssnArb,
  type Said,
} from '../support/spokenValues';

// Forms the fourteenth blind set found loose ends in (issue 51): a card after "please charge" in a sentence about a
// lot or an order; a code "on back"; an SSN given in its three parts with talk between; a short credit-union account
// after a routing number; nine digits after talk that ends "it's"; an address at a sponsored domain (".aero"); an
// expiry taken back with its month stammered ("no wait may may twenty seven"); a code whose first try broke off at
// "something". Look-alikes: an ID spelled with letters before its digits; a date in a sentence that says "not expiry".

const card16 = fc.tuple(fc.constantFrom('4', '51', '52', '55'), digitsArb(14)).map(([prefix, rest]) => {
  const body = (prefix + rest).slice(0, 15);
  return body + luhnDigit(body);
});

const chargedAfterALot = fc
  .tuple(card16, fc.constantFrom('the lot i won at the auction', 'the order', 'invoice 3381'))
  .map(([digits, what]): Said => ({
    said: digits.replace(/(\d{4})(?=\d)/g, '$1 '),
    before: `so for ${what} please charge`,
    after: 'thanks',
  }));

const codeOnBack = digitsArb(3).map((digits): Said => ({
  said: spokenDigits(digits, [1]),
  before: 'and the um the code on back is',
  after: '',
}));

/** An SSN given in its parts with talk between: the text, and the same with each part a placeholder. */
const ssnInParts = fc.tuple(ssnArb, fc.integer({ min: 0, max: 2 })).map(([ssn, form]) => {
  const parts = [ssn.slice(0, 3), ssn.slice(3, 5), ssn.slice(5)];
  const said = form === 2 ? [`${parts[0]} ${parts[1]}`, parts[2]] : parts.map((d) => spokenDigits(d, [1]));
  const shape = [
    "social's % and then the middle is % and the last four um hold on %",
    'my ssn, %, the next two are %, and the last four %',
    'for the social security, first five are %, last four %',
  ][form];
  let k = 0;
  const hidden = shape.replaceAll('%', '[US_SOCIAL_SECURITY_NUMBER]');
  return { text: shape.replace(/%/g, () => said[k++]), hidden };
});

const shortAccount = digitsArb(5).map((digits): Said => ({
  said: digits,
  before: "we bank with a little credit union down the road, routing's 063100277 account",
  after: '',
}));

const introducedAnswer = fc
  .tuple(ssnArb, fc.constantFrom('yeah wicked fast', 'right so, um, ready,', 'sure thing hon'))
  .map(([ssn, talk]): Said => ({ said: spokenDigits(ssn, [0, 1]), before: `${talk} it's`, after: '' }));

const sponsoredDomain = fc
  .tuple(lettersArb(3, 8), fc.constantFrom('aero', 'museum', 'coop', 'jobs', 'asia'))
  .map(([local, tld]): Said => ({
    said: `${[...local].join(' ')} at hangarworks dot ${tld}`,
    before: "it's",
    after: '',
  }));

const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const stammeredRetake = fc
  .tuple(fc.constantFrom(...MONTHS), fc.constantFrom(...MONTHS), fc.integer({ min: 26, max: 33 }))
  .map(([wrong, right, yy]): Said => ({
    said: `${wrong} ${saidYear(yy, 2)} no wait ${right} ${right} ${saidYear(yy, 2)}`,
    before: 'it runs out in',
    after: '',
  }));

const brokenOffCode = digitsArb(3).map((digits): Said => ({
  said: `${spokenDigits(digits.slice(0, 2), [1])} something ${spokenDigits(digits, [1])}`,
  before: "the cvv, the three little digits, yeah they're kind of rubbed off, i think it's",
  after: '',
}));

describe("redaction: the fourteenth blind set's forms", () => {
  itHidesEach([
    ['a card after "please charge" in a sentence about a lot or an order', chargedAfterALot],
    ['a code "on back"', codeOnBack],
    ['a five-digit account after a routing number', shortAccount],
    ['nine digits after talk that ends "it\'s"', introducedAnswer],
    ['an address at a sponsored top-level domain', sponsoredDomain],
    ['an expiry taken back, its month stammered', stammeredRetake],
    ['a code whose first try broke off at "something"', brokenOffCode],
  ]);

  it('hides each part of an SSN given in parts and keeps the talk between them', () => {
    fc.assert(
      fc.property(ssnInParts, ({ text, hidden }) => {
        // "the last four um hold on four …" may read its count as a first try of the part the caller held on at.
        expect([hidden, hidden.replace('four um hold on [', '[')]).to.include(redactText(text).text);
      }),
      { numRuns: 200 },
    );
    // A short account needs a bank's own word: an account with the seller keeps its number.
    expectKept('my account number with you is 18834');
  });

  it('keeps an ID spelled with letters before its digits, and a date said not to be an expiry', () => {
    expectKept("it's a two thousand eighteen warmblood gelding registered number d e 4 3 1 3 1 6 2 1 8 1 8");
    expectKept(
      'i need twenty nine eleven thirty for the count not expiry just the tally twenty nine and eleven thirty',
    );
    expectKept("my zip is uh it's 021395513");
    // A card's code spelled as its name is still named: "c v v 4 1 7".
    expect(redactText('c v v 4 1 7').text).to.equal('c v v [CREDIT_CARD_CVV]');
  });

  it('redacts a text the same whatever was redacted before it (no rule keeps state between texts)', () => {
    const lookalike = 'ok 411914962 tracking';
    const alone = redactText(lookalike).text;
    redactText("ok 411914962 that's the long tracking one");
    expect(redactText(lookalike).text).to.equal(alone);
  });
});

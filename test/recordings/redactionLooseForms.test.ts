import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  luhnDigit,
  seedArb,
  spokenDigits,
  type Said,
  itHidesEach,
} from '../support/spokenValues';

// Forms the sixth blind set found loose ends in (issue 51): a card's printed groups read with "uh" or "like"
// between them, a group read as two pairs or with "hundred"; a phone's extension; the last four of an SSN
// or an account ("ends in 7720"); an initial before a surname and an address said again after "sorry";
// expiries and codes said "valid upto 09 31", "month twelve of the year twenty seven", "the code behind is".

const FILLERS = ['uh', 'um', 'like', 'uh,'];

const looseCard = fc.tuple(digitsArb(14), seedArb, fc.integer({ min: 0, max: 2 })).map(([rest, seed, form]): Said => {
  const body = `4${rest}`;
  const digits = body + luhnDigit(body);
  const groups = digits.match(/.{4}/g) ?? [];
  const filler = (i: number) => FILLERS[seed[i % seed.length] % FILLERS.length];
  if (form === 0)
    return {
      said: groups.map((g, i) => (i ? `${filler(i)} ${g}` : g)).join(' '),
      before: "hold on, it's",
      after: 'ok',
    };
  if (form === 1) {
    // The second group read as two pairs.
    const [a, b, c, d] = groups;
    return { said: `${a} ${b.slice(0, 2)} ${filler(1)} ${b.slice(2)} ${c} ${d}`, before: "it's", after: 'ok' };
  }
  // A group ending in "00" said with "hundred" ("fifty eight hundred").
  const tens = 2 + (Number(digits[4]) % 8);
  // "fifty eight hundred": a tens word and a different unit ("double two hundred" is not said so).
  const g = `${tens}${(tens % 9) + 1}00`;
  const body2 = digits.slice(0, 4) + g + digits.slice(8, 15);
  const card = body2 + luhnDigit(body2);
  const said = [card.slice(0, 4), g, card.slice(8, 12), card.slice(12)]
    .map((p, i) => (i === 1 ? `${spokenDigits(p.slice(0, 2), [4])} hundred` : spokenDigits(p, seed)))
    .join(', ');
  return { said, before: 'the card is', after: 'ok' };
});

const extension = fc
  .tuple(fc.integer({ min: 201, max: 989 }), digitsArb(4), fc.integer({ min: 1, max: 9999 }), fc.boolean(), seedArb)
  .map(([exchange, line, ext, spoken, seed]): Said => {
    const said = `212-${exchange}-${line} ${spoken ? 'extension' : 'ext'} ${spoken ? spokenDigits(String(ext), seed) : ext}`;
    return { said, before: 'call our billing desk at', after: 'anytime' };
  });

const lastFour = fc
  .tuple(
    digitsArb(4),
    fc.constantFrom(
      'ssn ends in',
      'the account ends in',
      'the last four of the checking account are',
      'last four digits of my social security',
    ),
  )
  .map(([digits, before]): Said => ({ said: digits, before, after: 'ok' }));

describe('redaction: values read loosely', () => {
  itHidesEach([
    ['card numbers read with fillers between groups, in pairs, or with "hundred"', looseCard],
    ['phone numbers with their extension', extension],
    ['the last four of an SSN or an account', lastFour],
  ]);

  it('reads an initial before a surname, an address said again, and keeps "a" and "i" as words', () => {
    expect(redactText('my mail is j mueller at web dot de, thanks').text).to.equal(
      'my mail is [EMAIL_ADDRESS], thanks',
    );
    expect(redactText("it's um r dot patel at, sorry, r dot patel at nhs dot net").text).to.equal(
      "it's um [EMAIL_ADDRESS]",
    );
    expect(redactText('then i met a smith at acme dot com').text).to.equal('then i met a [EMAIL_ADDRESS]');
  });

  it('reads expiries and codes said "valid upto", "month twelve of the year", "the code behind is"', () => {
    expect(redactText('the card is valid upto 09 31').text).to.equal('the card is valid upto [CREDIT_CARD_EXPIRATION]');
    expect(redactText('the card expire in the month twelve of the year twenty seven').text).to.equal(
      'the card expire in the [CREDIT_CARD_EXPIRATION]',
    );
    expect(redactText('the code behind is six hundred twelve').text).to.equal('the code behind is [CREDIT_CARD_CVV]');
    expect(redactText("it's three hundred forty-one, fifty six, ninety one twenty").text).to.equal(
      "it's [US_SOCIAL_SECURITY_NUMBER]",
    );
  });

  it('keeps a card\'s last four, a list said with "like", and a year with "thousand" after an account word', () => {
    expectKept('the card ends in 4412');
    expectKept('it was like 40 like 50 dollars a month');
    expectKept('the account is in good standing since oh nine two thousand eighteen');
    expectKept('my extension is 12 and the office is on floor 3');
  });
});

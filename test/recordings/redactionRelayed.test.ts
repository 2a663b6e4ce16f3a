import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  itHidesEach,
  luhnDigit,
  seedArb,
  spokenDigits,
  ssnArb,
  type Said,
} from '../support/spokenValues';

// Forms the fifteenth blind set found loose ends in (issue 51): a value relayed or read back in chunks, with the
// listener's acknowledgements or the relayer's "she says" between the groups ("… five three seven three, right, five
// one seven three, she says, seven six three nine, got it, then …"), a "hang on" between groups that go on rather
// than correct, a "sorry" between groups of different lengths; an expiry as "month twelve, year thirty five", "it ends 12/25", "the date is 5/31" beside the code,
// "…, that's the date" after a card; a code "by the signature" or read "turning it over"; a SWIFT code named after
// it or spelled with examples; a routing number named after it; "nought" in a spoken IBAN; a national number given
// as the whole answer. Look-alikes: a membership number written like an SSN, a courier account, a gift card's
// number said in pairs, a warranty's and a coupon's dates.

const ACKS = ['right', 'yep', 'yes', 'got it, then', 'okay go on', 'uh-huh', 'mm', 'she says', 'he says', 'correct'];
const ackArb = fc.constantFrom(...ACKS);
const chunked = (groups: string[], acks: string[], seed: number[]): string =>
  groups.map((g, i) => (i === 0 ? '' : `, ${acks[i - 1]}, `) + spokenDigits(g, seed)).join('');

const card16 = digitsArb(14).map((rest) => {
  const body = `4${rest}`;
  return body + luhnDigit(body);
});

const relayedCard = fc
  .tuple(card16, fc.array(ackArb, { minLength: 3, maxLength: 3 }), seedArb)
  .map(([digits, acks, seed]): Said => ({
    said: chunked(digits.match(/\d{4}/g) ?? [], acks, seed),
    before: 'my wife has the card, she says',
    after: ', and that is definitely the long number',
  }));

const relayedSsn = fc
  .tuple(ssnArb, fc.array(ackArb, { minLength: 2, maxLength: 2 }), seedArb)
  .map(([ssn, acks, seed]): Said => ({
    said: chunked([ssn.slice(0, 3), ssn.slice(3, 5), ssn.slice(5)], acks, seed),
    before: 'my son has it, he says',
    after: ", that's his social",
  }));

// "seven eight one, sorry, nine two, yes, …": an apology between groups of different lengths, the number going on.
const apologisedSsn = fc.tuple(ssnArb, seedArb).map(([ssn, seed]): Said => ({
  said: chunked([ssn.slice(0, 3), ssn.slice(3, 5), ssn.slice(5)], ['sorry', 'yes'], seed),
  before: "okay, it's",
  after: ", that's the social for the account",
}));

// Groups that go on after "hang on": no group is the one before it said again.
const heldCard = fc
  .tuple(card16, seedArb)
  .filter(([digits]) => new Set(digits.match(/\d{4}/g)).size === 4)
  .map(([digits, seed]): Said => ({
    said: (digits.match(/\d{4}/g) ?? []).map((g) => spokenDigits(g, seed)).join(', hang on, '),
    before: "sorry the line's terrible, i'll say it slowly, the visa is",
    after: '',
  }));

const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const TENS = ['twenty', 'thirty'];
const spokenYear = (yy: number): string =>
  `${TENS[Math.floor(yy / 10) - 2]}${yy % 10 ? ` ${spokenDigits(String(yy % 10), [1])}` : ''}`;
const monthYear = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 26, max: 35 }));

const partsExpiry = monthYear.map(([month, yy]): Said => ({
  said: `month ${spokenDigits(String(month).padStart(2, '0'), [1])}, year ${spokenYear(yy)}`,
  before: 'and the expiry is',
  after: '',
}));
const endsExpiry = monthYear.map(([month, yy]): Said => ({
  said: `${String(month).padStart(2, '0')}/${yy}`,
  before: 'it ends, uh,',
  after: '',
}));
const dateBesideCode = monthYear.map(([month, yy]): Said => ({
  said: `${month}/${yy}`,
  before: 'the date is',
  after: '. mm. and the three digit thing, 296',
}));
const dateNamedAfter = monthYear.map(([month, yy]): Said => ({
  said: `${MONTHS[month - 1]} of twenty ${spokenYear(yy)}`,
  before: "4111 1111 1111 1111, that's the card.",
  after: ", that's the date. one zero two is the code on the back",
}));

const signatureCode = fc
  .tuple(digitsArb(3), fc.constantFrom('the little code by the signature,', "hang on she's turning it over,"))
  .map(([digits, before]): Said => ({ said: spokenDigits(digits, [1]), before, after: ', she says' }));

const routingNamedAfter = fc.constantFrom('021000021', '011000015', '253621595', '026009593').map((routing): Said => ({
  said: spokenDigits(routing, [1]).replace(/^(\S+ \S+ \S+) (\S+ \S+ \S+)/, '$1, $2,'),
  before: '',
  after: ", that's the routing number. account number is 4614 7347 7152, okay",
}));

const ghanaianAnswer = digitsArb(7)
  .map((rest) => `024${rest}`)
  .filter((n) => parsePhoneNumberFromString(n, 'GH')?.isValid() === true)
  .map((n): Said => ({
    said: n,
    before: "okay, it's",
    after: ", i'll be on that all day, is that okay?",
    region: 'GH',
  }));

describe("redaction: the fifteenth blind set's forms", () => {
  itHidesEach([
    ['a card relayed in chunks with acknowledgements between', relayedCard],
    ['an SSN relayed in its groups', relayedSsn],
    ['an SSN with an apology between groups of different lengths', apologisedSsn],
    ['a card read with "hang on" between groups that go on', heldCard],
    ['an expiry as "month …, year …"', partsExpiry],
    ['an expiry after "it ends"', endsExpiry],
    ["a written date beside a card's code", dateBesideCode],
    ['an expiry named "the date" after a card', dateNamedAfter],
    ['a code by the signature or read turning the card over', signatureCode],
    ['a routing number named after it', routingNamedAfter],
    ['a national number given as the whole answer', ghanaianAnswer],
  ]);

  it('reads SWIFT codes named after them or spelled with examples, and "nought" in an IBAN', () => {
    expect(redactText("i c i c i n b b, that's the swift, thanks").text).to.equal(
      "[BANKING_INFORMATION], that's the swift, thanks",
    );
    expect(redactText("g t b i n for november g for golf l for lima a, that's the swift").text).to.equal(
      "[BANKING_INFORMATION], that's the swift",
    );
    expect(redactText("you'll need the bic as well, midlgb22").text).to.equal(
      "you'll need the bic as well, [BANKING_INFORMATION]",
    );
    expect(
      redactText(
        'my iban, g b eight three, l o y d, two nought nought six, nine nine five seven, four six four three, seven eight',
      ).text,
    ).to.equal('my iban, [BANKING_INFORMATION]');
    expectKept("it was quick, that's the swift way");
  });

  it('reads a group said again after an acknowledgement as that group confirmed', () => {
    expect(redactText("uh it's six zero four, seven one, one one two eight, yeah one one two eight").text).to.equal(
      "uh it's [US_SOCIAL_SECURITY_NUMBER]",
    );
  });

  it('keeps a membership number, a courier account, a gift card number and a warranty or coupon date', () => {
    expectKept("membership number 855-71-4503, it's on the back of the wine club card");
    expectKept(
      "the courier account number is four fifty seven nine forty five nine oh nine, that's the account with you",
    );
    expectKept(
      'the gift card number is forty one ninety two twenty five seventeen twenty five ninety five twenty sixty six, for the ski shop',
    );
    expectKept('bear with me, the warranty expires november twenty thirty, so the hearing aids should be covered');
    expectKept('the coupon says valid until june twenty twenty six, does that cover the glassblowing class');
  });
});

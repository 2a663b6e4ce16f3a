import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, luhnDigit, ssnArb, type Said } from '../support/spokenValues';

// Forms the sixteenth blind set found loose ends in (issue 51), written as speech-to-text engines write: digits as
// the words that sound like them ("ate one too", "won for to nine", "the expiry is for twenty nine"); a local part
// with digits said in words, or "all lower case, no spaces" after it, or a name before its spelled part; "c i d",
// "i f s c", "b s b" spelled; "treble"; "month and year"; "the date is ten of twenty nine" beside a code; a phone
// read back after "yep"; a full stop between a card's groups. Look-alikes: "a table for two", an ABN, a gift card's
// number read figure by figure.

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const SOUNDS_LIKE: Record<string, string> = { '1': 'won', '2': 'to', '4': 'for', '8': 'ate' };

/** Digits said one by one, each 1, 2, 4 or 8 written as its homophone where `engine` says so. */
const engineSaid = (digits: string, engine: boolean[]): string =>
  [...digits].map((d, i) => (engine[i % engine.length] && SOUNDS_LIKE[d]) || WORDS[Number(d)]).join(' ');
const engineArb = fc.array(fc.boolean(), { minLength: 1, maxLength: 6 });

const card16 = digitsArb(14).map((rest) => {
  const body = `4${rest}`;
  return body + luhnDigit(body);
});

const homophoneCard = fc
  .tuple(card16, engineArb)
  .map(([digits, engine]): Said => ({ said: engineSaid(digits, engine), before: 'card number', after: '' }));
const homophoneCode = fc.tuple(digitsArb(3), engineArb).map(([digits, engine]): Said => ({
  said: engineSaid(digits, engine),
  before: 'and the security code is uh',
  after: '',
}));
const homophoneSsn = fc
  .tuple(ssnArb, engineArb)
  .map(([ssn, engine]): Said => ({ said: engineSaid(ssn, engine), before: 'my social is', after: '' }));
const homophoneExpiry = fc
  .constantFrom('for twenty nine', 'to thirty', 'ate twenty seven', 'won won twenty eight')
  .map((said): Said => ({ said, before: 'the expiry is', after: '' }));

const localPartWithDigits = fc
  .tuple(fc.constantFrom('j smith', 'kate b', 'r patel'), digitsArb(4))
  .map(([name, digits]): Said => ({
    said: `${name} ${[...digits].map((d) => WORDS[Number(d)]).join(' ')} at aol dot com`,
    before: "it's",
    after: '',
  }));

describe("redaction: the sixteenth blind set's forms", () => {
  itHidesEach([
    ['a card with digits written as homophones', homophoneCard],
    ['a code with digits written as homophones', homophoneCode],
    ['an SSN with digits written as homophones', homophoneSsn],
    ['an expiry whose month is a homophone', homophoneExpiry],
    ['a local part with digits said in words', localPartWithDigits],
  ]);

  it('reads spelled names of codes, "treble", "month and year" and "the date" beside a code', () => {
    const cases: Array<[string, string]> = [
      ['and the c i d is 7 7 0 2', 'and the c i d is [CREDIT_CARD_CVV]'],
      ['i f s c code h d f c zero zero zero one two three four', 'i f s c code [BANKING_INFORMATION]'],
      ['the b s b is oh six two oh oh oh', 'the b s b is [BANKING_INFORMATION]'],
      ['my mobile is oh seven seven treble three one double two nine oh', 'my mobile is [PHONE_NUMBER]'],
      [
        'three digit is two two one, month and year oh three twenty seven',
        'three digit is [CREDIT_CARD_CVV], month and year [CREDIT_CARD_EXPIRATION]',
      ],
      [
        'number of card is 4111 1111 1111 1111. the date is ten of twenty nine. code behind, five five one',
        'number of card is [CREDIT_CARD_NUMBER]. the date is [CREDIT_CARD_EXPIRATION]. code behind, [CREDIT_CARD_CVV]',
      ],
      [
        "it's bertie w antiques at gmail dot com, all lower case, no spaces",
        "it's [EMAIL_ADDRESS], all lower case, no spaces",
      ],
      ["and it's wei ling dot tan at singnet dot com dot s g", "and it's [EMAIL_ADDRESS]"],
      ['my number is 4264 2488. 7943 0450', 'my number is [CREDIT_CARD_NUMBER]'],
    ];
    for (const [text, hidden] of cases) expect(redactText(text, { phoneRegion: 'GB' }).text, text).to.equal(hidden);
  });

  it('reads a phone said twice after "yep" as one phone, not a card across its two sayings', () => {
    expect(
      redactText('six four six, three three oh, nine one two two. yep six four six three three oh nine one two two')
        .text,
    ).to.equal('[PHONE_NUMBER]');
  });

  it('keeps words that sound like digits away from digits, an ABN and a gift card', () => {
    expectKept('a table for two at seven thirty please, and we won three nil last night');
    expectKept('i ate two of them for lunch, then one too many');
    expectKept("our a b n is fifty one eight two four seven five three one one two, that's for the invoice");
    expectKept('the gift card number is 6011 0009 9013 9424 and the pin is 882');
  });
});

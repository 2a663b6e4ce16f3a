import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  lettersArb,
  luhnDigit,
  seedArb,
  spokenDigits,
  type Said,
  itHidesEach,
} from '../support/spokenValues';

// Issue 51 §1, as the fifth blind set found it: people think aloud while they read a value out ("at uh,
// northwind dot io", "d e uh eight nine"), spell letters with NATO words ("I tango nine zero", "s oscar o"),
// say years with "thousand" ("two thousand twenty eight"), split a number's tens from its unit with a
// hesitation ("ninety um five"), mend the last digits of a group said without a pause, and answer a question
// with the bare number. None of those leaves a digit or a letter of the value.

const FILLERS = ['uh', 'um', 'uh,', 'um,', 'er'];
const NATO: Record<string, string> = {
  a: 'alpha',
  b: 'bravo',
  c: 'charlie',
  d: 'delta',
  e: 'echo',
  f: 'foxtrot',
  g: 'golf',
  h: 'hotel',
  i: 'india',
  j: 'juliet',
  k: 'kilo',
  l: 'lima',
  m: 'mike',
  n: 'november',
  o: 'oscar',
  p: 'papa',
  q: 'quebec',
  r: 'romeo',
  s: 'sierra',
  t: 'tango',
  u: 'uniform',
  v: 'victor',
  w: 'whiskey',
  x: 'xray',
  y: 'yankee',
  z: 'zulu',
};

/** `words` with a hesitation put in after the words `seed` picks (never after the last). */
const withHesitations = (words: string[], seed: number[]): string =>
  words
    .map((w, i) => (i < words.length - 1 && seed[i % seed.length] === 0 ? `${w} ${FILLERS[i % FILLERS.length]}` : w))
    .join(' ');

/** A letter as people spell it: alone, by its NATO word, or both ("oscar o", "o oscar"). */
const spelledLetter = (letter: string, choice: number): string => {
  const nato = NATO[letter];
  return [letter, nato, `${nato} ${letter}`, `${letter} ${nato}`, letter][choice % 5];
};

const spelledEmail = fc
  .tuple(lettersArb(3, 7), lettersArb(4, 9), fc.constantFrom('com', 'io', 'net', 'co dot uk'), seedArb, seedArb)
  .map(([local, domain, tld, seed, spelling]): Said => {
    const letters = local.split('').map((c, i) => spelledLetter(c, spelling[i % spelling.length]));
    const said = withHesitations([...letters, 'at', domain, 'dot', ...tld.split(' ')], seed);
    return { said, before: 'my email is', after: 'thanks' };
  });

/** A German IBAN (its check digits computed), spelled with NATO words or letters and read with hesitations. */
const hesitantIban = fc.tuple(digitsArb(18), seedArb, seedArb, fc.boolean()).map(([bban, seed, pauses, nato]): Said => {
  let rest = 0;
  for (const c of `${bban}131400`) rest = (rest * 10 + Number(c)) % 97;
  const digits = `${String(98 - rest).padStart(2, '0')}${bban}`;
  const said = withHesitations([nato ? 'delta echo' : 'd e', ...spokenDigits(digits, seed).split(' ')], pauses);
  return { said, before: 'the IBAN is', after: 'okay' };
});

const YEAR_UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const MONTHS = ['january', 'march', 'april', 'june', 'july', 'october', 'december'];
/** "December of two thousand twenty eight", named before or after ("… is the expiration"). */
const thousandYear = fc
  .tuple(fc.constantFrom(...MONTHS), fc.integer({ min: 26, max: 39 }), fc.boolean(), fc.boolean())
  .map(([month, yy, of, after]): Said => {
    const year = `two thousand ${yy < 30 ? 'twenty' : 'thirty'} ${YEAR_UNITS[yy % 10]}`.trim();
    const said = `${month}${of ? ' of' : ''} ${year}`;
    return after
      ? { said, before: 'okay and', after: 'is the expiration' }
      : { said, before: 'it runs out', after: 'okay' };
  });

/** A card read in pairs with a hesitation between a pair's tens and its unit ("ninety um five"). */
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const pairedCard = fc.tuple(digitsArb(14), seedArb).map(([rest, seed]): Said => {
  const body = `4${rest}`.replace(/0/g, '5');
  const digits = body + luhnDigit(body);
  const pairs = digits.match(/../g) ?? [];
  const said = pairs
    .map((p, i) =>
      p[0] >= '2' && p[1] !== '0'
        ? `${TENS[Number(p[0])]}${seed[i % seed.length] === 0 ? ' um' : ''} ${UNITS[Number(p[1])]}`
        : spokenDigits(p, seed),
    )
    .join(', ');
  return { said, before: 'my debit card is', after: 'thanks' };
});

/**
 * A card read four digits at a time, the second group said with the first without a pause and its last
 * digit mended ("four six five one zero nine six three, sorry, no, oh nine six oh, …").
 */
const mendedCard = fc
  .tuple(digitsArb(14), seedArb, fc.integer({ min: 1, max: 9 }))
  // A second group that starts like the first ("5060 5061, sorry, no, 5060 …") says the card again from its start.
  .filter(([rest]) => `5${rest}`.slice(4, 7) !== `5${rest}`.slice(0, 3))
  .map(([rest, seed, slip]): Said => {
    const body = `5${rest}`;
    const digits = body + luhnDigit(body);
    const wrong = `${digits.slice(4, 7)}${(Number(digits[7]) + slip) % 10}`;
    const said =
      `${spokenDigits(digits.slice(0, 4) + wrong, [0])}, sorry, no, ${spokenDigits(digits.slice(4, 8), seed)}, ` +
      `${spokenDigits(digits.slice(8, 12), seed)}, ${spokenDigits(digits.slice(12), seed)}`;
    return { said, before: "it's", after: 'thanks' };
  });

describe('redaction: values said while thinking, spelled with NATO words, years with "thousand"', () => {
  itHidesEach([
    ['email addresses spelled with NATO words and hesitations', spelledEmail],
    ['IBANs spelled with NATO words and read with hesitations', hesitantIban],
    ['expiries with "two thousand" years, named before or after', thousandYear],
    ['card numbers read in pairs with a hesitation inside a pair', pairedCard],
    ['card numbers whose last digits of a group are mended', mendedCard],
  ]);

  it('reads an IFSC spelled with NATO words, a Canadian institution, and "three digits" for the code', () => {
    expect(redactText('IFSC hotel delta foxtrot C oh four four six one nine two, thanks').text).to.equal(
      'IFSC [BANKING_INFORMATION], thanks',
    );
    expect(redactText('transit number 40697, institution 001, account 9044645').text).to.equal(
      'transit number [BANKING_INFORMATION], institution [BANKING_INFORMATION], account [BANKING_INFORMATION]',
    );
    expect(redactText('three digits, four twenty four').text).to.equal('three digits, [CREDIT_CARD_CVV]');
    expectKept('the last three digits of the order are 455');
    expectKept('we stayed at the hotel, delta flight 455 was late');
  });

  it('reads nine digits given as the whole answer as an SSN, a phone where the region dials nine digits', () => {
    for (const text of ["it's 766738228", 'ok 411914962', 'the last... no the whole thing, 200941735'])
      expect(redactText(text).text).to.match(/\[US_SOCIAL_SECURITY_NUMBER\]$/);
    expect(redactText("it's 512345678", { phoneRegion: 'PL' }).text).to.equal("it's [PHONE_NUMBER]");
    // Named, counted, or not the whole answer: kept.
    expectKept('my order number is 100234567');
    expectKept("it's 766738228 units a year");
    expectKept('the index 318220114');
  });

  it('keeps amounts said with "thousand" and a hesitation between numbers in a list', () => {
    expectKept('it came to two thousand five hundred dollars');
    expectKept('we sold ninety, um, five of them and then forty two');
  });
});

import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import {
  digitsArb,
  expectHidden,
  expectKept,
  lettersArb,
  saidMonth,
  saidYear,
  seedArb,
  spokenDigits,
  WORDS,
  type Said,
} from '../support/spokenValues';

// The forms the second blind set (independent-2.json) said that the rules missed, generated: a card's code
// named by what it is or where it is printed, the date on the card, a phone number ending in "thousand" or
// "hundred", letters spelled with an example ("s as in sam") at a pause, an address's domain spelled. No
// digit or letter of a value said so is left, and redacting twice changes nothing. Where a rule was widened,
// the look-alikes it could take stay: amounts said with "thousand", dates and IDs written with dashes,
// other dates, letters listed before "at".

/** A card's code named by what it stands for or where it is printed, before or after it. */
const namedCode = fc
  .tuple(
    digitsArb(4),
    seedArb,
    fc.integer({ min: 0, max: 2 }),
    fc.constantFrom(
      ['Card verification value:', '', 3],
      ['the verification value is', 'thanks', 3],
      ['the security number on the card is', 'okay', 3],
      ['the little number on the signature strip,', 'right', 3],
      ['on the signature panel it says', 'okay', 3],
      ['the numbers on the back are', 'okay', 3],
      ["it's an amex so the code's four digits on the front,", 'okay', 4],
      ['four digits on the front,', 'yes', 4],
      ['okay so', 'is the card verification value', 3],
      ['it says', 'on the signature strip', 3],
    ),
  )
  .map(([digits, seed, form, [before, after, length]]): Said => {
    const code = digits.slice(0, length);
    return { said: [code, spokenDigits(code, seed), code.split('').join(' ')][form], before, after };
  });

/** The date printed on the card, written or said, with no other card word. */
const cardDate = fc
  .tuple(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 26, max: 39 }),
    fc.nat(14),
    fc.constantFrom('the date on it says', 'the date on the card is', 'the date printed on my card is'),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([month, yy, say, before, form]): Said => {
    const mm = String(month).padStart(2, '0');
    const said = [`${mm} / ${yy}`, `${mm}/${yy}`, `${saidMonth(month, say)} slash ${saidYear(yy, say)}`][form];
    return { said, before, after: 'okay' };
  });

const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Two digits said as a number: "forty two", "nineteen", "twenty". */
const saidPair = (n: number): string =>
  n < 20 ? TEENS[n - 10] : `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${WORDS[n % 10]}` : ''}`;

/**
 * A phone number whose last group is said in thousands or hundreds ("four thousand", "forty two hundred"),
 * the rest digit by digit, named as a phone number: US numbers, and Sydney's ("oh two, …") in AU.
 */
const roundPhone = fc
  .tuple(
    fc.constantFrom(['US', '212'], ['US', '415'], ['US', '646'], ['AU', '02'], ['AU', '03']),
    fc.integer({ min: 2, max: 9 }),
    digitsArb(3),
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 10, max: 99 }),
    fc.boolean(),
    seedArb,
    fc.constantFrom('my number is', 'call me on', 'our Sydney number is', 'the best number to reach me is'),
  )
  .map(([[region, area], lead, rest, thousands, hundreds, inThousands, seed, before]) => {
    const last = inThousands ? `${thousands}000` : `${hundreds}00`;
    const lastSaid = inThousands ? `${WORDS[thousands]} thousand` : `${saidPair(hundreds)} hundred`;
    const middle = `${lead}${rest}`;
    const digits = `${area}${middle}${last}`;
    const said = `${spokenDigits(area, [0])}, ${spokenDigits(middle, seed)}, ${lastSaid}`;
    return { digits, said, before, after: 'thanks', region: region as 'US' | 'AU' };
  })
  .filter((p) => parsePhoneNumberFromString(p.digits, p.region)?.isValid() === true)
  .map(({ said, before, after, region }): Said => ({ said, before, after, region }));

const NATO =
  'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'.split(
    ' ',
  );
/** A letter said with an example: "s as in sam", "s as in sierra", "s for sugar". */
const spelledLetter = (letter: string, example: string, form: number): string =>
  [`${letter} as in ${example}`, `${letter} as in ${NATO[letter.charCodeAt(0) - 97]}`, `${letter} for ${example}`][
    form % 3
  ];

/** Addresses spelled as callers spell them: letters with examples at a pause, or letter by letter on both sides of "at". */
const spelledEmail = fc
  .tuple(
    lettersArb(3, 7),
    lettersArb(3, 8),
    fc.array(lettersArb(3, 6), { minLength: 7, maxLength: 7 }),
    fc.array(fc.nat(2), { minLength: 7, maxLength: 7 }),
    fc.constantFrom('com', 'me', 'io', 'org', 'co dot uk'),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([local, domain, tails, forms, tld, form]): Said => {
    const letters = local.split('');
    // Every other letter said with an example, the rest alone, a comma's pause between them.
    const withExamples = letters.map((l, i) => (i % 2 === 0 ? spelledLetter(l, l + tails[i], forms[i]) : l)).join(', ');
    const said = [
      `${withExamples} at ${domain} dot ${tld}`,
      `${letters.join(' ')} at ${domain.split('').join(' ')} dot ${tld}`,
      `${letters.join(', ')} at ${domain} dot ${tld}`,
    ][form];
    return { said, before: 'email is', after: 'okay thanks' };
  });

/** A German IBAN with its country code spelled with examples: "d as in delta, e as in echo, eight nine …". */
const spelledIban = fc.tuple(digitsArb(18), seedArb, fc.nat(2)).map(([bban, seed, form]): Said => {
  let rest = 0;
  for (const c of `${bban}131400`) rest = (rest * 10 + Number(c)) % 97;
  const check = String(98 - rest).padStart(2, '0');
  const code = `${spelledLetter('d', 'david', form)}, ${spelledLetter('e', 'edward', form + 1)}`;
  return { said: `${code}, ${spokenDigits(check + bban, seed)}`, before: 'the iban is', after: 'okay' };
});

describe('redaction of the forms callers name and spell values in', () => {
  const kinds: Array<[string, fc.Arbitrary<Said>]> = [
    [
      "card codes named by what they are or where they are printed (verification value, signature strip, an Amex's front)",
      namedCode,
    ],
    ['the date on the card, written or said', cardDate],
    ['phone numbers ending in "thousand" or "hundred", named as phone numbers (US, AU)', roundPhone],
    [
      'addresses spelled with examples ("s as in sam"), at pauses, and letter by letter on both sides of "at"',
      spelledEmail,
    ],
    ['IBANs whose country code is spelled with examples', spelledIban],
  ];
  for (const [name, arbitrary] of kinds)
    it(`leaves no digit or letter of ${name}`, () => {
      fc.assert(fc.property(arbitrary, expectHidden), { numRuns: 300 });
    });

  it('keeps amounts and counts said with "thousand" and "hundred", whatever is said around them', () => {
    const amount = fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 10, max: 99 }))
      .chain(([a, b, c]) =>
        fc.constantFrom(
          `${WORDS[a]} thousand ${WORDS[b]} hundred`,
          `${saidPair(c)} hundred`,
          `${WORDS[a]} hundred thousand`,
          `${WORDS[a]} thousand ${WORDS[b]} hundred and ${saidPair(c)}`,
          `${WORDS[a]} ${WORDS[b]} thousand`,
        ),
      );
    const sentence = fc
      .tuple(
        amount,
        fc.constantFrom(
          'the balance on the account is {} dollars',
          "that's a fifteen percent discount, so {} total",
          'we process about {} orders a year',
          'the card limit is {} a month',
          'the number of seats is {} next year',
          'call volume was {} last quarter',
        ),
      )
      .map(([a, s]) => s.replace('{}', a));
    fc.assert(
      fc.property(sentence, (text) => expectKept(text)),
      { numRuns: 300 },
    );
  });

  it('keeps dates and IDs written with dashes or dots: a date first, or more groups than a phone has', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const dated = fc
      .tuple(
        fc.integer({ min: 2020, max: 2039 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.array(fc.integer({ min: 0, max: 9999 }), { minLength: 0, maxLength: 3 }),
        fc.constantFrom('-', '.'),
      )
      .map(([y, m, d, more, sep]) => [y, two(m), two(d), ...more.map((n) => two(n))].join(sep));
    const grouped = fc
      .array(fc.integer({ min: 10, max: 9999 }), { minLength: 6, maxLength: 8 })
      .map((groups) => groups.join('-'));
    const text = fc
      .tuple(fc.oneof(dated, grouped), fc.constantFrom('batch', 'lot', 'build', 'job', 'shipment'))
      .map(([id, word]) => `${word} ${id} failed QA, call me about it`);
    fc.assert(
      fc.property(text, fc.constantFrom('US', 'DE', 'GB', 'FR'), (t, region) => expectKept(t, region)),
      { numRuns: 300 },
    );
  });

  it('keeps dates said on anything but the card, and letters listed before "at"', () => {
    const date = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .map(([m, d]) => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`);
    const text = fc.oneof(
      fc
        .tuple(date, fc.constantFrom('the date on the invoice says', "it's due on", 'the meeting is on'))
        .map(([d, before]) => `${before} ${d}`),
      fc
        .tuple(lettersArb(3, 5), fc.constantFrom('the back', 'school', 'the top of the page'))
        .map(([letters, where]) => `rows ${letters.split('').join(', ')} at ${where}`),
      fc.integer({ min: 100, max: 9999 }).map((n) => `we sold ${n} units at the strip mall by the front office`),
    );
    fc.assert(
      fc.property(text, (t) => expectKept(t)),
      { numRuns: 300 },
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText, redactTranscript } from '../../common/redaction';

// Issue 51 §1: generated values of each kind, said in each form people use on calls (digits, number
// words with "oh", "double", "triple" and tens, spelled letters, "at" and "dot", "dash"), leave no
// digit or letter of theirs in the redacted text; and redacting twice changes nothing.

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Digits said the ways people say them: one by one ("oh" for zero), doubled, tripled, or in tens. */
const spokenDigits = (digits: string, seed: number[]): string => {
  const out: string[] = [];
  let i = 0;
  let k = 0;
  while (i < digits.length) {
    const choice = seed[k++ % seed.length];
    const d = digits[i];
    const word = d === '0' && choice % 2 === 0 ? 'oh' : WORDS[Number(d)];
    if (choice === 3 && digits[i + 1] === d && digits[i + 2] === d) {
      out.push(`triple ${word}`);
      i += 3;
    } else if (choice >= 2 && digits[i + 1] === d) {
      out.push(`double ${word}`);
      i += 2;
    } else if (choice === 4 && d >= '2' && digits[i + 1] !== undefined && digits[i + 1] !== '0') {
      out.push(`${TENS[Number(d)]} ${WORDS[Number(digits[i + 1])]}`);
      i += 2;
    } else {
      out.push(word);
      i += 1;
    }
  }
  return out.join(' ');
};

const luhnDigit = (body: string): string => {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
};

const digitsArb = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
const seedArb = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 });
const group = (digits: string, sizes: number[], sep: string): string => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(sep);
};

interface Said {
  /** How the value is said. */
  said: string;
  /** Context around it, as a caller would give it. */
  before: string;
  after: string;
}

const card = fc
  .tuple(fc.constantFrom('4', '51', '55', '37', '6011'), digitsArb(15), seedArb, fc.integer({ min: 0, max: 3 }))
  .map(([prefix, rest, seed, form]): Said => {
    const length = prefix === '37' ? 15 : 16;
    const body = (prefix + rest).slice(0, length - 1);
    const digits = body + luhnDigit(body);
    const sizes = length === 15 ? [4, 6, 5] : [4, 4, 4, 4];
    const said = [group(digits, sizes, ' '), group(digits, sizes, '-'), digits, spokenDigits(digits, seed)][form];
    return { said, before: 'okay so the card is', after: 'thanks' };
  });

const ssn = fc
  .tuple(
    fc.integer({ min: 1, max: 665 }),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
    seedArb,
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([area, g, serial, seed, form]): Said => {
    const a = String(area).padStart(3, '0');
    const b = String(g).padStart(2, '0');
    const c = String(serial).padStart(4, '0');
    const said = [
      `${a}-${b}-${c}`,
      `${spokenDigits(a, seed)} dash ${spokenDigits(b, seed)} dash ${spokenDigits(c, seed)}`,
      `${a}${b}${c}`,
      spokenDigits(a + b + c, seed),
    ][form];
    return form >= 2 && seed[0] % 2 === 0
      ? { said, before: 'yes it is', after: "that's my social" }
      : { said, before: 'my social security number is', after: 'okay' };
  });

const usPhone = fc
  .tuple(
    fc.constantFrom('212', '415', '646', '312', '617', '303', '206'),
    fc.integer({ min: 200, max: 999 }),
    digitsArb(4),
    seedArb,
    fc.integer({ min: 0, max: 4 }),
  )
  .filter(([area, exchange, line]) => parsePhoneNumberFromString(`${area}${exchange}${line}`, 'US')?.isValid() === true)
  .map(([area, exchange, line, seed, form]): Said => {
    const digits = `${area}${exchange}${line}`;
    const said = [
      `(${area}) ${exchange}-${line}`,
      `${area}-${exchange}-${line}`,
      `+1 ${area} ${exchange} ${line}`,
      spokenDigits(digits, seed),
      `plus one ${spokenDigits(digits, seed)}`,
    ][form];
    return { said, before: 'you can call me back on', after: 'anytime' };
  });

const gbPhone = fc
  .tuple(fc.constantFrom('7911', '7700', '7400'), digitsArb(6), seedArb, fc.integer({ min: 0, max: 2 }))
  .filter(([a, b]) => parsePhoneNumberFromString(`+44${a}${b}`)?.isValid() === true)
  .map(([a, b, seed, form]): Said => {
    const said = [
      `+44 ${a} ${b}`,
      `double oh four four ${spokenDigits(a + b, seed)}`,
      `plus four four ${spokenDigits(a + b, seed)}`,
    ][form];
    return { said, before: 'my mobile is', after: 'cheers' };
  });

const lettersArb = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), { minLength: min, maxLength: max })
    .map((a) => a.join(''));

const email = fc
  .tuple(
    lettersArb(3, 8),
    lettersArb(3, 8),
    lettersArb(4, 10),
    fc.constantFrom('com', 'org', 'net', 'co dot uk', 'io'),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([first, last, domain, tld, form]): Said => {
    const said = [
      `${first}.${last}@${domain}.${tld.replace(' dot ', '.')}`,
      `${first} dot ${last} at ${domain} dot ${tld}`,
      `${first.toUpperCase().split('').join(' ')} at ${domain} dot ${tld}`,
      `${first} underscore ${last} at ${domain} dot ${tld}`,
    ][form];
    return { said, before: 'my email is', after: 'thanks' };
  });

/** A German IBAN: bank code and account, its check digits computed (ISO 13616). */
const iban = fc.tuple(digitsArb(18), seedArb, fc.integer({ min: 0, max: 2 })).map(([bban, seed, form]): Said => {
  let rest = 0;
  for (const c of `${bban}131400`) rest = (rest * 10 + Number(c)) % 97;
  const check = String(98 - rest).padStart(2, '0');
  const value = `DE${check}${bban}`;
  const blocks = value.match(/.{1,4}/g) ?? [];
  const said = [blocks.join(' '), blocks.join(' ').toLowerCase(), `d e ${spokenDigits(value.slice(2), seed)}`][form];
  return { said, before: 'the IBAN for the transfer is', after: 'okay' };
});

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

function expectHidden({ said, before, after }: Said): void {
  const text = `${before} ${said} ${after}`;
  const redacted = redactText(text).text;
  const left = wordsOf(redacted.replace(/\[[A-Z_]+\]/g, ' '));
  const allowed = new Set(wordsOf(`${before} ${after}`));
  expect(
    left.filter((w) => !allowed.has(w)),
    `${JSON.stringify(text)} became ${JSON.stringify(redacted)}`,
  ).to.deep.equal([]);
}

describe('redaction of generated values in every spoken and written form', () => {
  const kinds: Array<[string, fc.Arbitrary<Said>]> = [
    ['card numbers (Luhn)', card],
    ['IBANs (checksum), any case, spelled', iban],
    ['US phone numbers', usPhone],
    ['GB phone numbers with the country prefix said', gbPhone],
    ['email addresses, written, spoken and spelled', email],
    ['social security numbers, context before or after', ssn],
  ];
  for (const [name, arbitrary] of kinds)
    it(`leaves no digit or letter of ${name}`, () => {
      fc.assert(fc.property(arbitrary, expectHidden), { numRuns: 200 });
    });

  it('changes nothing when run twice, on values and on any text', () => {
    const anyText = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.oneof(card, iban, usPhone, email, ssn).map((s) => `${s.before} ${s.said} ${s.after}`),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const once = redactText(text).text;
        expect(redactText(once).text).to.equal(once);
      }),
      { numRuns: 300 },
    );
  });

  it('redacts a value split across two segments of one speaker in each of them', () => {
    fc.assert(
      fc.property(card, fc.integer({ min: 1, max: 3 }), (value, cut) => {
        const words = value.said.split(' ');
        fc.pre(words.length > cut);
        const first = `${value.before} ${words.slice(0, cut).join(' ')}`;
        const second = `${words.slice(cut).join(' ')} ${value.after}`;
        const redacted = redactTranscript({
          provider: 'submitted',
          language: 'en',
          durationMs: 10_000,
          segments: [
            { startMs: 0, endMs: 4000, speaker: 'A', text: first },
            { startMs: 4000, endMs: 8000, speaker: 'A', text: second },
          ],
        });
        const left = redacted.segments.map((s) => s.text.replace(/\[[A-Z_]+\]/g, ' ')).join(' ');
        expect(left, JSON.stringify(redacted.segments)).not.to.match(/\d/);
        expect(redacted.segments[0].text).to.contain('[CREDIT_CARD_NUMBER]');
        expect(redacted.segments[1].text).to.contain('[CREDIT_CARD_NUMBER]');
      }),
      { numRuns: 100 },
    );
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import type { CountryCode } from 'libphonenumber-js/max';
import { redactText } from '../../common/redaction';
import { isSsn } from '../../common/redaction/socialSecurity';

// Generated personal values said the ways callers say them, for the redaction property tests
// (test/recordings/redaction*.test.ts): digits one by one ("oh" for zero), doubled, tripled or in tens,
// grouped, spelled letters; and the check that none of a value's words is left once it is redacted.

export const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Digits said the ways people say them: one by one ("oh" for zero), doubled, tripled, or in tens. */
export const spokenDigits = (digits: string, seed: number[]): string => {
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

/** The digit that makes `body` + it pass Luhn's check. */
export const luhnDigit = (body: string): string => {
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

export const digitsArb = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
export const seedArb = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 });
/** Nine digits the SSA could issue (no area 000, 666 or 9xx, group 00, serial 0000). */
export const ssnArb = digitsArb(9).filter(isSsn);
/** A routing (ABA) number: a Federal Reserve prefix, then digits whose weighted sum (3, 7, 1, …) ends in 0. */
export const abaArb = fc
  .tuple(
    fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08', '09', '11', '12', '21', '26', '31'),
    digitsArb(6),
  )
  .map(([prefix, body]) => {
    const eight = `${prefix}${body}`;
    const w = [3, 7, 1, 3, 7, 1, 3, 7];
    const sum = [...eight].reduce((s, d, i) => s + w[i] * Number(d), 0);
    return `${eight}${(10 - (sum % 10)) % 10}`;
  });

/** `digits` cut into groups of `sizes`, joined by `sep`. */
export const group = (digits: string, sizes: number[], sep: string): string => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(sep);
};

export const lettersArb = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), { minLength: min, maxLength: max })
    .map((a) => a.join(''));

const TEEN_WORDS = ['ten', 'eleven', 'twelve'];

/** A month (1–12) said: digits, "oh seven", "seven", "twelve". */
export const saidMonth = (month: number, form: number): string =>
  [
    String(month).padStart(2, '0'),
    month < 10 ? `oh ${WORDS[month]}` : TEEN_WORDS[month - 10],
    month < 10 ? WORDS[month] : String(month),
  ][form % 3];

/** A year (2026–2039) said: "28", "2028", "twenty eight", "twenty twenty eight", "two eight". */
export const saidYear = (yy: number, form: number): string => {
  const tens = yy >= 30 ? 'thirty' : 'twenty';
  const unit = yy % 10 === 0 ? '' : ` ${WORDS[yy % 10]}`;
  return [
    String(yy),
    `20${yy}`,
    `${tens}${unit}`,
    `twenty ${tens}${unit}`,
    `${WORDS[Math.floor(yy / 10)]} ${WORDS[yy % 10]}`,
  ][form % 5];
};

export interface Said {
  /** How the value is said. */
  said: string;
  /** Context around it, as a caller would give it. */
  before: string;
  after: string;
  /** The company's phone region for a national number. */
  region?: CountryCode;
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

/** No word of the value said is left in the redacted text (beyond the words of its context), and redacting again changes nothing. */
export function expectHidden({ said, before, after, region }: Said): void {
  const text = `${before} ${said} ${after}`;
  const options = region ? { phoneRegion: region } : {};
  const redacted = redactText(text, options).text;
  const left = wordsOf(redacted.replace(/\[[A-Z_]+\]/g, ' '));
  const allowed = new Set(wordsOf(`${before} ${after}`));
  expect(
    left.filter((w) => !allowed.has(w)),
    `${JSON.stringify(text)} became ${JSON.stringify(redacted)}`,
  ).to.deep.equal([]);
  expect(redactText(redacted, options).text, 'redacted twice').to.equal(redacted);
}

/** The text is kept as it is: a look-alike. */
export function expectKept(text: string, region?: CountryCode): void {
  expect(redactText(text, region ? { phoneRegion: region } : {}).text).to.equal(text);
}

/** One property test per form: none of a generated value's digits or letters is left, and redacting twice changes nothing. */
export function itHidesEach(forms: Array<[string, fc.Arbitrary<Said>]>, numRuns = 200): void {
  for (const [name, arbitrary] of forms)
    it(`leaves no digit or letter of ${name}`, () => {
      fc.assert(fc.property(arbitrary, expectHidden), { numRuns });
    });
}

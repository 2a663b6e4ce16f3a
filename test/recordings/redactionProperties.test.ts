import { expect } from 'chai';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { redactText, redactTranscript } from '../../common/redaction';
import {
  digitsArb,
  group,
  lettersArb,
  luhnDigit,
  saidMonth,
  saidYear,
  seedArb,
  spokenDigits,
  WORDS,
  type Said,
  itHidesEach,
} from '../support/spokenValues';

// Issue 51 §1: generated values of each kind, said in each form people use on calls (digits, number
// words with "oh", "double", "triple" and tens, spelled letters, "at" and "dot", "dash"), leave no
// digit or letter of theirs in the redacted text; and redacting twice changes nothing.

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

/** An SSN read out with a hesitation between its groups, or its last four asked for alone. */
const ssnHesitant = fc
  .tuple(
    fc.integer({ min: 1, max: 665 }),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
    seedArb,
    fc.constantFrom('uh', 'um', 'er'),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([area, g, serial, seed, filler, form]): Said => {
    const [a, b, c] = [String(area).padStart(3, '0'), String(g).padStart(2, '0'), String(serial).padStart(4, '0')];
    if (form === 2) return { said: c, before: 'the last four of my social are', after: 'okay' };
    const parts = form === 0 ? [a, b, c] : [spokenDigits(a, seed), spokenDigits(b, seed), spokenDigits(c, seed)];
    return { said: parts.join(`, ${filler}, `), before: 'um the social is', after: 'okay' };
  });

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/**
 * Card expiries in the forms people use: a month and a year each with its word (either order), a month
 * named or counted ("the fourth month of") after an expiry word, MM/YY or MM-YYYY after "valid until",
 * "runs out", "expires".
 */
const expiry = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 26, max: 39 }), fc.nat(14), fc.integer({ min: 0, max: 4 }))
  .map(([month, yy, say, form]): Said => {
    const m = saidMonth(month, say);
    const y = saidYear(yy, say);
    const mm = String(month).padStart(2, '0');
    switch (form) {
      case 0:
        return { said: `${m} and the year is ${y}`, before: 'the month is', after: 'okay' };
      case 1:
        return { said: `${y}, and the month is ${m}`, before: 'the year is', after: 'okay' };
      case 2:
        return month <= MONTH_NAMES.length
          ? { said: `${MONTH_NAMES[month - 1]} ${y}`, before: 'it expires', after: 'okay' }
          : { said: `${mm}/${yy}`, before: 'it expires', after: 'okay' };
      case 3:
        return month <= ORDINALS.length
          ? { said: `${ORDINALS[month - 1]} month of ${y}`, before: 'the expiry date is the', after: 'okay' }
          : { said: `${mm}-20${yy}`, before: 'valid until', after: 'I believe' };
      default:
        return say % 2 === 0
          ? { said: `${mm} / ${yy}`, before: 'it runs out', after: 'okay' }
          : { said: `${mm}-20${yy}`, before: 'valid until', after: 'I believe' };
    }
  });

/** A card's code, after a card, named by any of its names or a bare "code", in figures or words. */
const cvv = fc
  .tuple(
    digitsArb(4),
    fc.boolean(),
    seedArb,
    fc.constantFrom('cvv', 'cvc', 'csc', 'the code is', "the code's", 'security code', 'the code on the back is'),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([digits, amex, seed, name, form]): Said => {
    const code = amex ? digits : digits.slice(0, 3);
    const said = [code, spokenDigits(code, seed), code.split('').join(' ')][form];
    return { said, before: `card's on file, ${name}`, after: 'thanks' };
  });

/** National numbers written with their trunk prefix in their country's grouping, after a phone word of any language. */
const nationalPhone = fc
  .tuple(
    digitsArb(8),
    fc.integer({ min: 0, max: 2 }),
    fc.constantFrom('my number is', 'the front desk is', 'mon numéro est', 'meine Nummer ist'),
  )
  .map(([digits, country, before]): Said => {
    const [region, said] = (
      [
        ['DE', `030 ${digits}`],
        ['FR', `06 ${group(digits, [2, 2, 2, 2], ' ')}`],
        ['NL', `06 ${digits}`],
      ] as const
    )[country];
    return { said, before, after: 'okay', region };
  })
  .filter((s) => parsePhoneNumberFromString(s.said, s.region)?.isValid() === true);

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

const email = fc
  .tuple(
    lettersArb(3, 8),
    lettersArb(3, 8),
    lettersArb(4, 10),
    fc.constantFrom('com', 'org', 'net', 'co dot uk', 'io'),
    fc.integer({ min: 0, max: 6 }),
  )
  .map(([first, last, domain, tld, form]): Said => {
    const said = [
      `${first}.${last}@${domain}.${tld.replace(' dot ', '.')}`,
      `${first} dot ${last} at ${domain} dot ${tld}`,
      `${first.toUpperCase().split('').join(' ')} at ${domain} dot ${tld}`,
      `${first} underscore ${last} at ${domain} dot ${tld}`,
      // A domain spelled after it, a domain said in two words with a country's own domain spelled, a
      // local part spelled before it.
      `${first} dot ${last} at ${domain}, ${domain.split('').join(' ')}, dot ${tld}`,
      `${first} at ${domain} ${last} dot m y`,
      `${first.split('').join(' ')}, ${first}, at ${domain} dot k e`,
    ][form];
    return { said, before: 'my email is', after: 'thanks' };
  });

/** A German IBAN: bank code and account, its check digits computed (ISO 13616). */
const iban = fc.tuple(digitsArb(18), seedArb, fc.integer({ min: 0, max: 3 })).map(([bban, seed, form]): Said => {
  let rest = 0;
  for (const c of `${bban}131400`) rest = (rest * 10 + Number(c)) % 97;
  const check = String(98 - rest).padStart(2, '0');
  const value = `DE${check}${bban}`;
  const blocks = value.match(/.{1,4}/g) ?? [];
  const said = [
    blocks.join(' '),
    blocks.join(' ').toLowerCase(),
    `d e ${spokenDigits(value.slice(2), seed)}`,
    // Spelled with a pause between groups and no bank word before it: the spelled country code says it.
    `d e ${blocks.map((b) => spokenDigits(b.replace(/^DE/, ''), seed)).join(', ')}`,
  ][form];
  return form === 3
    ? { said, before: "okay it's", after: 'okay' }
    : { said, before: 'the IBAN for the transfer is', after: 'okay' };
});

describe('redaction of generated values in every spoken and written form', () => {
  itHidesEach([
    ['card numbers (Luhn)', card],
    ['IBANs (checksum), any case, spelled', iban],
    ['US phone numbers', usPhone],
    ['GB phone numbers with the country prefix said', gbPhone],
    ['email addresses, written, spoken and spelled', email],
    ['social security numbers, context before or after', ssn],
    ['social security numbers with a hesitation inside, or their last four', ssnHesitant],
    ['card expiries with month and year words, named or counted months, valid until / runs out', expiry],
    ['card codes by any of their names or a bare "code"', cvv],
    ['national numbers with their trunk prefix (DE, FR, NL), phone words of any language', nationalPhone],
  ]);

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

  it('keeps quantities: thousands-grouped or decimal figures, and spoken dates with "slash" and no card', () => {
    const quantity = fc
      .tuple(fc.integer({ min: 1000, max: 9_999_999_999 }), fc.boolean(), fc.nat(99))
      .map(([n, cents, c]) => n.toLocaleString('en-US') + (cents ? `.${String(c).padStart(2, '0')}` : ''));
    const date = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.nat(14))
      .map(([m, d, say]) => `${saidMonth(m, say === 0 ? 1 : say)} slash ${d < 10 ? `oh ${WORDS[d]}` : saidYear(d, 2)}`);
    const text = fc.oneof(
      quantity.map((q) => `the account balance is ${q} dollars`),
      quantity.map((q) => `we had ${q} api calls last month`),
      date.map((d) => `we'll deliver on ${d}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(redactText(t).text).to.equal(t);
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

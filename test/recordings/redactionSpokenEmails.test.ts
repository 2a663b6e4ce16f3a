import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { expectHidden, expectKept } from '../support/spokenValues';

// Addresses said in pieces, as the third and fourth blind sets (independent-3.json, independent-4.json) said
// them and the rules missed (common/redaction/spokenLocalPart.ts): a name then its spelling, letters with
// commas and examples, two words before "at", a take-back inside the local part, "capital T", "all one word",
// "at the rate of". No letter or digit of the address is left and redacting twice changes nothing; a
// website said or written with its path, or starting with "www", stays.

const NAMES = ['ravi', 'camille', 'lars', 'fatima', 'emre', 'chidi', 'hassan', 'maria', 'thomas', 'sarah', 'liam'];
const SURNAMES = ['patel', 'leroy', 'eriksen', 'hashimi', 'okafor', 'khan', 'lopez', 'berger', 'oconnor', 'yilmaz'];
const DOMAINS = ['gmail', 'sify', 'orange', 'online', 'gulfstar', 'turkcell', 'yahoo', 'laposte', 'free'];
const TLDS = ['com', 'net', 'fr', 'no', 'ae', 'co dot uk', 'com dot tr'];
const NATO: Record<string, string> = Object.fromEntries(
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'
    .split(' ')
    .map((w) => [w[0], w]),
);

const spell = (word: string, sep: string) => word.split('').join(sep);
const nato = (word: string) =>
  word
    .split('')
    .map((l, i) => (i === 0 ? `${l} as in ${NATO[l]}` : l))
    .join(', ');

/** A local part said in pieces, by form. */
const localPart = (form: number, name: string, surname: string, other: string): string =>
  [
    `${name}, ${spell(name, ' ')}, dot ${surname}, ${spell(surname, ' ')},`,
    `${spell(name, ', ')}, underscore, ${spell(surname, ', ')}`,
    `${nato(name)}, dot, ${spell(surname, ', ')}`,
    `${name} dot al ${surname}`,
    `${spell(other, ' ')}, no, ${spell(name, ' ')}, dot ${surname}`,
    `capital ${name[0].toUpperCase()}, ${name} dot ${spell(surname, ' ')}`,
    `${name} ${surname}, all one word,`,
    `${name} dot ${surname} two four`,
    `first initial ${name[0]}, then ${surname}, ${name[0]} ${surname}`,
  ][form];

const INTROS = ['my email is', "sure, it's", 'okay so the address is', 'um,', 'I spell,', ''];

describe('redaction: addresses said in pieces', () => {
  it('hides every letter of a local part said in pieces before "at <domain>"', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(...NAMES),
        fc.constantFrom(...SURNAMES),
        fc.constantFrom(...NAMES),
        fc.constantFrom(...DOMAINS),
        fc.constantFrom(...TLDS),
        fc.constantFrom(...INTROS),
        fc.boolean(),
        (form, name, surname, other, domain, tld, before, rate) => {
          const at = rate ? 'at the rate of' : 'at';
          expectHidden({
            said: `${localPart(form, name, surname, other)} ${at} ${domain} dot ${tld}`,
            before,
            after: '',
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps websites said with their path or starting with www, and "at" that is not an address', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOMAINS), fc.constantFrom(...TLDS), (domain, tld) => {
        expectKept(`you can manage the booking at w w w dot ${domain} dot ${tld} slash manage`);
        expectKept(`you can manage the booking at www dot ${domain} dot ${tld}`);
        expectKept(`there is a contact form at ${domain}.co.uk/contact, option 3`);
        expectKept(`the form is at ${domain} dot ${tld} slash contact dash us`);
      }),
    );
    for (const kept of [
      'we met at the office at five dot thirty',
      'we are at version two dot one now',
      'the rate of interest is at four point five',
    ])
      expectKept(kept);
    // A host of "www" alone is a domain: "a at www dot com" is an address at www.com (found by a property at 20x runs).
    expect(redactText('email is a as in apple, a at www dot com okay').text).to.equal('email is [EMAIL_ADDRESS] okay');
    // Nor is "w w w a a a" spelled as one label a site's "www".
    expect(redactText('email is a a a at w w w a a a dot com okay').text).to.equal('email is [EMAIL_ADDRESS] okay');
  });
  it("hides a first name and a surname said as a webmail address's local part (the forty-eighth set)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('dave', 'maria', 'kwame', 'siobhan', 'li'),
        fc.constantFrom('kessler', 'okafor', 'nguyen', 'brennan'),
        fc.constantFrom('gmail', 'yahoo', 'hotmail', 'icloud', 'comcast'),
        fc.constantFrom("and i'll send the return label to", 'it should be', 'try'),
        (first, last, host, before) =>
          expectHidden({ before, said: `${first} ${last} at ${host} dot com`, after: 'thanks' }),
      ),
      { numRuns: 100 },
    );
    // A business's domain, a pause before the local part, a page "at" a site: only what is the address.
    expect(redactText('send it straight to my boss, f nakamura at westgate mutual dot com').text).to.equal(
      'send it straight to my boss, [EMAIL_ADDRESS]',
    );
    expectKept('Our pricing page at greenfield H R dot com is a bit out of date');
  });
  it("hides an address written without its host's ending, the ending said after (the fortieth set)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('felix.baumann', 'jo_okafor', 'p.stevens77'),
        fc.constantFrom('trelawneysystems', 'brightlane', 'harbor-light'),
        (local, host) => {
          expect(redactText(`Send it to ${local}@${host}, and that's .com? Yes, .com.`).text).to.equal(
            "Send it to [EMAIL_ADDRESS], and that's .com? Yes, .com.",
          );
        },
      ),
    );
    // A host that goes on in words or after a space is the spoken rules' to read, whole.
    expect(redactText('Send it to jokafor@brightlane dot co dot uk please.').text).to.equal(
      'Send it to [EMAIL_ADDRESS] please.',
    );
    expectKept('tag us @acme on twitter, or meet me @ 5pm');
  });
});

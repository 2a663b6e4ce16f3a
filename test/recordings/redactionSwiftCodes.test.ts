import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { expectHidden, expectKept, type Said } from '../support/spokenValues';

// SWIFT codes (BIC, ISO 9362) named after "swift" or "bic": the sixth blind set gave nine, written whole
// ("deutdeff", "cobadeffxxx", "bofaus3n") or spelled ("c h a s u s three three"), and no rule read them.

const LETTER = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split(''));
const ALNUM = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

const bic = fc
  .tuple(
    fc.array(LETTER, { minLength: 4, maxLength: 4 }),
    fc.constantFrom('de', 'fr', 'gb', 'us', 'ie', 'za', 'in', 'nl'),
    fc.array(ALNUM, { minLength: 2, maxLength: 2 }),
    fc.option(fc.array(ALNUM, { minLength: 3, maxLength: 3 })),
    fc.integer({ min: 0, max: 3 }),
    fc.constantFrom('the swift code is', 'swift', 'and the bic', 'bic is', 'swift slash bic is'),
  )
  // A part that is a hesitation ("er", "umm") said on its own is read as one: nobody can tell it from a pause.
  .filter(
    ([, , location, branch]) =>
      !/^(?:er|uh|um)$/.test(location.join('')) && !/^(?:erm|umm|uhm|uhh|hmm)$/.test((branch ?? []).join('')),
  )
  .map(([bank, country, location, branch, form, before]): Said => {
    const code = [...bank, country, ...location, ...(branch ?? [])].join('');
    const spelled = code
      .split('')
      .map((c, i) => (i >= 6 && /\d/.test(c) ? DIGIT_WORDS[Number(c)] : c))
      .join(' ');
    const said = [code, code.toUpperCase(), spelled, `${bank.join('')} ${country} ${location.join('')}`][form];
    return { said, before, after: 'for the wire' };
  });

describe('redaction: SWIFT codes named after "swift" or "bic"', () => {
  it('leaves no letter or digit of a SWIFT code, written whole, in parts or spelled', () => {
    fc.assert(fc.property(bic, expectHidden), { numRuns: 300 });
  });

  it('reads a location that is a word ("the swift code is aaaa de is")', () => {
    expectHidden({ said: 'aaaa de is', before: 'the swift code is', after: 'for the wire' });
    expectHidden({ said: 'aaaa de is', before: 'and the bic', after: 'for the wire' });
    expectHidden({ said: 'b n o r p h m m', before: 'and the swift code they told me is', after: '' });
  });

  it('ends the code where it ends, and keeps "swift" and "bic" said of anything else', () => {
    expect(redactText('swift code bofaus3n for the international wire').text).to.equal(
      'swift code [BANKING_INFORMATION] for the international wire',
    );
    expect(redactText('our iban fr76 3000 6000 0112 3456 7890 189 swift bnpafrpp').text).to.equal(
      'our iban [BANKING_INFORMATION] swift [BANKING_INFORMATION]',
    );
    expectKept('we need a swift decision by friday');
    expectKept('swift delivery is twenty dollars');
    expectKept('the bic pen order is 4400 units');
  });

  it('reads a code written in capitals where a wire is spoken of, with no "swift" said', () => {
    const upper = fc
      .tuple(
        fc.array(LETTER, { minLength: 4, maxLength: 4 }),
        fc.constantFrom('de', 'fr', 'gb', 'us', 'mx', 'ch'),
        fc.array(ALNUM, { minLength: 2, maxLength: 2 }),
        fc.boolean(),
      )
      .map(([bank, country, location, spelled]): Said => {
        const code = [...bank, country, ...location].join('').toUpperCase();
        return {
          said: spelled ? code.split('').join(' ') : code,
          before: 'for the wire we send to',
          after: 'in frankfurt',
        };
      });
    fc.assert(fc.property(upper, expectHidden), { numRuns: 200 });
    expect(redactText('the intermediary bank is CHASUS33, chase new york').text).to.equal(
      'the intermediary bank is [BANKING_INFORMATION], chase new york',
    );
    // A word stressed in capitals comes after an article; and nothing of a bank spoken of, nothing read.
    expectKept('please put it in the BUSINESS account');
    expectKept('we sell to DEUTDEFF and others');
  });
  it('hides a code spelled a few words after "bic" or "swift", or read back where a wire is spoken of (the forty-fifth set)', () => {
    fc.assert(
      fc.property(
        bic.filter(({ said }) => /^(?:[a-z] ){5}/.test(said)),
        fc.constantFrom('and the bic for the bank', 'and the swift in case our office pays it', 'for the wire, so'),
        ({ said }, before) => expectHidden({ said, before, after: "that's it" }),
      ),
      { numRuns: 150 },
    );
    // A name spelled after what names it is the holder's, and no code: names are kept.
    expectKept('for the wire the account holder is m c d o n a l d');
  });
});

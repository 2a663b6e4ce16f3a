import fc from 'fast-check';
import { digitsArb, expectHidden, expectKept, group, seedArb, spokenDigits } from '../support/spokenValues';

// Bank and branch codes by their local names, and numbers named after or before other things, as the
// third and fourth blind sets said them and the rules missed: an Australian BSB, a Canadian transit and
// institution, a branch code, a German BLZ and Kontonummer, a Brazilian agência and conta, a Mexican CLABE,
// routing or sort code named after the number. Nothing of them is left and redacting twice changes
// nothing; an account reference, a creditor reference (RF…), a phone named on the account, an agency's
// headcount stay as they are.

const NAMED: Array<[string, number, number[]]> = [
  ['BSB', 6, [3, 3]],
  ['the bsb is', 6, [3, 3]],
  ['BSB is, uh,', 6, [3, 3]],
  ['transit number', 5, [5]],
  ['transit and institution', 8, [5, 3]],
  ['branch code', 6, [6]],
  ['the BLZ is', 8, [8]],
  ['my kontonummer is', 10, [10]],
  ['agency', 4, [4]],
  ['agência', 4, [4]],
  ['conta corrente', 6, [5, 1]],
  ['our CLABE is', 18, [18]],
  ['la clabe interbancaria,', 18, [3, 3, 11, 1]],
  ['futsu, number', 7, [7]],
];

describe('redaction: bank and branch codes by their local names', () => {
  it('hides a code said or written after its name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMED),
        digitsArb(18),
        seedArb,
        fc.boolean(),
        ([name, n, sizes], d, seed, spoken) => {
          const digits = d.slice(0, n);
          const said = spoken
            ? spokenDigits(digits, seed)
            : group(digits, sizes, sizes.length === 2 && n === 6 ? '-' : ' ');
          expectHidden({ said, before: name, after: ', thanks' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hides a routing number or sort code named after it', () => {
    fc.assert(
      fc.property(digitsArb(9), seedArb, fc.boolean(), (digits, seed, spoken) => {
        expectHidden({
          said: spoken ? spokenDigits(digits, seed) : digits,
          before: "for the ACH it's",
          after: 'for routing',
        });
        expectHidden({ said: spokenDigits(digits.slice(0, 6), seed), before: "it's", after: 'for the sort code' });
      }),
      { numRuns: 100 },
    );
  });

  it('hides an IFSC written or spelled, and an account read past a window with its country letters', () => {
    const letters = fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')), {
      minLength: 4,
      maxLength: 4,
    });
    fc.assert(
      fc.property(letters, digitsArb(6), seedArb, fc.boolean(), (bank, branch, seed, spoken) => {
        const said = spoken ? `${bank.join(' ')} zero ${spokenDigits(branch, seed)}` : `${bank.join('')}0${branch}`;
        expectHidden({ said, before: 'the IFSC code is', after: ', please do the needful' });
        expectHidden({ said, before: "IFSC, it's", after: '' });
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(digitsArb(21), (d) =>
        expectHidden({
          said: `PT${d.slice(0, 2)} ${group(d.slice(2), [4, 4, 4, 4, 3], ' ')}`,
          before: 'the account is',
          after: 'ok',
        }),
      ),
      { numRuns: 50 },
    );
    expectKept('the IFSC code is on the cheque book');
  });

  it('keeps references, a phone named on the account and counts after a bank word', () => {
    fc.assert(
      fc.property(digitsArb(16), fc.integer({ min: 10, max: 9999 }), (d, count) => {
        expectKept(`account reference ${d.slice(0, 5)}-${d.slice(5, 7)} on the letter`);
        expectKept(
          `the reference on the bank transfer is RF${d.slice(0, 2)} ${group(d.slice(2, 16), [4, 4, 4, 2], ' ')}`,
        );
        expectKept(`the agency has ${count} staff`);
        expectKept(`our branch at ${count} main street is open`);
      }),
      { numRuns: 50 },
    );
  });
});

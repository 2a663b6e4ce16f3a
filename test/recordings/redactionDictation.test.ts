import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { redactedTurns as redacted, usPhoneArb as phoneArb } from '../support/exchanges';
import { digitsArb, group, luhnDigit, seedArb, spokenDigits } from '../support/spokenValues';

// A value dictated over turns as the thirty-eighth to fortieth blind sets wrote it (BENCHMARKS.md): each group
// echoed by the other speaker with no read-back at the end (common/redaction/echoes.ts), an address spelled a few
// letters a turn (spelledPieces.ts), read back without its ending, and a reference read back bare (references.ts).

describe('redaction: a value dictated over turns', () => {
  it('hides a card and a phone dictated a group per turn, each group echoed, with no read-back (the thirty-eighth set)', () => {
    fc.assert(
      fc.property(
        digitsArb(14),
        phoneArb,
        seedArb,
        fc.constantFrom('', 'okay, ', 'got it, '),
        (body, phone, seed, ack) => {
          const card = `4${body}${luhnDigit(`4${body}`)}`;
          const groups = group(card, [4, 4, 4, 4], ',')
            .split(',')
            .map((g) => spokenDigits(g, seed));
          const out = redacted([
            ['agent', 'And the card you want on autopay?'],
            ['caller', `It's a Visa. ${groups[0]},`],
            ['agent', `${ack}${groups[0]},`],
            ['caller', `${groups[1]},`],
            ['agent', `${groups[1]},`],
            ['caller', `${groups[2]},`],
            ['agent', `${groups[2]},`],
            ['caller', `${groups[3]}.`],
            // The last echo goes on with the next question: only its start is the group.
            ['agent', `${groups[3]}. And a number for the receipt?`],
          ]);
          // A caller's part runs to the turn's end: the value goes on in the next of theirs.
          expect(out.slice(1), JSON.stringify(out)).to.deep.equal([
            "It's a Visa. [CREDIT_CARD_NUMBER]",
            `${ack}[CREDIT_CARD_NUMBER],`,
            '[CREDIT_CARD_NUMBER]',
            '[CREDIT_CARD_NUMBER],',
            '[CREDIT_CARD_NUMBER]',
            '[CREDIT_CARD_NUMBER],',
            '[CREDIT_CARD_NUMBER].',
            '[CREDIT_CARD_NUMBER]. And a number for the receipt?',
          ]);
          const [a, b, c] = group(phone, [3, 3, 4], ',')
            .split(',')
            .map((g) => spokenDigits(g, seed));
          const phoneOut = redacted([
            ['agent', 'And her number?'],
            ['caller', `Area code ${a},`],
            ['agent', `${a},`],
            ['caller', `${b},`],
            ['agent', `${b},`],
            ['caller', `${c}.`],
            ['agent', `${c}, thank you.`],
          ]);
          expect(phoneOut.slice(1), JSON.stringify(phoneOut)).to.deep.equal([
            'Area code [PHONE_NUMBER]',
            '[PHONE_NUMBER],',
            '[PHONE_NUMBER]',
            '[PHONE_NUMBER],',
            '[PHONE_NUMBER].',
            '[PHONE_NUMBER], thank you.',
          ]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('hides the first letters of an address spelled a turn ahead of the rest, and their echo', () => {
    const examples: Record<string, string> = { d: 'delta', k: 'kilo', s: 'sierra', t: 'tom', b: 'boy' };
    fc.assert(
      fc.property(
        fc.constantFrom('d', 'k', 's', 't', 'b'),
        fc.stringMatching(/^[a-z]{2,6}$/),
        fc.stringMatching(/^[a-z]{3,8}$/),
        fc.constantFrom('gmail', 'outlook', 'proton'),
        (initial, rest, surname, host) => {
          const letters = [`${initial} as in ${examples[initial]}`, ...rest].join(', ');
          const out = redacted([
            ['agent', 'What email should the itinerary go to?'],
            ['caller', `First part is ${letters},`],
            ['agent', `${[initial, ...rest].join(', ')},`],
            ['caller', `dot ${surname}, at ${host} dot com.`],
            ['agent', 'Got it.'],
          ]);
          expect(out.slice(1), JSON.stringify(out)).to.deep.equal([
            'First part is [EMAIL_ADDRESS],',
            '[EMAIL_ADDRESS],',
            '[EMAIL_ADDRESS].',
            'Got it.',
          ]);
        },
      ),
      { numRuns: 100 },
    );
    // Letters spelled before something else than an address are kept: a confirmation code, a name.
    const turns: Array<[string, string]> = [
      ['agent', 'And the confirmation code?'],
      ['caller', 'k, x, t,'],
      ['agent', 'k, x, t,'],
      ['caller', 'then seven seven two.'],
    ];
    expect(redacted(turns)).to.deep.equal(turns.map(([, text]) => text));
  });

  it('hides an address read back without its ending, and one whose "dot" was not heard', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{3,8}$/),
        fc.stringMatching(/^[a-z]{3,8}$/),
        fc.constantFrom('gmail', 'yahoo', 'hotmail', 'outlook', 'icloud'),
        (first, last, host) => {
          const out = redacted([
            ['agent', 'And the email for the invoice?'],
            ['caller', `it's ${first} dot ${last} at ${host} dot com`],
            ['agent', `${first} dot ${last} at ${host}?`],
            ['caller', 'yeah'],
          ]);
          expect(out.slice(1), JSON.stringify(out)).to.deep.equal(["it's [EMAIL_ADDRESS]", '[EMAIL_ADDRESS]?', 'yeah']);
        },
      ),
      { numRuns: 100 },
    );
    expect(redactText('and email for the receipts? carla v m at gmail com').text).to.equal(
      'and email for the receipts? [EMAIL_ADDRESS]',
    );
    // A mail host said where no address is spoken of is a company.
    for (const text of ['I used to work at yahoo, then at outlook on the mobile team.', 'we met sarah at gmail.'])
      expect(redactText(text).text).to.equal(text);
  });

  it('keeps a number echoed a group per turn when it is no value: a folio, a confirmation code', () => {
    for (const turns of [
      [
        ['caller', "I'll give you the folio number so billing can find it. six one two,"],
        ['agent', 'six one two,'],
        ['caller', 'four four eight,'],
        ['agent', 'four four eight,'],
        ['caller', 'three nine one oh.'],
        ['agent', 'Three nine one oh. Got it.'],
      ],
      [
        ['agent', 'And the confirmation code?'],
        ['caller', 'seven seven two,'],
        ['agent', 'seven seven two,'],
        ['caller', 'nine one'],
        ['agent', 'nine one, perfect.'],
      ],
    ] as Array<Array<[string, string]>>)
      expect(redacted(turns)).to.deep.equal(turns.map(([, text]) => text));
  });

  it('keeps a reference read back by the other speaker, and hides a phone named "on the order"', () => {
    fc.assert(
      fc.property(
        phoneArb,
        seedArb,
        fc.constantFrom('invoice number', 'tracking number', 'application ID', 'reference number', 'serial'),
        (digits, seed, name) => {
          const said = spokenDigits(digits, seed);
          const kept: Array<[string, string]> = [
            ['agent', `okay your ${name} is ${said} and the total came to two eighty six forty`],
            ['caller', `${spokenDigits(digits, [1])} okay`],
          ];
          expect(redacted(kept)).to.deep.equal(kept.map(([, text]) => text));
          // A phone named with the order is no reference: read back, it is hidden.
          const phone = redacted([
            ['caller', `and the phone number on the order is ${said}`],
            ['agent', `so the driver called ${spokenDigits(digits, [1])}`],
          ]);
          expect(phone[1], JSON.stringify(phone)).to.equal('so the driver called [PHONE_NUMBER]');
        },
      ),
      { numRuns: 100 },
    );
  });
});

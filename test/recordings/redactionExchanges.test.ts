import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { redactTranscript } from '../../common/redaction/transcript';
import type { Transcript } from '../../common/transcript';
import { digitsArb, group, luhnDigit, seedArb, spokenDigits, WORDS } from '../support/spokenValues';

// A diarized call as the thirty-third blind set wrote it (BENCHMARKS.md): the agent asks, the caller answers bare, the
// agent reads the value back, the caller corrects a digit, a card is read out in groups over the agent's "mm-hm".
// The value found in one turn is handed to the turns after it: a read-back or a correction is that value again.

const call = (turns: Array<[string, string]>): Transcript => ({
  provider: 'submitted',
  language: 'en',
  durationMs: turns.length * 4000,
  segments: turns.map(([speaker, text], i) => ({ startMs: i * 4000, endMs: i * 4000 + 3900, speaker, text })),
});

const redacted = (turns: Array<[string, string]>): string[] =>
  redactTranscript(call(turns)).segments.map((s) => s.text);

const phoneArb = fc
  .tuple(
    fc.constantFrom('212', '415', '617', '312', '503', '973', '858', '773', '404', '916'),
    fc.integer({ min: 2, max: 9 }),
    digitsArb(2),
    digitsArb(4),
  )
  // A valid US number: no N11 exchange, no 555 (fiction's).
  .filter(([, a, b]) => b !== '11' && `${a}${b}` !== '555')
  .map(([area, a, b, line]) => `${area}${a}${b}${line}`);

/** Another digit than `d`. */
const other = (d: string): string => String((Number(d) + 1 + (Number(d) % 3)) % 10);

describe('redaction: a diarized exchange, read back and corrected', () => {
  it('hides a phone number answered bare and its last four read back by the agent', () => {
    fc.assert(
      fc.property(phoneArb, seedArb, seedArb, (phone, s1, s2) => {
        const answer = group(phone, [3, 3, 4], ', ')
          .split(', ')
          .map((g) => spokenDigits(g, s1))
          .join(', ');
        const back = spokenDigits(phone.slice(6), s2);
        const turns: Array<[string, string]> = [
          ['agent', "What's the best number to call you back on?"],
          ['caller', answer],
          ['agent', `${back}, got it`],
          ['caller', 'yes'],
        ];
        const out = redacted(turns);
        expect(out[1], JSON.stringify(out)).to.equal('[PHONE_NUMBER]');
        expect(out[2], JSON.stringify(out)).to.equal('[PHONE_NUMBER], got it');
      }),
      { numRuns: 150 },
    );
  });

  it("hides an SSN's last four corrected a turn later, one digit changed or two swapped", () => {
    fc.assert(
      fc.property(digitsArb(4), fc.boolean(), fc.integer({ min: 0, max: 2 }), (four, swap, at) => {
        const fixed = swap
          ? four.slice(0, at) + four[at + 1] + four[at] + four.slice(at + 2)
          : four.slice(0, 3) + other(four[3]);
        fc.pre(fixed !== four);
        const said = (d: string) => [...d].map((c) => WORDS[Number(c)]).join(' ');
        const turns: Array<[string, string]> = [
          ['agent', 'Can you give me the last four of your social?'],
          ['caller', `it's ${said(four)}`],
          ['agent', "I'm showing something different."],
          ['caller', `oh, ${said(fixed)}, sorry`],
        ];
        const out = redacted(turns);
        expect(out[1], JSON.stringify(out)).to.equal("it's [US_SOCIAL_SECURITY_NUMBER]");
        expect(out[3], JSON.stringify(out)).to.equal('oh, [US_SOCIAL_SECURITY_NUMBER], sorry');
      }),
      { numRuns: 150 },
    );
    // The correction after the words that say it: "not five. eight two nine six".
    expect(
      redacted([
        ['agent', 'Can you give me the last four of your social?'],
        ['caller', "it's eight two nine five"],
        ['agent', 'eight two nine five, thank you.'],
        ['caller', 'sorry, six at the end, not five. eight two nine six.'],
      ]),
    ).to.deep.equal([
      'Can you give me the last four of your social?',
      "it's [US_SOCIAL_SECURITY_NUMBER]",
      '[US_SOCIAL_SECURITY_NUMBER], thank you.',
      'sorry, six at the end, not five. [US_SOCIAL_SECURITY_NUMBER].',
    ]);
  });

  it("reads a card over the agent's mm-hm as one, each turn losing its part", () => {
    fc.assert(
      fc.property(
        digitsArb(14),
        seedArb,
        fc.constantFrom('Mm-hm.', 'go on', 'okay', 'uh huh, yes'),
        (body, seed, hm) => {
          const card = `4${body}${luhnDigit(`4${body}`)}`;
          const groups = group(card, [4, 4, 4, 4], ',').split(',');
          const said = groups.map((g) => spokenDigits(g, seed));
          const out = redacted([
            ['agent', 'Go ahead with the card number.'],
            ['caller', `${said[0]}, ${said[1]},`],
            ['agent', hm],
            ['caller', `${said[2]}, ${said[3]}`],
          ]);
          // The first turn's part runs to its end: the value goes on in the next.
          expect(out[1], JSON.stringify(out)).to.equal('[CREDIT_CARD_NUMBER]');
          expect(out[2]).to.equal(hm);
          expect(out[3], JSON.stringify(out)).to.equal('[CREDIT_CARD_NUMBER]');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('hides a phone dictated a group per turn, each group echoed, then read back whole (the thirty-seventh set)', () => {
    fc.assert(
      fc.property(phoneArb, seedArb, (phone, seed) => {
        const [a, b, c] = group(phone, [3, 3, 4], ',')
          .split(',')
          .map((g) => spokenDigits(g, seed));
        const out = redacted([
          ['agent', 'can I get a phone number for the service address'],
          ['caller', `yeah ${a}`],
          ['agent', 'okay'],
          ['caller', b],
          ['agent', b],
          ['caller', c],
          ['agent', spokenDigits(phone, [1])],
        ]);
        expect(out.slice(1), JSON.stringify(out)).to.deep.equal([
          'yeah [PHONE_NUMBER]',
          'okay',
          '[PHONE_NUMBER]',
          '[PHONE_NUMBER]',
          '[PHONE_NUMBER]',
          '[PHONE_NUMBER]',
        ]);
      }),
      { numRuns: 100 },
    );
  });

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

  it('keeps numbers read back where no value was found: an order number, an amount', () => {
    const turns: Array<[string, string]> = [
      ['agent', 'And the order number?'],
      ['caller', 'it is 4471 2290'],
      ['agent', '4471 2290, and that was $128.40?'],
      ['caller', 'yes, 128.40'],
    ];
    expect(redacted(turns)).to.deep.equal(turns.map(([, text]) => text));
  });

  it('reads a named card whose checksum fails as a card: a digit misheard', () => {
    for (const text of [
      'Put it on the Discover, six zero one one, four one oh nine, nine one three nine, four four two seven.',
      'Card number is 5424 1800 2277 9013, exp 11/26.',
      'Five one four six, two two eight eight, oh one three seven, six nine four four. That is the card.',
    ])
      expect(redactText(text).text, text).not.to.match(/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|oh)\b/i);
    // A gift card's number is no payment card's, and sixteen digits with no card named are no card.
    expect(redactText('the gift card is 6035 7102 4481 9903').text).to.equal('the gift card is 6035 7102 4481 9903');
    expect(redactText('the tracking number is 4024 0071 8842 3319').text).to.equal(
      'the tracking number is 4024 0071 8842 3319',
    );
  });

  it("reads nine digits a bank named as the bank's, whatever their groups; a card's last four after a code word as its", () => {
    expect(redactText('And the routing number? two six oh, oh seven, three five nine oh').text).to.equal(
      'And the routing number? [BANKING_INFORMATION]',
    );
    expect(redactText('my social and bank account, 123-45-6789').text).to.equal(
      'my social and bank account, [US_SOCIAL_SECURITY_NUMBER]',
    );
    expect(redactText('I need the CVV on the card ending 8841.').text).to.equal(
      'I need the CVV on the card ending 8841.',
    );
  });
});

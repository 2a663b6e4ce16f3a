import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { redactedTurns as redacted, usPhoneArb as phoneArb } from '../support/exchanges';
import { digitsArb, group, luhnDigit, seedArb, spokenDigits, WORDS } from '../support/spokenValues';

// A diarized call as the thirty-third blind set wrote it (BENCHMARKS.md): the agent asks, the caller answers bare, the
// agent reads the value back, the caller corrects a digit, a card is read out in groups over the agent's "mm-hm".
// The value found in one turn is handed to the turns after it: a read-back or a correction is that value again.

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

import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { usPhoneArb as phoneArb } from '../support/exchanges';
import { expectHidden, expectKept, group, seedArb, spokenDigits } from '../support/spokenValues';

// A voicemail or a long message as the forty-first blind set wrote it (BENCHMARKS.md): a callback number with its
// last group said again, slang for "call me back", a foreign number in a range its plan does not list yet.

describe('redaction: voicemails and long messages', () => {
  it('hides a number whose last group is said again, corrected or not', () => {
    fc.assert(
      fc.property(phoneArb, seedArb, fc.constantFrom('. ', '. Again, ', ', yes, ', '... '), (phone, seed, gap) => {
        const [a, b, c] = group(phone, [3, 3, 4], ',')
          .split(',')
          .map((g) => spokenDigits(g, seed));
        expectHidden({ before: 'Call me back, my number is', said: `${a}, ${b}, ${c}${gap}${c}.`, after: 'Thanks.' });
      }),
      { numRuns: 150 },
    );
    expect(
      redactText(
        'My number is five one six, three two eight, eight one nine seven. Sorry, eight one seven nine. Eight one seven nine.',
      ).text,
    ).to.equal('My number is [PHONE_NUMBER].');
    // Other digits after a number are not its last group: an amount, a time.
    expect(redactText('Call me at 914-823-2200. 2300 is what they charged.').text).to.equal(
      'Call me at [PHONE_NUMBER]. 2300 is what they charged.',
    );
  });

  it('reads "hit me back" and "hit me up" as a phone word', () => {
    expect(redactText("Yo it's Devon, hit me back 7183305521.").text).to.equal(
      "Yo it's Devon, hit me back [PHONE_NUMBER].",
    );
    expect(redactText('hit me up at 7183305521 whenever').text).to.equal('hit me up at [PHONE_NUMBER] whenever');
    expectKept('the new model hit me back 1,299 dollars');
  });

  it('hides a number said with its country code and named a phone, in a range the plan does not list', () => {
    expect(
      redactText('If you need to move it, my number is +44 7700 914 562. Thank you.', { phoneRegion: 'GB' }).text,
    ).to.equal('If you need to move it, my number is [PHONE_NUMBER]. Thank you.');
    // Not named a phone: the plan decides.
    expectKept('the score was +44 7700 914 562', 'GB');
  });
});

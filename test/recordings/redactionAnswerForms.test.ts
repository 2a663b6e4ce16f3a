import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import {
  digitsArb,
  expectKept,
  lettersArb,
  luhnDigit,
  seedArb,
  spokenDigits,
  type Said,
  itHidesEach,
} from '../support/spokenValues';

// Forms the seventh blind set found (issue 51): expiries said year first or with the day ("valid till twenty
// eight march", "thirty first may twenty nine"), codes named "security" alone or "the front code", the last
// four of an SSN asked for far back or alone, an SSN written digit by digit with dashes, "at sign", an initial
// before a surname with nothing introducing it, a card with "sorry" for a pause, "and then" inside a number.

const MONTHS = ['january', 'march', 'may', 'june', 'october', 'november'];
const TENS = ['twenty', 'thirty'];
const UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

const yearFirst = fc
  .tuple(
    fc.constantFrom(...MONTHS),
    fc.integer({ min: 26, max: 39 }),
    fc.boolean(),
    fc.constantFrom('valid till', 'it runs out in', 'expiring on', 'the expiry is'),
  )
  .map(([month, yy, century, before]): Said => {
    const year = `${century ? 'twenty ' : ''}${TENS[Math.floor(yy / 10) - 2]} ${UNITS[yy % 10]}`.trim();
    return { said: `${year} ${month}`, before, after: 'ok' };
  });

const withDay = fc
  .tuple(
    fc.constantFrom('thirty first', 'first', 'twenty eighth', '30th'),
    fc.constantFrom(...MONTHS),
    fc.integer({ min: 26, max: 39 }),
  )
  .map(([day, month, yy]): Said => ({
    said: `${day} ${month} ${TENS[Math.floor(yy / 10) - 2]} ${UNITS[yy % 10]}`.trim(),
    before: 'valid till',
    after: 'and that is it',
  }));

const lastFour = fc
  .tuple(
    digitsArb(4),
    seedArb,
    fc.constantFrom(
      "just the last four of your social please okay that's",
      'the last four is',
      "the new hire's last four are",
    ),
  )
  .map(([digits, seed, before]): Said => ({ said: spokenDigits(digits, seed), before, after: 'thanks' }));

const dashedSsn = fc
  .tuple(fc.integer({ min: 100, max: 665 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 1000, max: 9999 }))
  .map(([a, b, c]): Said => ({
    said: [String(a), String(b), String(c)].map((g) => g.split('').join(' ')).join(' - '),
    before: 'he wrote down',
    after: 'on the form',
  }));

const pausedCard = fc
  .tuple(digitsArb(14), fc.constantFrom('uh sorry', 'sorry', 'oops sorry'))
  // A third group starting like the first says the card again from its start (a restart), not after a pause.
  .filter(([rest]) => {
    const second = rest.slice(3, 7);
    const third = second.replace(/\d/g, (d) => String((Number(d) + 5) % 10));
    return third.slice(0, 3) !== `4${rest.slice(0, 2)}`;
  })
  .map(([rest, pause]): Said => {
    // The third group shares no digit with the second: "sorry" there is for the pause, not a correction.
    const second = rest.slice(3, 7);
    const third = second.replace(/\d/g, (d) => String((Number(d) + 5) % 10));
    const body = `4${rest.slice(0, 3)}${second}${third}${rest.slice(7, 10)}`;
    const card = body + luhnDigit(body);
    return {
      said: `${card.slice(0, 4)} ${card.slice(4, 8)} ${pause} ${card.slice(8, 12)} ${card.slice(12)}`,
      before: 'my visa debit is',
      after: 'ok',
    };
  });

const atSign = fc
  .tuple(lettersArb(3, 7), lettersArb(4, 8), fc.constantFrom('com', 'org', 'com dot br'))
  .map(([name, domain, tld]): Said => ({
    said: `${name.split('').join(' ')} at sign ${domain} dot ${tld}`,
    before: "it's",
    after: 'ok',
  }));

describe('redaction: answers as the seventh blind set gave them', () => {
  itHidesEach([
    ['expiries said year first', yearFirst],
    ['expiries said with their day', withDay],
    ['the last four of an SSN asked for far back or alone', lastFour],
    ['SSNs written digit by digit with dashes', dashedSsn],
    ['card numbers with "sorry" said for a pause', pausedCard],
    ['addresses said with "at sign"', atSign],
  ]);

  it('reads codes named "security", "the front code", "four numbers in front", or "code is" after an expiry', () => {
    expect(redactText('valid thru 10/31 security 1 4 7').text).to.equal(
      'valid thru [CREDIT_CARD_EXPIRATION] security [CREDIT_CARD_CVV]',
    );
    expect(redactText('expiration 0629 and 5 8 8 is the cvc').text).to.equal(
      'expiration [CREDIT_CARD_EXPIRATION] and [CREDIT_CARD_CVV] is the cvc',
    );
    expect(redactText('expires end of april twenty nine code is eight six six').text).to.equal(
      'expires end of [CREDIT_CARD_EXPIRATION] code is [CREDIT_CARD_CVV]',
    );
    expect(redactText('the four numbers in front 2 2 8 4').text).to.equal(
      'the four numbers in front [CREDIT_CARD_CVV]',
    );
  });

  it('reads "r costa at …", a SWIFT code after "for barclays is", a number read back, "and then"', () => {
    expect(redactText("it's r costa at terra dot com dot br").text).to.equal("it's [EMAIL_ADDRESS]");
    expect(redactText('the swift code for barclays is b a r c g b two two').text).to.equal(
      'the swift code for barclays is [BANKING_INFORMATION]',
    );
    expect(
      redactText('let me make sure i have it 519 07 3388 five one nine oh seven three three eight eight').text,
    ).to.equal('let me make sure i have it [US_SOCIAL_SECURITY_NUMBER]');
    expect(
      redactText('card number twenty two twenty one fifty and then seven three nine four zero nine one three five two')
        .text,
    ).to.equal('card number [CREDIT_CARD_NUMBER]');
    expect(redactText('the other line on the account is six four six two seven one three three nine oh').text).to.equal(
      'the other line on the account is [PHONE_NUMBER]',
    );
  });

  it('keeps a stock number, a bill\'s account number, a PRO number, an SKU, a medicine\'s dates, a "last four" of a card', () => {
    expectKept("stock number 2 4 7 7 1 b it's on the back row");
    expectKept('the account number on your bill is 8 8 3 0 0 1 4 7 2');
    expectKept('the pro number is 7 7 1 2 0 4 4 8 1 6 and the bol is 5 5 0 0 9 2 3');
    expectKept('the sku is 4 4 7 dash 2 1 9 dash 0 0 6 6 not a phone number');
    expectKept('expiration dates on the insulin are 06/2026 and 09/2026 so use the june box first');
    expectKept('the last four of the card on file are 4412');
    expectKept('we fly out on twenty eight march');
  });
});

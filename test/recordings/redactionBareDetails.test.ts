import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { digitsArb, expectKept, itHidesEach, seedArb, spokenDigits, type Said, ssnArb } from '../support/spokenValues';

// Forms the thirteenth blind set found loose ends in (issue 51): terse answers to an agent who asked for each field —
// an expiry and a code together with nothing naming them ("oh six twenty seven three one eight two", "oh eight
// twenty six and five five two", "december twenty eight um three nought four"), nine digits with talk after them
// ("… for the soft credit pull"); a card paid "with" and its written date and code ("… 0655 0427 311"); a routing
// number with "acct" after it. Look-alikes: a postal code with a dash, a batch's expiry, a lock's four digits, an
// MTCN, an activation code, a summons number, a code an app sent "but it expired".

const month = fc.integer({ min: 1, max: 12 }).map((m) => String(m).padStart(2, '0'));
// A year ending in 0 ("thirty") would take a code's first digit as its unit ("thirty one zero zero"): not said so.
const year = fc.integer({ min: 25, max: 39 }).filter((yy) => yy % 10 !== 0);
const saidMonth = (mm: string): string =>
  mm === '10' ? 'ten' : mm === '11' ? 'eleven' : mm === '12' ? 'twelve' : `oh ${spokenDigits(mm[1], [1])}`;
const saidYear = (yy: number): string =>
  `${yy >= 30 ? 'thirty' : 'twenty'}${yy % 10 ? ` ${spokenDigits(String(yy % 10), [1])}` : ''}`;

const expiryAndCode = fc.tuple(
  month,
  year,
  digitsArb(3),
  fc.constantFrom('', ' and', ' and then', ' um'),
  fc.constantFrom('', 'um ', 'yep '),
);

const ssnWithTalkAfter = fc
  .tuple(
    ssnArb,
    seedArb,
    fc.constantFrom(
      'for the soft credit pull',
      "i'm reading it off the card in my wallet",
      'hold on let me double check',
    ),
  )
  .map(([ssn, seed, after]): Said => ({ said: spokenDigits(ssn, seed), before: 'okay ready', after }));

describe("redaction: the thirteenth blind set's forms", () => {
  itHidesEach([['nine digits given as an answer with talk after them', ssnWithTalkAfter]]);

  it('reads an expiry and a code given together with nothing naming them', () => {
    fc.assert(
      fc.property(expiryAndCode, ([mm, yy, code, join, lead]) => {
        const text = `${lead}${saidMonth(mm)} ${saidYear(yy)}${join} ${spokenDigits(code, [1])}`;
        expect(redactText(text).text).to.equal(`${lead}[CREDIT_CARD_EXPIRATION]${join} [CREDIT_CARD_CVV]`);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a card paid "with", its written date and code, and a routing number before "acct"', () => {
    expect(redactText("quote's fine go ahead pay with 4193 8552 6670 9340 07/28 804").text).to.equal(
      "quote's fine go ahead pay with [CREDIT_CARD_NUMBER] [CREDIT_CARD_EXPIRATION] [CREDIT_CARD_CVV]",
    );
    expect(redactText('pay by card 4859 3277 1406 0655 0427 311 thats everything').text).to.equal(
      'pay by card [CREDIT_CARD_NUMBER] [CREDIT_CARD_EXPIRATION] [CREDIT_CARD_CVV] thats everything',
    );
    expect(redactText('driver app payouts to 071000013 acct 2209 4471 63').text).to.equal(
      'driver app payouts to [BANKING_INFORMATION] acct [BANKING_INFORMATION]',
    );
    expect(redactText('yep oh nine twenty six and um one seven five on the back').text).to.equal(
      'yep [CREDIT_CARD_EXPIRATION] and um [CREDIT_CARD_CVV] on the back',
    );
    expect(redactText('december twenty eight um three nought four').text).to.equal(
      '[CREDIT_CARD_EXPIRATION] um [CREDIT_CARD_CVV]',
    );
  });

  it('keeps a postal code, a batch expiry, a lock, an MTCN, an activation code and a summons number', () => {
    expectKept('and the cep is oh one three one oh dash one double oh');
    expectKept('batch no. B2231-07 exp 11/2026 on the bravecto box is that ok');
    expectKept('the code was like seven three nine one and the other lock was four digits too zero eight one five');
    expectKept('the MTCN is 441 772 9038 and she wants to pick up at the branch');
    expectKept('the kit activation code is four four seven one dash two nine oh eight dash one one six five');
    expectKept('summons number five five one dash two two dash eight eight four oh group twelve');
    expectKept('the four digit code the app sent me was eight two one six but it expired, can you send another one');
    expectKept('we met on oh six twenty seven');
    expectKept('call me at oh six twenty seven three one eight two');
  });

  it('reads a 2030s year said as its decade alone, the code starting right after it', () => {
    expect(redactText('nah oh one slash thirty one one seven').text).to.equal(
      'nah [CREDIT_CARD_EXPIRATION] [CREDIT_CARD_CVV]',
    );
    expect(
      redactText(
        'five one eight seven four oh six seven one one two nine nine three eight one oh eight thirty five six two',
      ).text,
    ).to.equal('[CREDIT_CARD_NUMBER] [CREDIT_CARD_EXPIRATION] [CREDIT_CARD_CVV]');
    // One digit left after the unit makes no code either way: nothing is read.
    expectKept('we open at oh eight thirty five six days a week');
  });
});

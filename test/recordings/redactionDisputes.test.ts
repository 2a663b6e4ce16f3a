import { expect } from 'chai';
import { redactText } from '../../common/redaction';
import { expectKept } from '../support/spokenValues';

// Forms the nineteenth blind set (voicemails and billing disputes, issue 51) found loose ends in: an account after
// "account holder: …, routing …, acct"; look-alikes a dispute quotes: an acquirer reference number (ARN), a loan
// number, a flight credit number.

describe("redaction: the nineteenth blind set's forms", () => {
  it('reads the account named after the account holder', () => {
    expect(redactText('account holder: luis ortega, routing 111000025, acct 000483910277').text).to.equal(
      'account holder: luis ortega, routing [BANKING_INFORMATION], acct [BANKING_INFORMATION]',
    );
    // The holder's name alone names no account.
    expectKept('the account holder is luis ortega, born 1971');
  });

  it('keeps the reference numbers a dispute quotes', () => {
    expectKept(
      'the arn on the refund is seven four two four four three two five oh one two three four five six seven eight nine oh one two three four',
    );
    expectKept('my loan number is l n oh oh nine nine three one two');
    expectKept(
      "the flight credit number is nine nine two one four four one eight eight three three two one, it's thirteen digits",
    );
  });
});

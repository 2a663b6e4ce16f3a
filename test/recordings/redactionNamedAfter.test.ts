import { expect } from 'chai';
import { redactText } from '../../common/redaction';
import { expectKept } from '../support/spokenValues';

// Values named after they are said, as callers do when reading off a card or a cheque: "…, that's my checking",
// "4419 is my social", "oh seven twenty eight, the code is …", "…, that's the one to call". Found in the held-out
// misses of the twenty-ninth and thirtieth blind sets (BENCHMARKS.md).

const redacted = (text: string): string => redactText(text).text;

describe('redaction: values named after they are said', () => {
  it('reads an account named "checking" or "savings" after it, and a routing number with the account next', () => {
    expect(redacted("okay that's seven eight eight three one four zero two six one, is that checking")).to.equal(
      "okay that's [BANKING_INFORMATION], is that checking",
    );
    expect(redacted("seven seven four zero two one eight eight three six, and that's checking not savings")).to.equal(
      "[BANKING_INFORMATION], and that's checking not savings",
    );
    expect(redacted('okay two six three one nine one three eight seven, and the account')).to.equal(
      'okay [BANKING_INFORMATION], and the account',
    );
    // "checking" said as a verb names no account.
    expectKept('we shipped 1200450 units, checking with finance on the rest');
  });

  it('reads four digits named whose after them, the last word on it', () => {
    expect(redacted("4419, that's my social")).to.equal("[US_SOCIAL_SECURITY_NUMBER], that's my social");
    expect(redacted('four four one nine is my social')).to.equal('[US_SOCIAL_SECURITY_NUMBER] is my social');
    expect(redacted("the card ends in four four one nine, no wait that's my social")).to.equal(
      "the card ends in [US_SOCIAL_SECURITY_NUMBER], no wait that's my social",
    );
    expect(redacted("7712, that's my savings")).to.equal("[BANKING_INFORMATION], that's my savings");
    // A card's last four is no secret, named so after it too.
    expectKept("the card ends in 4419, that's my card");
  });

  it("reads a month and a year said whole as the card's expiry when its code is named next", () => {
    expect(redacted('and it is oh seven twenty eight, the code is three four four')).to.equal(
      'and it is [CREDIT_CARD_EXPIRATION], the code is [CREDIT_CARD_CVV]',
    );
    expect(redacted('okay eleven slash twenty seven, cvv four four nine.')).to.equal(
      'okay [CREDIT_CARD_EXPIRATION], cvv [CREDIT_CARD_CVV].',
    );
    expectKept('we deliver on the eleventh, the zip code is 94107');
  });

  it('reads a number named the one to call after it, past a reference word before it', () => {
    expect(
      redacted(
        "the number on the invoice header is eight hundred, three three two, sixty seven eighty, that's the one to call",
      ),
    ).to.equal("the number on the invoice header is [PHONE_NUMBER], that's the one to call");
    expectKept("invoice 4471-2291, that's the one to call about");
  });

  it('reads digits dictated one by one in groups as a phone number, like digits said in words', () => {
    expect(redacted('my cell is 3 1 7, 9 0 4, 2 2 6 8 and my husband David is 3 1 7, 9 0 4, 7 7 1 5')).to.equal(
      'my cell is [PHONE_NUMBER] and my husband David is [PHONE_NUMBER]',
    );
    expect(redacted('your claims need to be faxed to the plan at 8 0 0, 6 2 4, 7 7 1 3')).to.equal(
      'your claims need to be faxed to the plan at [PHONE_NUMBER]',
    );
    expectKept('the scores were 317, 904, 226 and 8 out of 10');
  });

  it("reads an agency's number as a phone's, not as a bank's branch", () => {
    expect(redacted("the temp agency's number is 1 (877) 410-2256 and my rep is Carla")).to.equal(
      "the temp agency's number is [PHONE_NUMBER] and my rep is Carla",
    );
    expect(redacted('agência 1234, conta 56789-0')).to.equal(
      'agência [BANKING_INFORMATION], conta [BANKING_INFORMATION]',
    );
  });

  it('keeps a card\'s last four named after it, or named since the social, and reads "ends with the digits"', () => {
    expectKept('Just the last four is 9 0 1 3, the Mastercard, you should have it on file.');
    expect(redacted('the last four of my social is 9013, the card ends 4411')).to.equal(
      'the last four of my social is [US_SOCIAL_SECURITY_NUMBER], the card ends 4411',
    );
    expect(redacted('the last four on my social security card are 9013')).to.equal(
      'the last four on my social security card are [US_SOCIAL_SECURITY_NUMBER]',
    );
    expect(redacted('Account number ends with the digits two six nine nine.')).to.equal(
      'Account number ends with the digits [BANKING_INFORMATION].',
    );
  });

  it('reads a group trailed off and said again from its start as one value ("five four one... five four one, …")', () => {
    expect(
      redacted(
        "You can reach me at five four one... five four one, two two eight, uh, nine oh six four. That's the cell.",
      ),
    ).to.equal("You can reach me at [PHONE_NUMBER]. That's the cell.");
    expect(redacted("It's three one... three one six, double seven, four four two one. That's my Social.")).to.equal(
      "It's [US_SOCIAL_SECURITY_NUMBER]. That's my Social.",
    );
  });
});

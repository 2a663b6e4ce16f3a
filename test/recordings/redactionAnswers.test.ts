import { expect } from 'chai';
import { redactTranscript } from '../../common/redaction';
import type { Transcript } from '../../common/transcript';

// An agent asks, the caller answers with the bare value: the question names what the answer is. Redaction
// reads the other speaker's last words as the answer's context (common/redaction/transcript.ts), never
// finding anything in them there, so an answer is hidden as what was asked for, and a reference asked
// for stays.

const call = (...turns: Array<[string, string]>): Transcript => ({
  provider: 'submitted',
  language: 'en',
  durationMs: turns.length * 4000,
  segments: turns.map(([speaker, text], i) => ({ startMs: i * 4000, endMs: i * 4000 + 3900, speaker, text })),
});
const texts = (t: Transcript): string[] => redactTranscript(t).segments.map((s) => s.text);

describe('redaction: an answer read with the question asked before it', () => {
  it('hides a bare expiry, code or account given in answer to the question naming it', () => {
    expect(
      texts(
        call(
          ['agent', 'thanks, and the expiry date on the card?'],
          ['caller', 'oh nine twenty eight'],
          ['agent', 'and the three digits on the back?'],
          ['caller', 'four one seven'],
          ['agent', 'and the account number for the refund?'],
          ['caller', 'uh 40012345678'],
        ),
      ),
    ).to.deep.equal([
      'thanks, and the expiry date on the card?',
      '[CREDIT_CARD_EXPIRATION]',
      'and the three digits on the back?',
      '[CREDIT_CARD_CVV]',
      'and the account number for the refund?',
      'uh [BANKING_INFORMATION]',
    ]);
  });

  it('keeps a bare number the question names as a reference, and the question itself as said', () => {
    const t = call(
      ['agent', 'can I have the order number please'],
      ['caller', "it's 100234567"],
      ['agent', 'perfect, and your social?'],
      ['caller', 'sure, I have it here, 219099999'],
    );
    expect(texts(t)).to.deep.equal([
      'can I have the order number please',
      "it's 100234567",
      'perfect, and your social?',
      'sure, I have it here, [US_SOCIAL_SECURITY_NUMBER]',
    ]);
  });

  it("still finds the agent's own values in the agent's turn, once, and only there", () => {
    const out = redactTranscript(
      call(['agent', 'I have 4111 1111 1111 1111 on file'], ['caller', 'yes that is the one']),
    );
    expect(out.segments.map((s) => s.text)).to.deep.equal([
      'I have [CREDIT_CARD_NUMBER] on file',
      'yes that is the one',
    ]);
    expect(out.redactions).to.have.length(1);
  });
});

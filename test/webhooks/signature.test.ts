import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { webhookRetryFromConfig } from '../../common/webhookRetryPolicy';
import { retryAfterMs } from '../../common/retryAfter';
import {
  generateWebhookSecret,
  signWebhook,
  standardWebhookHeaders,
  verifyWebhookSignature,
  webhookSignatureProblem,
} from '../../common/webhookSignature';

describe('webhook signatures', () => {
  const secret = generateWebhookSecret();
  const body = JSON.stringify({
    id: '7d3c1a52-1f0e-4a3e-9d55-1df6a1c6c0aa',
    type: 'recording.processing.completed',
    data: { ü: 'ñ' },
  });
  const now = 1_800_000_000;

  it('signs "<t>.<raw body>" with HMAC-SHA256 in hex, keyed with the secret', () => {
    const header = signWebhook(body, secret, now);
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(header).to.equal(`t=${now},v1=${expected}`);
  });

  it('verifies a valid signature over a string or the raw bytes', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhookSignature(body, header, secret, { now })).to.equal(true);
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, { now: now + 299 })).to.equal(true);
  });

  it('rejects a tampered body, a wrong secret, and a missing or malformed header', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhookSignature(body.replace('ñ', 'n'), header, secret, { now })).to.equal(false);
    expect(verifyWebhookSignature(body, header, generateWebhookSecret(), { now })).to.equal(false);
    expect(verifyWebhookSignature(body, undefined, secret, { now })).to.equal(false);
    expect(verifyWebhookSignature(body, 'v1=abc', secret, { now })).to.equal(false);
    expect(verifyWebhookSignature(body, header.replace(/t=\d+/, `t=${now + 1}`), secret, { now })).to.equal(false);
    expect(webhookSignatureProblem(body, header, 'whsec_other', { now })).to.equal('signature does not match');
  });

  it('rejects timestamps older than the tolerance (default 5 minutes) and far in the future', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhookSignature(body, header, secret, { now: now + 301 })).to.equal(false);
    expect(webhookSignatureProblem(body, header, secret, { now: now + 301 })).to.equal(
      'timestamp is older than the tolerance',
    );
    expect(verifyWebhookSignature(body, header, secret, { now: now + 301, toleranceSeconds: 600 })).to.equal(true);
    expect(verifyWebhookSignature(body, header, secret, { now: now - 301 })).to.equal(false);
    // Without `now`, the clock decides: an hour-old signature is refused.
    expect(
      verifyWebhookSignature(body, signWebhook(body, secret, Math.floor(Date.now() / 1000) - 3600), secret),
    ).to.equal(false);
    expect(verifyWebhookSignature(body, signWebhook(body, secret, Math.floor(Date.now() / 1000)), secret)).to.equal(
      true,
    );
  });

  it('accepts a header carrying several v1 signatures when one matches', () => {
    const good = signWebhook(body, secret, now);
    const other = signWebhook(body, generateWebhookSecret(), now).split(',')[1];
    expect(
      verifyWebhookSignature(body, `${good.split(',')[0]},${other},${good.split(',')[1]}`, secret, { now }),
    ).to.equal(true);
  });

  it('produces Standard Webhooks headers the public standardwebhooks library verifies', () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = standardWebhookHeaders(body, secret, 'evt-1', ts);
    expect(headers['webhook-id']).to.equal('evt-1');
    expect(headers['webhook-timestamp']).to.equal(String(ts));
    expect(headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).to.deep.equal(JSON.parse(body));
    // And it is the library's own signature, byte for byte.
    expect(headers['webhook-signature']).to.equal(new Webhook(secret).sign('evt-1', new Date(ts * 1000), body));
    expect(() => new Webhook(secret).verify(body + ' ', { ...headers })).to.throw();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).to.throw();
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('1', base)).to.equal(1000);
    expect(retryAfterMs('120', base)).to.equal(120_000);
    expect(retryAfterMs(new Date(base + 30_000).toUTCString(), base)).to.equal(30_000);
    expect(retryAfterMs(new Date(base - 30_000).toUTCString(), base)).to.equal(undefined);
    expect(retryAfterMs('soon', base)).to.equal(undefined);
    expect(retryAfterMs(undefined, base)).to.equal(undefined);
  });

  it('derives the retry schedule from configuration', () => {
    expect(
      webhookRetryFromConfig({
        WEBHOOK_INITIAL_INTERVAL: '5s',
        WEBHOOK_MAX_INTERVAL: '10h',
        WEBHOOK_MAX_ATTEMPTS: 8,
        WEBHOOK_TIMEOUT: '15s',
      }),
    ).to.deep.equal({
      initialIntervalMs: 5000,
      maxIntervalMs: 36_000_000,
      maximumAttempts: 8,
      attemptTimeoutMs: 15_000,
    });
  });
});

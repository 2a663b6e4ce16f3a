import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { SessionResult } from '../../api/schemas/sessions';
import { mediaLinkSecrets, signMediaLink, verifyMediaLink } from '../../common/mediaLinks';
import { startApi, type TestApi } from '../support/api';
import { movableClock } from '../support/movableClock';
import { createRoleplayFixture, createSessionFixture } from '../support/contentFixtures';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';

/** The service's own path and query of a link (PUBLIC_URL is not the test server's address). */
const local = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

describe('signed recording links', () => {
  let api: TestApi;
  let storageDir: string;
  let tenant: TenantFixture;
  const audio = randomBytes(64 * 1024 + 7);
  const video = randomBytes(1024);
  let audioKey: string;
  let videoKey: string;
  // The API's clock stands still: a link's expiry is exact.
  const apiTime = movableClock();

  before(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'sp-media-'));
    api = await startApi({ STORAGE_DIR: storageDir }, undefined, { clock: apiTime.clock });
    tenant = await createTenant();
    audioKey = `${tenant.company.id}/rec-1.mp3`;
    videoKey = `${tenant.company.id}/rec-1.webm`;
    await mkdir(path.join(storageDir, tenant.company.id), { recursive: true });
    await writeFile(path.join(storageDir, audioKey), audio);
    await writeFile(path.join(storageDir, videoKey), video);
  });
  after(async () => {
    await api.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function sessionWithRecording(overrides: {
    audioStorageKey?: string;
    videoStorageKey?: string;
  }): Promise<SessionResult> {
    const rp = await createRoleplayFixture(tenant.company.id);
    const u = await makeUser(tenant.company.id);
    const id = await createSessionFixture({
      companyId: tenant.company.id,
      roleplayId: rp.id,
      userId: u.id,
      ...overrides,
    });
    const res = await api.request<SessionResult>('GET', `/api/roleplay/session/${id}`, { apiKey: tenant.apiKey });
    expect(res.status).to.equal(200);
    return res.body;
  }

  it('a fresh link downloads the stored bytes with their media type, without a credential', async () => {
    const result = await sessionWithRecording({ audioStorageKey: audioKey, videoStorageKey: videoKey });
    expect(result.audioUrl).to.match(
      /^http:\/\/127\.0\.0\.1:3000\/media\/[A-Za-z0-9_-]+\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const expires = Number(new URL(result.audioUrl as string).searchParams.get('expires'));
    expect(expires).to.equal(apiTime.nowMs() + 15 * 60_000);

    const res = await fetch(api.url + local(result.audioUrl as string));
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('audio/mpeg');
    expect(Number(res.headers.get('content-length'))).to.equal(audio.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(audio)).to.equal(true);

    const vid = await fetch(api.url + local(result.videoUrl as string));
    expect(vid.headers.get('content-type')).to.equal('video/webm');
    expect(Buffer.from(await vid.arrayBuffer()).equals(video)).to.equal(true);
  });

  it('refuses a link whose signature, expiry or key was changed (403)', async () => {
    const result = await sessionWithRecording({ audioStorageKey: audioKey });
    const good = new URL(result.audioUrl as string);
    const otherKey = Buffer.from(videoKey).toString('base64url');
    const sig = good.searchParams.get('signature') as string;
    const tampered = [
      `${good.pathname}?expires=${good.searchParams.get('expires')}&signature=${(sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)}`,
      `${good.pathname}?expires=${Number(good.searchParams.get('expires')) + 3_600_000}&signature=${sig}`,
      `/media/${otherKey}${good.search}`,
      `${good.pathname}x${good.search}`,
    ];
    for (const link of tampered) {
      const res = await api.request<ErrorBody>('GET', link);
      expect(res.status, link).to.equal(403);
      expect(res.body.error.code).to.equal('invalid_signature');
    }
    const otherSecret = signMediaLink({ ...api.config, MEDIA_URL_SECRET: 'another-secret-of-enough-length' }, audioKey);
    expect((await api.request('GET', local(otherSecret))).status).to.equal(403);
  });

  it('refuses an expired link (410), from the configured lifetime', async () => {
    const crafted = signMediaLink(api.config, audioKey, apiTime.nowMs() - 15 * 60_000 - 1);
    const res = await api.request<ErrorBody>('GET', local(crafted));
    expect(res.status).to.equal(410);
    expect(res.body.error.code).to.equal('link_expired');
    expect(res.body.error.message).to.match(/recording link has expired; GET the session result/);

    // An export's archive link says to GET the export again, naming it (the file need not exist: expiry is
    // checked first).
    const exportId = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
    const archive = signMediaLink(
      api.config,
      `exports/${tenant.company.id}/${exportId}.zip`,
      apiTime.nowMs() - 15 * 60_000 - 1,
    );
    const stale = await api.request<ErrorBody>('GET', local(archive));
    expect(stale.status).to.equal(410);
    expect(stale.body.error.message).to.equal(
      `This export's download link has expired; GET /api/exports/${exportId} again for a fresh one.`,
    );
    expect(stale.body.error.message).not.to.match(/session/);

    // A link the API made: valid for MEDIA_URL_TTL on the API's clock, which the test moves.
    const time = movableClock();
    const clocked = await startApi({ STORAGE_DIR: storageDir, MEDIA_URL_TTL: '10m' }, undefined, { clock: time.clock });
    try {
      const rp = await createRoleplayFixture(tenant.company.id);
      const u = await makeUser(tenant.company.id);
      const id = await createSessionFixture({
        companyId: tenant.company.id,
        roleplayId: rp.id,
        userId: u.id,
        audioStorageKey: audioKey,
      });
      const result = (
        await clocked.request<SessionResult>('GET', `/api/roleplay/session/${id}`, { apiKey: tenant.apiKey })
      ).body;
      const link = local(result.audioUrl as string);
      const expires = Number(new URL(link, clocked.url).searchParams.get('expires'));
      expect(expires, 'expires is MEDIA_URL_TTL after the link was made').to.equal(time.nowMs() + 10 * 60_000);
      time.advance(10 * 60_000);
      expect((await fetch(clocked.url + link)).status).to.equal(200);
      time.advance(1);
      const late = await clocked.request<ErrorBody>('GET', link);
      expect(late.status).to.equal(410);
      expect(late.body.error.code).to.equal('link_expired');
    } finally {
      await clocked.close();
    }
  });

  it('answers 404 for a validly signed link to a file that is gone, 400 for a malformed link', async () => {
    const missing = signMediaLink(api.config, `${tenant.company.id}/deleted.mp3`);
    const res = await api.request<ErrorBody>('GET', local(missing));
    expect(res.status).to.equal(404);
    const escaping = signMediaLink(api.config, '../outside.mp3');
    expect((await api.request('GET', local(escaping))).status).to.equal(404);
    const malformed = await api.request<ErrorBody>('GET', '/media/abc?expires=soon');
    expect(malformed.status).to.equal(400);
    expect(malformed.body.error.details.map((d) => d.field).sort()).to.deep.equal(['expires', 'signature']);
  });

  describe('rotating MEDIA_URL_SECRET', () => {
    const oldSecret = randomBytes(48).toString('base64');
    const newSecret = randomBytes(48).toString('base64');

    it('checks links signed with MEDIA_URL_SECRET_PREVIOUS for one link lifetime after the start, and signs only with the new secret', async () => {
      const rotated = await startApi({
        STORAGE_DIR: storageDir,
        MEDIA_URL_SECRET: newSecret,
        MEDIA_URL_SECRET_PREVIOUS: oldSecret,
      });
      try {
        const inFlight = signMediaLink({ ...rotated.config, MEDIA_URL_SECRET: oldSecret }, audioKey);
        expect((await rotated.request('GET', local(inFlight), { skipSchema: true })).status).to.equal(200);
        const fresh = signMediaLink(rotated.config, audioKey);
        expect((await rotated.request('GET', local(fresh), { skipSchema: true })).status).to.equal(200);
        const forged = signMediaLink(
          { ...rotated.config, MEDIA_URL_SECRET: randomBytes(48).toString('base64') },
          audioKey,
        );
        expect((await rotated.request('GET', local(forged))).status).to.equal(403);
      } finally {
        await rotated.close();
      }
    });

    it('the previous secret opens nothing once a link lifetime has passed since the start (clock given)', () => {
      const startedAt = Date.parse('2026-11-25T12:00:00Z');
      const ttl = { MEDIA_URL_TTL: '15m', PUBLIC_URL: 'http://127.0.0.1:3000' };
      const secrets = mediaLinkSecrets(
        { ...ttl, MEDIA_URL_SECRET: newSecret, MEDIA_URL_SECRET_PREVIOUS: oldSecret },
        startedAt,
      );
      const parts = (link: string) => {
        const url = new URL(link);
        return [
          url.pathname.slice('/media/'.length),
          Number(url.searchParams.get('expires')),
          url.searchParams.get('signature') as string,
        ] as const;
      };
      // Signed by the previous secret a minute before the restart: valid until it expires, 14 minutes later.
      const [token, expires, signature] = parts(
        signMediaLink({ ...ttl, MEDIA_URL_SECRET: oldSecret }, audioKey, startedAt - 60_000),
      );
      expect(verifyMediaLink(secrets, token, expires, signature, startedAt + 10 * 60_000)).to.deep.equal({
        ok: true,
        key: audioKey,
      });
      // Signed by the previous secret after the window (someone who still has it): refused.
      const late = parts(signMediaLink({ ...ttl, MEDIA_URL_SECRET: oldSecret }, audioKey, startedAt + 16 * 60_000));
      expect(verifyMediaLink(secrets, ...late, startedAt + 16 * 60_000 + 1)).to.deep.equal({
        ok: false,
        reason: 'invalid',
      });
      // Without a previous secret, nothing but the current one counts.
      const single = mediaLinkSecrets(
        { ...ttl, MEDIA_URL_SECRET: newSecret, MEDIA_URL_SECRET_PREVIOUS: '' },
        startedAt,
      );
      expect(verifyMediaLink(single, token, expires, signature, startedAt)).to.deep.equal({
        ok: false,
        reason: 'invalid',
      });
    });
  });
});

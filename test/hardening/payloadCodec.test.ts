import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { defaultPayloadConverter, METADATA_ENCODING_KEY, type Payload } from '@temporalio/common';
import { expect } from 'chai';
import { CodecBody } from '../../api/codecEndpoint';
import { ConfigError } from '../../common/config';
import {
  AesGcmPayloadCodec,
  ENCRYPTED_ENCODING,
  METADATA_KEY_ID,
  parsePayloadKeys,
  payloadCodecFor,
} from '../../common/payloadCodec';
import { startApi, type TestApi } from '../support/api';
import { testConfig } from '../support/env';
import { assertSchema } from '../support/schemaAssert';
import { Worker } from '@temporalio/worker';
import { historyFromJson, historyToJson } from '../support/histories';
import { startWorker, workflowBundle, type RunningWorker } from '../support/worker';
import { workflowTracingSinks } from '../../worker/tracing';
import { workflowShow } from '../support/workflowShow';

// Payloads reach Temporal encrypted (AES-256-GCM, key id in the metadata); keys rotate; histories from
// before the codec still decode; operators decode through POST /codec/decode (Temporal's remote codec
// protocol) with their token, from the Web UI's origin only.

const run = promisify(execFile);
const key = (): string => randomBytes(32).toString('base64');
const text = (bytes: Uint8Array | null | undefined): string => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');
const plain = (value: unknown): Payload => defaultPayloadConverter.toPayload(value);

describe('security: encrypted Temporal payloads', () => {
  describe('the codec', () => {
    it('seals a payload whole under the current key, names the key, and opens it again', async () => {
      const codec = new AesGcmPayloadCodec(parsePayloadKeys(`old:${key()},new:${key()}`, 'new'));
      const [sealed] = await codec.encode([plain({ name: 'Jane Roe', email: 'jane@example.com' })]);
      expect(text(sealed.metadata?.[METADATA_ENCODING_KEY])).to.equal(ENCRYPTED_ENCODING);
      expect(text(sealed.metadata?.[METADATA_KEY_ID])).to.equal('new');
      expect(Buffer.from(sealed.data!).toString('latin1')).to.not.include('Jane Roe');
      const [opened] = await codec.decode([sealed]);
      expect(defaultPayloadConverter.fromPayload(opened)).to.deep.equal({
        name: 'Jane Roe',
        email: 'jane@example.com',
      });
    });

    it('rotation: payloads sealed under a retired key still open while it is listed, and fail clearly once it is not', async () => {
      const oldKey = key();
      const before = new AesGcmPayloadCodec(parsePayloadKeys(`k1:${oldKey}`));
      const [sealed] = await before.encode([plain('call transcript')]);
      const rotated = new AesGcmPayloadCodec(parsePayloadKeys(`k2:${key()},k1:${oldKey}`));
      expect(defaultPayloadConverter.fromPayload((await rotated.decode([sealed]))[0])).to.equal('call transcript');
      expect(text((await rotated.encode([plain('x')]))[0].metadata?.[METADATA_KEY_ID])).to.equal('k2');
      const forgotten = new AesGcmPayloadCodec(parsePayloadKeys(`k2:${key()}`));
      let error: unknown;
      await forgotten.decode([sealed]).catch((err: unknown) => (error = err));
      expect(String(error)).to.include('No key k1');
    });

    it('refuses a payload changed in storage (authenticated encryption)', async () => {
      const codec = new AesGcmPayloadCodec(parsePayloadKeys(`k:${key()}`));
      const [sealed] = await codec.encode([plain('score 87')]);
      const data = Buffer.from(sealed.data!);
      data[data.length - 20] ^= 1;
      let error: unknown;
      await codec.decode([{ ...sealed, data }]).catch((err: unknown) => (error = err));
      expect(error).to.be.instanceOf(Error);
    });

    it('passes payloads from before the codec through unchanged (old histories still decode and replay)', async () => {
      const codec = new AesGcmPayloadCodec(parsePayloadKeys(`k:${key()}`));
      const old = plain({ recordingId: 'r1' });
      expect(await codec.decode([old])).to.deep.equal([old]);
    });

    it('with TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false refuses payloads that are not encrypted, still opening sealed ones', async () => {
      const keys = parsePayloadKeys(`k:${key()}`);
      const strict = new AesGcmPayloadCodec(keys, false);
      const [sealed] = await strict.encode([plain({ recordingId: 'r1' })]);
      expect(defaultPayloadConverter.fromPayload((await strict.decode([sealed]))[0])).to.deep.equal({
        recordingId: 'r1',
      });
      let error: unknown;
      await strict.decode([plain({ recordingId: 'r1' })]).catch((err: unknown) => (error = err));
      expect(String(error)).to.include('Refused an unencrypted payload (TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false)');
      const configured = { TEMPORAL_PAYLOAD_KEYS: `k:${key()}`, TEMPORAL_PAYLOAD_KEY_ID: '' };
      error = undefined;
      await payloadCodecFor({ ...configured, TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: false })!
        .decode([plain('x')])
        .catch((err: unknown) => (error = err));
      expect(error).to.be.instanceOf(Error);
      // The default keeps reading histories from before encryption.
      expect(
        await payloadCodecFor({ ...configured, TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: true })!.decode([plain('x')]),
      ).to.deep.equal([plain('x')]);
      const unset = { TEMPORAL_PAYLOAD_KEYS: '', TEMPORAL_PAYLOAD_KEY_ID: '', TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: false };
      expect(() => payloadCodecFor(unset, { NODE_ENV: 'development' })).to.throw(
        ConfigError,
        /TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false needs TEMPORAL_PAYLOAD_KEYS/,
      );
    });

    it('has no default key: malformed keys are refused, and production without keys does not start', () => {
      expect(() => parsePayloadKeys('k:c2hvcnQ=')).to.throw(ConfigError, /32 bytes/);
      expect(() => parsePayloadKeys(`bad id:${key()}`)).to.throw(ConfigError, /<id>:<base64 key>/);
      expect(() => parsePayloadKeys(`k:${key()}`, 'other')).to.throw(ConfigError, /TEMPORAL_PAYLOAD_KEY_ID=other/);
      const unset = { TEMPORAL_PAYLOAD_KEYS: '', TEMPORAL_PAYLOAD_KEY_ID: '', TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: true };
      expect(() => payloadCodecFor(unset, { NODE_ENV: 'production' })).to.throw(
        ConfigError,
        /TEMPORAL_PAYLOAD_KEYS is required in production.*openssl rand/,
      );
      expect(payloadCodecFor(unset, { NODE_ENV: 'development' })).to.equal(undefined);
    });
  });

  for (const entry of ['api/main.ts', 'worker/main.ts']) {
    it(`${entry} in production without TEMPORAL_PAYLOAD_KEYS refuses to start, naming the setting and how to make a key`, async () => {
      const root = path.resolve(__dirname, '../..');
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        TEMPORAL_PAYLOAD_KEYS: '',
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        PORT: '0',
      };
      // Other secrets a production process may require are given, so that this one is what it stops at.
      env.MEDIA_URL_SECRET = randomBytes(32).toString('base64');
      const failure = await run(path.join(root, 'node_modules/.bin/tsx'), [entry], {
        cwd: root,
        env,
        timeout: 30_000,
      }).then(
        () => expect.fail(`${entry} started without payload keys`),
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure.code).to.equal(1);
      expect(failure.stderr)
        .to.contain('TEMPORAL_PAYLOAD_KEYS is required in production')
        .and.to.contain('openssl rand -base64 32');
    });
  }

  describe('plain payloads sent to Temporal directly (without the key)', () => {
    /** Starts connectivityCheck the way someone reaching the Temporal frontend without our key could: plain arguments. */
    async function injectPlain(
      taskQueue: string,
    ): Promise<{ status: string; workflowTaskFailed: boolean; cleanup: () => Promise<void> }> {
      const connection = await Connection.connect({ address: testConfig().TEMPORAL_ADDRESS });
      const handle = await new Client({ connection }).workflow.start('connectivityCheck', {
        workflowId: `injected-${randomBytes(4).toString('hex')}`,
        taskQueue,
        args: [{ recordingId: 'chosen-by-the-intruder' }],
      });
      const deadline = Date.now() + 30_000; // a give-up bound: the loop ends at the first positive signal
      let status = 'RUNNING';
      let workflowTaskFailed = false;
      while (Date.now() < deadline && status === 'RUNNING' && !workflowTaskFailed) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await handle.describe()).status.name;
        workflowTaskFailed = ((await handle.fetchHistory()).events ?? []).some(
          (e) => e.workflowTaskFailedEventAttributes,
        );
      }
      return {
        status,
        workflowTaskFailed,
        cleanup: async () => {
          if (status === 'RUNNING') await handle.terminate('test over');
          await connection.close();
        },
      };
    }

    it('are run by default (histories from before encryption must replay), and refused with TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false', async () => {
      for (const accepted of [true, false]) {
        const queue = `plain-${String(accepted)}-${randomBytes(4).toString('hex')}`;
        const worker = await startWorker({ TEMPORAL_TASK_QUEUE: queue, TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: accepted });
        try {
          const injected = await injectPlain(queue);
          try {
            if (accepted) {
              expect(injected.status).to.equal('COMPLETED');
            } else {
              // The worker cannot decode the arguments: the workflow task fails and the code never runs.
              expect(injected.workflowTaskFailed).to.equal(true);
              expect(injected.status).to.equal('RUNNING');
            }
          } finally {
            await injected.cleanup();
          }
        } finally {
          await worker.stop();
        }
      }
    });
  });

  describe('workflow histories and the codec endpoint', () => {
    const token = randomBytes(24).toString('base64url');
    const uiOrigin = 'http://127.0.0.1:8233';
    let api: TestApi;
    let worker: RunningWorker;
    before(async () => {
      const queue = `codec-${randomBytes(4).toString('hex')}`;
      api = await startApi({
        TEMPORAL_TASK_QUEUE: queue,
        TEMPORAL_CODEC_TOKEN: token,
        TEMPORAL_CODEC_CORS_ORIGINS: uiOrigin,
      });
      worker = await startWorker({ TEMPORAL_TASK_QUEUE: queue });
    });
    after(async () => {
      await worker?.stop();
      await api?.close();
    });

    const codecCall = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      api.request<CodecBody>('POST', path, {
        json: body,
        headers: { authorization: `Bearer ${token}`, ...headers },
        skipSchema: true,
      });

    it('a run’s payloads are ciphertext in Temporal; `temporal workflow show` reads them through /codec/decode', async () => {
      const workflowId = `connectivity-${randomBytes(4).toString('hex')}`;
      const report = await api.temporal.workflow.execute('connectivityCheck', {
        workflowId,
        taskQueue: api.config.TEMPORAL_TASK_QUEUE,
      });
      expect(report).to.have.property('companies');

      // A client without the codec sees what Temporal stores.
      const connection = await Connection.connect({ address: testConfig().TEMPORAL_ADDRESS });
      try {
        const raw = await new Client({ connection }).workflow.getHandle(workflowId).fetchHistory();
        const completed = raw.events?.find(
          (e) => e.workflowExecutionCompletedEventAttributes,
        )?.workflowExecutionCompletedEventAttributes;
        const stored = completed?.result?.payloads?.[0];
        expect(text(stored?.metadata?.[METADATA_ENCODING_KEY])).to.equal(ENCRYPTED_ENCODING);
        expect(Buffer.from(stored?.data ?? []).toString('latin1')).to.not.include('companies');
      } finally {
        await connection.close();
      }

      const codec = { endpoint: `${api.url}/codec`, token };
      const shown = await workflowShow(workflowId, codec);
      expect(shown).to.include('"companies"');
      expect(shown).to.not.include(ENCRYPTED_ENCODING);
      const withoutCodec = await workflowShow(workflowId);
      expect(withoutCodec).to.include(ENCRYPTED_ENCODING).and.not.include('"companies"');
      // Refused by the codec endpoint: the CLI keeps retrying until its command timeout.
      const refused = await workflowShow(workflowId, { ...codec, token: 'wrong' }, '3s').then(
        () => 'decoded',
        (err: { stderr?: string }) => err.stderr ?? 'failed',
      );
      expect(refused).to.not.equal('decoded');

      // A history recorded for test/histories (RECORD_HISTORIES=1) is written decrypted: it replays without this run's key.
      const recorded = historyToJson(await api.temporal.workflow.getHandle(workflowId).fetchHistory());
      expect(recorded).to.not.include(Buffer.from(ENCRYPTED_ENCODING).toString('base64'));
      for await (const result of Worker.runReplayHistories(
        { workflowBundle: await workflowBundle(), sinks: workflowTracingSinks() },
        [{ workflowId, history: historyFromJson(recorded) }],
      )) {
        expect(result.error).to.equal(undefined);
      }
    });

    it('speaks the remote codec protocol: encode then decode gives the payloads back', async () => {
      const original = {
        metadata: { encoding: Buffer.from('json/plain').toString('base64') },
        data: Buffer.from('{"n":1}').toString('base64'),
      };
      const encoded = await codecCall('/codec/encode', { payloads: [original] });
      expect(encoded.status, encoded.text).to.equal(200);
      assertSchema(CodecBody, encoded.body);
      expect(Buffer.from(encoded.body.payloads![0].metadata!.encoding, 'base64').toString()).to.equal(
        ENCRYPTED_ENCODING,
      );
      const decoded = await codecCall('/codec/decode', encoded.body);
      expect(decoded.status).to.equal(200);
      assertSchema(CodecBody, decoded.body);
      expect(decoded.body.payloads).to.deep.equal([original]);
    });

    it('answers only to the operators’ token, and says what is wrong with a bad body', async () => {
      for (const authorization of [undefined, 'Bearer nope', `Basic ${token}`]) {
        const res = await api.request('POST', '/codec/decode', {
          json: { payloads: [] },
          headers: authorization ? { authorization } : {},
        });
        expect(res.status).to.equal(401);
        expect((res.body as { error: { code: string } }).error.code).to.equal('invalid_credentials');
      }
      const bad = await api.request('POST', '/codec/decode', {
        json: { payloads: 'x' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bad.status).to.equal(400);
      const tampered = await api.request('POST', '/codec/decode', {
        json: {
          payloads: [
            {
              metadata: {
                encoding: Buffer.from(ENCRYPTED_ENCODING).toString('base64'),
                'encryption-key-id': Buffer.from('nokey').toString('base64'),
              },
              data: 'AAAA',
            },
          ],
        },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(tampered.status).to.equal(400);
      expect((tampered.body as { error: { code: string } }).error.code).to.equal('payload_undecodable');
    });

    it('lets the Web UI’s origin call it from a browser (CORS, credentials), and no other origin', async () => {
      const preflight = await fetch(`${api.url}/codec/decode`, {
        method: 'OPTIONS',
        headers: {
          origin: uiOrigin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-namespace',
        },
      });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(uiOrigin);
      expect(preflight.headers.get('access-control-allow-credentials')).to.equal('true');
      expect(preflight.headers.get('access-control-allow-headers'))
        .to.include('authorization')
        .and.include('x-namespace');
      const answer = await codecCall('/codec/decode', { payloads: [] }, { origin: uiOrigin, 'x-namespace': 'default' });
      expect(answer.headers.get('access-control-allow-origin')).to.equal(uiOrigin);

      const stranger = await fetch(`${api.url}/codec/decode`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(stranger.headers.get('access-control-allow-origin')).to.equal(null);
    });

    it('the Web UI signs in once at /codec/session: an HttpOnly, SameSite=Strict cookie for /codec then authorises decoding', async () => {
      const page = await api.request('GET', '/codec/session', { skipSchema: true });
      expect(page.status).to.equal(200);
      expect(page.text).to.include('<form');
      const wrong = await api.request('POST', '/codec/session', { json: { token: 'guess' } });
      expect(wrong.status).to.equal(401);
      expect(wrong.headers.get('set-cookie')).to.equal(null);
      const signedIn = await api.request('POST', '/codec/session', { json: { token } });
      expect(signedIn.status).to.equal(204);
      const cookie = signedIn.headers.get('set-cookie') ?? '';
      expect(cookie)
        .to.match(/^codec_session=[^;]+;/)
        .and.match(/httponly/i)
        .and.match(/samesite=strict/i)
        .and.match(/path=\/codec/i);
      expect(cookie).to.not.include(token);
      const decoded = await api.request<CodecBody>('POST', '/codec/decode', {
        json: { payloads: [] },
        headers: { cookie: cookie.split(';')[0], origin: uiOrigin },
      });
      expect(decoded.status).to.equal(200);
      const forged = await api.request('POST', '/codec/decode', {
        json: { payloads: [] },
        headers: { cookie: 'codec_session=forged' },
      });
      expect(forged.status).to.equal(401);
    });

    it('the sign-in cookie expires on the server: it carries its signed expiry, 8 hours ahead, and is refused once past it or altered', async () => {
      const signedIn = await api.request('POST', '/codec/session', { json: { token } });
      const value = /^codec_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
      const [expiry, signature] = value.split('.');
      const hoursAhead = (Number(expiry) * 1000 - Date.now()) / 3_600_000;
      expect(hoursAhead).to.be.within(7.9, 8);
      const decode = (cookie: string) =>
        api.request('POST', '/codec/decode', {
          json: { payloads: [] },
          headers: { cookie: `codec_session=${cookie}` },
        });
      expect((await decode(value)).status).to.equal(200);
      // Someone holding a copy cannot move its expiry: the signature covers it.
      expect((await decode(`${Number(expiry) + 3600}.${signature}`)).status).to.equal(401);
      // A cookie signed with the token but past its expiry (as a copy kept for a day would be) is refused.
      const past = Math.floor(Date.now() / 1000) - 60;
      const expired = `${past}.${createHmac('sha256', token).update(`codec-session:${past}`).digest('base64url')}`;
      expect((await decode(expired)).status).to.equal(401);
      // And one signed far beyond the 8 hours is not honoured either.
      const far = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
      expect(
        (await decode(`${far}.${createHmac('sha256', token).update(`codec-session:${far}`).digest('base64url')}`))
          .status,
      ).to.equal(401);
      // Over plain HTTP the cookie cannot be Secure (browsers would drop it); see the https case below.
      expect(signedIn.headers.get('set-cookie')).to.not.match(/;\s*secure/i);
    });

    it('the sign-in cookie is Secure when PUBLIC_URL is https (TLS ends at the proxy in front)', async () => {
      const behindTls = await startApi({ PUBLIC_URL: 'https://api.example.com', TEMPORAL_CODEC_TOKEN: token });
      try {
        const signedIn = await behindTls.request('POST', '/codec/session', { json: { token } });
        expect(signedIn.status).to.equal(204);
        expect(signedIn.headers.get('set-cookie'))
          .to.match(/;\s*secure/i)
          .and.match(/httponly/i);
      } finally {
        await behindTls.close();
      }
    });

    it('is off without a token: 404', async () => {
      const off = await startApi({ TEMPORAL_CODEC_TOKEN: '' });
      try {
        const res = await off.request('POST', '/codec/decode', {
          json: { payloads: [] },
          headers: { authorization: 'Bearer anything' },
        });
        expect(res.status).to.equal(404);
      } finally {
        await off.close();
      }
    });
  });
});

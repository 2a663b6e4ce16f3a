import { expect } from 'chai';
import { MAX_JSON_DEPTH } from '../../api/middleware/jsonBody';
import { MAX_REPORTED_PROBLEMS } from '../../api/validation';
import {
  MAX_CUE_TAG_DEPTH,
  MAX_SPEAKER_CHARS,
  MAX_TIMING_SETTINGS,
  MAX_TRANSCRIPT_TEXT_CHARS,
} from '../../common/transcriptLimits';
import { startApi, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Issue 49 on the real API: what costs more than its size is refused with a 400 in the one error body,
// naming the limit (and, for a transcript, the line), small whatever the body, and nothing is kept.
// The cost of each shape is held to a linear bound in hostileShapes.test.ts.

interface ErrorShape {
  error: { code: string; message: string; details: Array<{ in: string; field: string; message: string }> };
}

const submission = (transcript: unknown): Record<string, unknown> => ({
  userUniqueIdentifier: 'rep-limits',
  userName: 'Rep Limits',
  storeRecording: false,
  transcript,
});

describe('request limits of issue 49', function () {
  this.timeout(60_000);
  let api: TestApi;
  let tenant: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant('Hostile Input Co');
  });
  after(() => api.close());

  it(`refuses JSON nested more than ${MAX_JSON_DEPTH} deep with a 400, before authentication`, async () => {
    const deep = (open: string, close: string, depth: number): string => open.repeat(depth) + close.repeat(depth);
    for (const raw of [
      deep('[', ']', 20_000),
      deep('{"a":', '}', 20_000).replace(/:\}/, ':0}'),
      deep('[', ']', MAX_JSON_DEPTH + 1),
    ]) {
      for (const apiKey of [undefined, tenant.apiKey]) {
        const before = await dbSnapshot();
        const res = await api.request<ErrorShape>('POST', '/api/recording', {
          apiKey,
          raw,
          contentType: 'application/json',
        });
        expect(res.status, res.text.slice(0, 200)).to.equal(400);
        expect(res.body.error.code).to.equal('json_too_deep');
        expect(res.body.error.message).to.include(String(MAX_JSON_DEPTH));
        expect(await dbSnapshot()).to.deep.equal(before);
      }
    }
    // At the limit it is only JSON: the schema speaks then.
    const atLimit = await api.request<ErrorShape>('POST', '/api/team', {
      apiKey: tenant.apiKey,
      raw: `{"name":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`,
      contentType: 'application/json',
    });
    expect(atLimit.status).to.equal(400);
    expect(atLimit.body.error.code).to.equal('validation_failed');
  });

  it('answers a 1 MiB body of empty segments with a small 400 listing the first problems', async () => {
    const items = Math.floor((1024 * 1024 - 200) / 3);
    const raw = JSON.stringify(submission([])).replace(
      '[]',
      `[${Array.from({ length: items }, () => '{}').join(',')}]`,
    );
    expect(raw.length).to.be.within(1024 * 1024 - 400, 1024 * 1024);
    const before = await dbSnapshot();
    const res = await api.request<ErrorShape>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      raw,
      contentType: 'application/json',
    });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.text.length, 'the answer stays a few KB').to.be.below(16_000);
    expect(res.body.error.details).to.have.length(MAX_REPORTED_PROBLEMS);
    expect(res.body.error.message).to.match(/^The request has at least \d+ problems/);
    expect(res.body.error.details.map((d) => d.message)).to.include('transcript must NOT have more than 20000 items');
    expect(await dbSnapshot()).to.deep.equal(before);
  });

  it('says how many problems a smaller body had beyond those listed', async () => {
    const res = await api.request<ErrorShape>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: submission(Array.from({ length: 200 }, () => ({}))),
    });
    expect(res.status).to.equal(400);
    expect(res.body.error.details).to.have.length(MAX_REPORTED_PROBLEMS);
    expect(res.body.error.message).to.match(/^The request has 800 problems: .*; and 750 more not listed\.$/);
  });

  const vtt = (cue: string): string => `WEBVTT\n\n${cue}\n`;
  const overLimit: Array<[string, string, string]> = [
    [
      'a cue line',
      vtt(`00:00.000 --> 00:01.000\n<v Dana>${'a'.repeat(MAX_TRANSCRIPT_TEXT_CHARS)}`),
      `line 4: the line is ${MAX_TRANSCRIPT_TEXT_CHARS + 8} characters long; at most ${MAX_TRANSCRIPT_TEXT_CHARS} are allowed`,
    ],
    [
      'tag nesting',
      vtt(`00:00.000 --> 00:01.000\n${'<c>'.repeat(MAX_CUE_TAG_DEPTH + 1)}hi`),
      `line 4: the cue's tags nest more than ${MAX_CUE_TAG_DEPTH} deep, the most allowed`,
    ],
    [
      'nested voices 300 KB deep',
      vtt(`00:00.000 --> 00:01.000\n${'<v a>\n'.repeat(50_000)}hi`),
      `line ${4 + MAX_CUE_TAG_DEPTH}: the cue's tags nest more than ${MAX_CUE_TAG_DEPTH} deep, the most allowed`,
    ],
    [
      'timing settings',
      vtt(`00:00.000 --> 00:01.000${' line:0'.repeat(MAX_TIMING_SETTINGS + 1)}\n<v Dana>hi`),
      `line 3: the timing line has more than ${MAX_TIMING_SETTINGS} settings, the most allowed`,
    ],
    [
      'a voice name',
      vtt(`00:00.000 --> 00:01.000\n<v ${'n'.repeat(MAX_SPEAKER_CHARS + 1)}>hi`),
      `line 4: a voice name is longer than ${MAX_SPEAKER_CHARS} characters, the most a speaker's name may have`,
    ],
  ];
  for (const [what, transcript, detail] of overLimit) {
    it(`refuses a WebVTT transcript over its limit of ${what}, naming the line, and keeps nothing`, async () => {
      const before = await dbSnapshot();
      const res = await api.request<ErrorShape>('POST', '/api/recording', {
        apiKey: tenant.apiKey,
        json: submission(transcript),
      });
      expect(res.status, res.text.slice(0, 300)).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(res.body.error.details).to.deep.equal([{ in: 'body', field: 'transcript', message: detail }]);
      expect(res.text.length).to.be.below(2_000);
      expect(await dbSnapshot()).to.deep.equal(before);
    });
  }

  it('refuses a segment over the text and speaker limits by its schema, and keeps nothing', async () => {
    const before = await dbSnapshot();
    const res = await api.request<ErrorShape>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: submission([
        { speaker: 'Dana', start: 0, end: 1, text: 'a'.repeat(MAX_TRANSCRIPT_TEXT_CHARS + 1) },
        { speaker: 's'.repeat(MAX_SPEAKER_CHARS + 1), start: 1, end: 2, text: 'hi' },
      ]),
    });
    expect(res.status).to.equal(400);
    expect(res.body.error.details.map((d) => d.message)).to.have.members([
      `transcript.0.text must NOT have more than ${MAX_TRANSCRIPT_TEXT_CHARS} characters`,
      `transcript.1.speaker must NOT have more than ${MAX_SPEAKER_CHARS} characters`,
    ]);
    expect(await dbSnapshot()).to.deep.equal(before);
  });
});

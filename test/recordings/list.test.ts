import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { RecordingList } from '../../api/schemas/recordings';
import type { RecordingView } from '../../api/schemas/recordings';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import type { RecordingStatus } from '../../db/queries/recordings';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';

// GET /api/recording: the company's recordings, newest first, filtered and paginated like the other lists.

const ANALYSIS: RecordingAnalysis = {
  analyzer: 'builtin',
  language: 'en',
  length: 26000,
  wpm: 120,
  speakerAttribution: 'diarization',
  talkRatio: 0.7,
  numQuestions: 3,
  numFillerWords: 1,
  fillerWords: [{ word: 'um', count: 1 }],
  customerName: 'Dana',
  nameCount: 2,
  score: 80,
  passingScore: 70,
  didPass: true,
  snippets: [{ isUser: true, text: 'Hi Dana.' }],
  criteriaResponses: [],
  metricResponses: [],
};

describe('recordings: GET /api/recording', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let other: TenantFixture;
  /** Inserted oldest first; index i was created i minutes after the base time. */
  const ids: string[] = [];
  const base = new Date('2026-06-01T10:00:00.000Z');
  let userA: string;
  let userB: string;
  let roleplay: string;
  const statuses: RecordingStatus[] = ['completed', 'failed', 'transcribing', 'completed', 'accepted'];

  before(async () => {
    api = await startApi();
    tenant = await createTenant();
    other = await createTenant();
    userA = (await makeUser(tenant.company.id)).id;
    userB = (await makeUser(tenant.company.id)).id;
    roleplay = (await createRoleplayFixture(tenant.company.id)).id;
    const row = (
      companyId: string,
      i: number,
      status: RecordingStatus,
      userId: string | null,
      roleplayId: string | null,
    ) => {
      const id = randomUUID();
      const created = new Date(base.getTime() + i * 60_000);
      return {
        id,
        company_id: companyId,
        user_id: userId,
        user_unique_identifier: `crm-${i}`,
        user_name: 'Sam Seller',
        source_url: `https://files.example.com/${i}.mp3`,
        store_recording: false,
        roleplay_id: roleplayId,
        status,
        failure_reason: status === 'failed' ? 'Transcription failed: rejected' : null,
        result: status === 'completed' ? JSON.stringify(ANALYSIS) : null,
        transcript: JSON.stringify({ segments: [] }),
        workflow_id: `recording-${id}`,
        completed_at: status === 'completed' ? created : null,
        created_at: created,
        updated_at: created,
      };
    };
    const rows = statuses.map((status, i) =>
      row(tenant.company.id, i, status, i % 2 === 0 ? userA : userB, i < 2 ? roleplay : null),
    );
    ids.push(...rows.map((r) => r.id));
    await testEnv()
      .db('recordings')
      .insert([...rows, row(other.company.id, 10, 'completed', null, null)]);
  });
  after(async () => api.close());

  const list = (query: string, apiKey = tenant.apiKey) =>
    api.request<RecordingList>('GET', `/api/recording${query}`, { apiKey });
  const idsOf = (res: { body: RecordingList }) => res.body.data.map((r) => r.id);

  it("lists only the caller's recordings, newest first, each as GET /api/recording/{id} without the analysis", async () => {
    const res = await list('');
    expect(res.status).to.equal(200);
    expect(idsOf(res)).to.deep.equal([...ids].reverse());
    expect(res.body.pagination).to.deep.equal({ total: 5, offset: 0, limit: 100, hasMore: false });
    for (const item of res.body.data) {
      expect(item).not.to.have.property('result');
      const single = await api.request<RecordingView>('GET', `/api/recording/${item.id}`, { apiKey: tenant.apiKey });
      const { result: _result, ...rest } = single.body;
      expect(item).to.deep.equal(rest);
    }
    expect(res.text).not.to.contain('https://files.example.com');
    const theirs = await list('', other.apiKey);
    expect(theirs.body.data).to.have.length(1);
    expect(theirs.body.pagination.total).to.equal(1);
  });

  it('pages with offset and limit, and the pagination object tells whether more follow', async () => {
    const first = await list('?limit=2');
    expect(idsOf(first)).to.deep.equal([ids[4], ids[3]]);
    expect(first.body.pagination).to.deep.equal({ total: 5, offset: 0, limit: 2, hasMore: true });
    const last = await list('?offset=4&limit=2');
    expect(idsOf(last)).to.deep.equal([ids[0]]);
    expect(last.body.pagination).to.deep.equal({ total: 5, offset: 4, limit: 2, hasMore: false });
  });

  it('filters by status, user, roleplay and creation time, alone and combined', async () => {
    expect(idsOf(await list('?status=completed'))).to.deep.equal([ids[3], ids[0]]);
    expect((await list('?status=completed')).body.pagination.total).to.equal(2);
    expect(idsOf(await list(`?userId=${userB}`))).to.deep.equal([ids[3], ids[1]]);
    expect(idsOf(await list(`?roleplayId=${roleplay}`))).to.deep.equal([ids[1], ids[0]]);
    const at = (i: number) => encodeURIComponent(new Date(base.getTime() + i * 60_000).toISOString());
    // createdAfter is inclusive, createdBefore exclusive.
    expect(idsOf(await list(`?createdAfter=${at(1)}&createdBefore=${at(3)}`))).to.deep.equal([ids[2], ids[1]]);
    expect(idsOf(await list(`?userId=${userA}&status=completed`))).to.deep.equal([ids[0]]);
    const none = await list(`?userId=${randomUUID()}`);
    expect(none.body).to.deep.equal({ data: [], pagination: { total: 0, offset: 0, limit: 100, hasMore: false } });
  });

  it('refuses unknown filters and malformed values, naming each parameter', async () => {
    const res = await api.request<ErrorBody>(
      'GET',
      '/api/recording?status=done&userId=x&createdAfter=yesterday&limit=0&colour=red',
      { apiKey: tenant.apiKey },
    );
    expect(res.status).to.equal(400);
    const fields = res.body.error.details.map((d) => `${d.in}:${d.field}`);
    expect(fields).to.include.members([
      'query:status',
      'query:userId',
      'query:createdAfter',
      'query:limit',
      'query:colour',
    ]);
  });

  it('answers 401 without a key', async () => {
    const res = await api.request<ErrorBody>('GET', '/api/recording');
    expect(res.status).to.equal(401);
  });
});

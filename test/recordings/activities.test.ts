import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { expect } from 'chai';
import { analyzeBuiltin } from '../../activities/analysis/builtin';
import type { ActivityDeps } from '../../activities/deps';
import { httpFailure } from '../../activities/failures';
import { createPersistRecordingResultActivities } from '../../activities/persistRecordingResult';
import { createRecordingEventActivities } from '../../activities/recordingEvents';
import { classifyMedia } from '../../activities/recordingSource';
import { createResolveRecordingUserActivities } from '../../activities/resolveRecordingUser';
import { createStoreRecordingActivities } from '../../activities/storeRecording';
import type { Config } from '../../common/config';
import { QUOTES_DELETED, UNSUPPORTED_VERDICT, type RecordingAnalysis } from '../../common/recordingAnalysis';
import { fromJson } from '../../db/connection';
import { createLocalStorage } from '../../common/storage/localStorage';
import {
  getRecordingById,
  insertRecording,
  insertRecordingUnlessErasing,
  setRecordingUser,
} from '../../db/queries/recordings';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testLogger, testConfig, testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { CONVERSATION, filesUnder, SAMPLE_AUDIO } from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { makeUser } from '../support/userFixtures';

// Each activity on its own (in a mock activity context): idempotent under retries and races.

/** The built-in analysis of CONVERSATION against a roleplay's scorecard, as the worker would make it. */
function analyzeConversation(roleplay: Awaited<ReturnType<typeof createRoleplayFixture>>) {
  return analyzeBuiltin({
    transcript: {
      provider: 'openai',
      language: 'en',
      durationMs: 26_000,
      segments: CONVERSATION.map((s) => ({
        startMs: s.start * 1000,
        endMs: s.end * 1000,
        text: s.text,
        speaker: String(s.speaker),
      })),
    },
    scorecard: roleplay.scorecard,
    passingScore: roleplay.passingScore,
    customerName: roleplay.customerPersona.name,
    language: 'en',
  });
}

describe('recordings: activities', () => {
  let tenant: TenantFixture;
  let files: FileServer;
  let stt: SttServer;
  let storageDir: string;
  let deps: ActivityDeps;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
  });
  after(async () => {
    await files.close();
    await stt.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-activities-'));
    const config: Config = testConfig({
      STORAGE_DIR: storageDir,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_API_KEY: 'test-stt-key',
    });
    deps = { db: testEnv().db, config, logger: testLogger, storage: createLocalStorage(storageDir) };
  });
  afterEach(async () => fs.rm(storageDir, { recursive: true, force: true }));

  const run = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ...args: A): Promise<R> =>
    new MockActivityEnvironment().run(fn, ...args);

  async function newRecording(
    fields: { externalId?: string; url?: string; store?: boolean; roleplayId?: string } = {},
  ): Promise<string> {
    const id = randomUUID();
    await insertRecording(testEnv().db, {
      id,
      companyId: tenant.company.id,
      userUniqueIdentifier: fields.externalId ?? 'crm-7',
      userName: 'Ana Maria Lopez',
      sourceUrl: fields.url ?? 'https://files.example.test/a.mp3',
      storeRecording: fields.store ?? true,
      roleplayId: fields.roleplayId ?? null,
      workflowId: `recording-${id}`,
    });
    return id;
  }

  it('insertRecording returns exactly the row it stored (it is not read back)', async () => {
    const id = randomUUID();
    const returned = await insertRecording(testEnv().db, {
      id,
      companyId: tenant.company.id,
      userUniqueIdentifier: 'crm-9',
      userName: 'Ana',
      sourceUrl: 'https://files.example.test/b.mp3',
      storeRecording: false,
      roleplayId: null,
      workflowId: `recording-${id}`,
    });
    expect(returned).to.deep.equal(await getRecordingById(testEnv().db, id));
  });

  it('insertRecordingUnlessErasing stores and returns the same row as insertRecording, and nothing for a person being erased', async () => {
    const input = (id: string, externalId: string) => ({
      id,
      companyId: tenant.company.id,
      userUniqueIdentifier: externalId,
      userName: 'Ana',
      sourceUrl: null,
      storeRecording: true,
      repChannel: 'right' as const,
      transcript: null,
      roleplayId: null,
      workflowId: `recording-${id}`,
    });
    const id = randomUUID();
    const returned = await insertRecordingUnlessErasing(testEnv().db, input(id, 'crm-10'));
    expect(returned).to.deep.equal(await getRecordingById(testEnv().db, id));

    const erasing = await makeUser(tenant.company.id, { externalId: 'crm-being-erased' });
    await testEnv().db('users').where({ id: erasing.id }).update({ erasure_requested_at: new Date() });
    const refused = randomUUID();
    expect(await insertRecordingUnlessErasing(testEnv().db, input(refused, 'crm-being-erased'))).to.equal(undefined);
    expect(await getRecordingById(testEnv().db, refused)).to.equal(undefined);
  });

  it('resolveRecordingUserId: racing recordings for one new identifier create one Integration user', async () => {
    const { resolveRecordingUserId } = createResolveRecordingUserActivities(deps);
    const ids = await Promise.all(Array.from({ length: 8 }, () => newRecording({ externalId: 'crm-race' })));
    const userIds = await Promise.all(ids.map((id) => run(resolveRecordingUserId, id)));
    expect(new Set(userIds).size).to.equal(1);
    const rows = await testEnv().db('users').where({ company_id: tenant.company.id, external_id: 'crm-race' });
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ id: userIds[0], role: 'Integration', first_name: 'Ana', last_name: 'Maria Lopez' });
    expect(await testEnv().db('teams').where({ company_id: tenant.company.id, type: 'integration' })).to.have.length(1);
    for (const id of ids) expect((await getRecordingById(testEnv().db, id))?.userId).to.equal(userIds[0]);
  });

  it('resolveRecordingUserId: an existing user with the identifier is used as is', async () => {
    const existing = await makeUser(tenant.company.id, { externalId: 'crm-existing' });
    const { resolveRecordingUserId } = createResolveRecordingUserActivities(deps);
    const userId = await run(resolveRecordingUserId, await newRecording({ externalId: 'crm-existing' }));
    expect(userId).to.equal(existing.id);
    expect(await testEnv().db('users').where({ company_id: tenant.company.id })).to.have.length(1);
  });

  it('storeRecording: a retry after success fetches nothing again and leaves one file', async () => {
    const filePath = `/act/${randomUUID()}.mp3`;
    const id = await newRecording({ url: files.serve(filePath, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' }) });
    const { storeRecording } = createStoreRecordingActivities(deps);
    const first = await run(storeRecording, id);
    const second = await run(storeRecording, id);
    expect(second).to.deep.equal(first);
    expect(first).to.deep.equal({
      storageKey: `${tenant.company.id}/${id}.mp3`,
      contentType: 'audio/mpeg',
      sizeBytes: SAMPLE_AUDIO.length,
    });
    expect(files.hits(filePath)).to.equal(1);
    expect(await filesUnder(storageDir)).to.deep.equal([first.storageKey]);
  });

  it('storeRecording: an unknown recording fails permanently', async () => {
    const { storeRecording } = createStoreRecordingActivities(deps);
    const err = await run(storeRecording, randomUUID()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(ApplicationFailure);
    expect(err).to.include({ type: 'RecordingNotFound', nonRetryable: true });
  });

  it('persistRecordingResult: repeated and concurrent attempts store one session', async () => {
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const user = await makeUser(tenant.company.id);
    const id = await newRecording({ roleplayId: roleplay.id, store: false });
    await setRecordingUser(testEnv().db, id, user.id);
    const result = analyzeConversation(roleplay);
    const { persistRecordingResult } = createPersistRecordingResultActivities(deps);
    const outcomes = await Promise.all([
      run(persistRecordingResult, id, result),
      run(persistRecordingResult, id, result),
    ]);
    const again = await run(persistRecordingResult, id, result);
    expect(outcomes[0].sessionId).to.be.a('string');
    expect(outcomes.map((o) => o.sessionId)).to.deep.equal([again.sessionId, again.sessionId]);
    const sessions = await testEnv().db('roleplay_sessions').where({ recording_id: id });
    expect(sessions).to.have.length(1);
    expect(sessions[0]).to.include({
      user_id: user.id,
      roleplay_id: roleplay.id,
      audio_external_url: 'https://files.example.test/a.mp3',
      audio_storage_key: null,
    });
    const row = await getRecordingById(testEnv().db, id);
    expect(row).to.include({ status: 'completed', sessionId: again.sessionId });
    expect(row?.result).to.deep.equal(result);
  });

  it("persistRecordingResult: an analysis made before the upgrade saves its unsupported verdict as not passed, without the model's words", async () => {
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const user = await makeUser(tenant.company.id);
    const id = await newRecording({ roleplayId: roleplay.id, store: false });
    await setRecordingUser(testEnv().db, id, user.id);
    const made = analyzeConversation(roleplay);
    // As the previous release's analyzer made it: passed, with the model's explanation of words nobody said.
    const [first] = made.criteriaResponses;
    made.criteriaResponses[0] = {
      ...first,
      passed: true,
      explanation: 'The rep said "we never lose".',
      supported: false,
    };
    await run(createPersistRecordingResultActivities(deps).persistRecordingResult, id, made);
    const saved = fromJson<RecordingAnalysis>((await getRecordingById(testEnv().db, id))?.result);
    const notPassed = {
      ...first,
      passed: false,
      explanation: UNSUPPORTED_VERDICT,
      evidence: [],
      noEvidenceReason: UNSUPPORTED_VERDICT,
      supported: false,
    };
    expect(saved.criteriaResponses).to.deep.equal([notPassed]);
    expect(saved.metricResponses).to.deep.equal(made.metricResponses);
    const [row] = (await testEnv()
      .db('session_responses')
      .join('roleplay_sessions', 'roleplay_sessions.id', 'session_responses.session_id')
      .where({ 'roleplay_sessions.recording_id': id, kind: 'criterion' })
      .select('passed', 'explanation', 'supported')) as Array<Record<string, unknown>>;
    expect(row).to.deep.equal({ passed: 0, explanation: UNSUPPORTED_VERDICT, supported: 0 });
  });

  it('keepRecordingEvent: a recording completed while its user is being erased is kept as a tombstone event without the words of the call', async () => {
    const roleplay = await createRoleplayFixture(tenant.company.id, {
      scorecard: {
        criteria: [],
        metrics: [
          { title: 'Questions asked', description: 'Asks open questions', weight: 1, sectionTitle: 'Discovery' },
        ],
      },
    });
    const user = await makeUser(tenant.company.id);
    const id = await newRecording({ roleplayId: roleplay.id, store: false });
    await setRecordingUser(testEnv().db, id, user.id);
    const result = analyzeConversation(roleplay);
    const quotes = [...result.criteriaResponses, ...result.metricResponses].flatMap((r) =>
      r.evidence.map((e) => e.quote),
    );
    expect(quotes.length, 'the analysis quotes the call').to.be.greaterThan(0);
    await run(createPersistRecordingResultActivities(deps).persistRecordingResult, id, result);
    await testEnv().db('users').where({ id: user.id }).update({ erasure_requested_at: new Date() });

    const eventId = randomUUID();
    const { keepRecordingEvent } = createRecordingEventActivities(deps);
    const kept = await run(keepRecordingEvent, {
      companyId: tenant.company.id,
      recordingId: id,
      eventId,
      type: 'recording.processing.completed',
      createdAt: new Date().toISOString(),
    });
    expect(kept).to.equal(true);
    const row = (await testEnv().db('webhook_events').where({ id: eventId }).first('payload')) as { payload: unknown };
    const sent = fromJson<{ data: { user: unknown; result: RecordingAnalysis } }>(row.payload);
    expect(sent.data.user).to.deep.equal({
      id: user.id,
      name: 'Erased user',
      userUniqueIdentifier: `erased-${user.id}`,
    });
    expect(sent.data.result.snippets).to.deep.equal([]);
    const responses = [...sent.data.result.criteriaResponses, ...sent.data.result.metricResponses];
    expect(responses.flatMap((r) => r.evidence)).to.deep.equal([]);
    expect(responses.filter((r) => r.noEvidenceReason === QUOTES_DELETED).length).to.be.greaterThan(0);
    const body = JSON.stringify(row.payload);
    for (const quote of quotes) expect(body).to.not.contain(quote);
    // Scores and verdicts stay.
    expect(sent.data.result.criteriaResponses.map((r) => r.passed)).to.deep.equal(
      result.criteriaResponses.map((r) => r.passed),
    );
  });

  it('classifies HTTP answers: 429/5xx retryable (with Retry-After), other 4xx permanent', () => {
    const types = { retryable: 'R', permanent: 'P' };
    expect(httpFailure('X', 429, { 'retry-after': '7' }, '', types)).to.include({
      type: 'R',
      nonRetryable: false,
      nextRetryDelay: 7000,
    });
    expect(httpFailure('X', 503, {}, '', types)).to.include({
      type: 'R',
      nonRetryable: false,
      nextRetryDelay: undefined,
    });
    expect(httpFailure('X', 408, {}, '', types)).to.include({ nonRetryable: false });
    for (const status of [400, 401, 403, 404, 410, 422])
      expect(httpFailure('X', status, {}, '', types)).to.include({ type: 'P', nonRetryable: true });
  });

  it('accepts audio/* and video/*, and generic binary only with a media extension', () => {
    const u = (p: string) => new URL(`https://h.test${p}`);
    expect(classifyMedia('audio/mpeg', u('/x'))).to.deep.equal({ contentType: 'audio/mpeg', extension: 'mp3' });
    expect(classifyMedia('video/mp4; codecs="avc1"', u('/x.bin'))).to.deep.equal({
      contentType: 'video/mp4',
      extension: 'mp4',
    });
    expect(classifyMedia('audio/x-something', u('/call.ogg'))).to.deep.equal({
      contentType: 'audio/x-something',
      extension: 'ogg',
    });
    expect(classifyMedia('application/octet-stream', u('/call.WAV'))).to.deep.equal({
      contentType: 'audio/wav',
      extension: 'wav',
    });
    expect(classifyMedia('', u('/call.mp3'))).to.deep.equal({ contentType: 'audio/mpeg', extension: 'mp3' });
    expect(classifyMedia('application/octet-stream', u('/call.txt'))).to.equal(undefined);
    expect(classifyMedia('text/html', u('/call.mp3'))).to.equal(undefined);
    expect(classifyMedia('image/png', u('/x.png'))).to.equal(undefined);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { RecordingView } from '../../api/schemas/recordings';
import type { SessionResult } from '../../api/schemas/sessions';
import type { UserErasure } from '../../api/schemas/userErasure';
import type { UserRead, UserRecord } from '../../api/schemas/users';
import { workflowIds } from '../../common/temporal';
import { fromJson } from '../../db/connection';
import type { UserErasedData } from '../../common/webhookEvents';
import { createRoleplayFixture, createSessionFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import type { FileServer } from '../support/fileServer';
import { startApi } from '../support/api';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { historyToJson } from '../support/histories';
import {
  acceptRecording,
  filesUnder,
  registerWebhook,
  SAMPLE_AUDIO,
  submitRecording,
  waitForRecording,
} from '../support/recordingFixtures';
import { makeTeam, makeUser } from '../support/userFixtures';
import { useCallStack } from '../support/webhookStack';
import { QUOTES_DELETED, type ScorecardResponse } from '../../common/recordingAnalysis';

// Erasure of a person (POST /api/user/{userId}/erase) on a real worker: a user with recordings in
// every state, one still in progress, a bystander whose data must stay, and the 409s around it.

const ERASURE_HISTORY_DIR = path.join(__dirname, '..', 'histories', 'userErasure');

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('users: erasure of a person', function () {
  this.timeout(240_000);
  const call = useCallStack({ RECORDING_CANCEL_WAIT: '15s' });

  const erase = (tenant: TenantFixture, userId: string, query = '') =>
    call.stack.api.request<UserErasure>('POST', `/api/user/${userId}/erase${query}`, { apiKey: tenant.apiKey });
  const erasure = (tenant: TenantFixture, userId: string, query = '') =>
    call.stack.api.request<UserErasure>('GET', `/api/user/${userId}/erase${query}`, { apiKey: tenant.apiKey });
  const untilErased = (tenant: TenantFixture, userId: string) =>
    until('the erasure to finish', async () => (await erasure(tenant, userId)).body.status === 'erased', 120_000);

  it('cancels, deletes and tombstones a user with recordings in every state, keeping scores and counts', async () => {
    const tenant = await createTenant();
    const hookPath = `/erasure/${randomUUID()}`;
    await registerWebhook(call.stack.api, tenant.apiKey, call.receiver, hookPath, [
      'recording.processing.failed',
      'user.erased',
    ]);
    // An item the built-in analyzer answers with quotes of the call (the person's words, to be erased).
    const roleplay = await createRoleplayFixture(tenant.company.id, {
      scorecard: {
        criteria: [],
        metrics: [{ title: 'Discovery', description: 'Asks questions', weight: 1, sectionTitle: 'Discovery' }],
      },
    });
    const person = { userUniqueIdentifier: `crm-${randomUUID()}`, userName: 'Erin Example' };
    const bystander = { userUniqueIdentifier: `crm-${randomUUID()}`, userName: 'Bea Bystander' };
    const serve = (name: string, route: Parameters<FileServer['serve']>[1]) =>
      call.files.serve(`/erasure/${randomUUID()}-${name}.mp3`, route);

    // Completed, stored, with a session (snippets) — and the bystander's, which must stay whole.
    const completed = await acceptRecording(call.stack.api, tenant.apiKey, {
      ...person,
      recordingPresignedUrl: serve('done', { body: SAMPLE_AUDIO }),
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    const kept = await acceptRecording(call.stack.api, tenant.apiKey, {
      ...bystander,
      recordingPresignedUrl: serve('kept', { body: SAMPLE_AUDIO }),
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    // Failed: the host answers 404.
    const failed = await acceptRecording(call.stack.api, tenant.apiKey, {
      ...person,
      recordingPresignedUrl: serve('gone', { status: 404 }),
      storeRecording: true,
    });
    const done = await waitForRecording(call.stack.api, tenant.apiKey, completed);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    expect((await waitForRecording(call.stack.api, tenant.apiKey, kept)).status).to.equal('completed');
    expect((await waitForRecording(call.stack.api, tenant.apiKey, failed)).status).to.equal('failed');
    // Cancelled: kept fetching by a host that keeps failing, then cancelled through the API.
    const cancelledUrl = serve('cancel', { body: SAMPLE_AUDIO, failTimes: 1000, retryAfter: '60' });
    const cancelled = await acceptRecording(call.stack.api, tenant.apiKey, {
      ...person,
      recordingPresignedUrl: cancelledUrl,
      storeRecording: true,
    });
    await until('the download to start', () => call.files.hits(new URL(cancelledUrl).pathname) > 0);
    expect(
      (
        await call.stack.api.request<RecordingView>('POST', `/api/recording/${cancelled}/cancel`, {
          apiKey: tenant.apiKey,
        })
      ).body.status,
    ).to.equal('failed');
    // In progress: the same kind of host, left running for the erasure to cancel.
    const busyUrl = serve('busy', { body: SAMPLE_AUDIO, failTimes: 1000, retryAfter: '60' });
    const inProgress = await acceptRecording(call.stack.api, tenant.apiKey, {
      ...person,
      recordingPresignedUrl: busyUrl,
      storeRecording: true,
    });
    await until('the second download to start', () => call.files.hits(new URL(busyUrl).pathname) > 0);

    const userId = done.userId ?? '';
    const sessionId = done.sessionId ?? '';
    const sessionBefore = await call.stack.api.request<SessionResult>('GET', `/api/roleplay/session/${sessionId}`, {
      apiKey: tenant.apiKey,
    });
    expect(sessionBefore.body.snippets.length).to.be.greaterThan(0);
    const listSessions = () =>
      call.stack.api.request<{
        data: Array<{ id: string; score: number; userName: string }>;
        pagination: { total: number };
      }>('GET', `/api/roleplay/session?userId=${userId}`, { apiKey: tenant.apiKey });
    const sessionsBefore = (await listSessions()).body;
    const storedBefore = await filesUnder(call.stack.storageDir);
    expect(storedBefore).to.have.length(2);
    expect(await erasure(tenant, userId)).to.deep.include({
      status: 200,
      body: { userId, status: 'none', requestedAt: null, completedAt: null, workflowId: null },
    });

    const first = await erase(tenant, userId);
    expect(first.status, first.text).to.equal(202);
    expect(first.headers.get('location')).to.equal(`/api/user/${userId}/erase`);
    expect(first.body).to.deep.include({
      userId,
      workflowId: workflowIds.userErasure(tenant.company.id, userId),
      completedAt: null,
    });
    expect(first.body.status).to.be.oneOf(['erasing', 'erased']);
    const handle = call.stack.api.temporal.workflow.getHandle(workflowIds.userErasure(tenant.company.id, userId));
    const runId = (await handle.describe()).runId;

    // While it runs (or once done) the person cannot be given recordings or changed.
    const again = await erase(tenant, userId);
    expect(again.status).to.equal(202);
    expect(again.body.requestedAt).to.equal(first.body.requestedAt);
    const refusedRecording = await submitRecording(call.stack.api, tenant.apiKey, {
      ...person,
      recordingPresignedUrl: serve('late', { body: SAMPLE_AUDIO }),
      storeRecording: false,
    });
    expect(refusedRecording.status, refusedRecording.text).to.equal(409);
    expect((refusedRecording.body as unknown as ErrorBody).error.code).to.equal('user_erased');
    const refusedPatch = await call.stack.api.request<ErrorBody>('PATCH', `/api/user/${userId}`, {
      apiKey: tenant.apiKey,
      json: { firstName: 'Back' },
    });
    expect(refusedPatch.status).to.equal(409);
    expect(refusedPatch.body.error.code).to.equal('user_erased');
    const refusedRetry = await call.stack.api.request<ErrorBody>('POST', `/api/recording/${failed}/retry`, {
      apiKey: tenant.apiKey,
    });
    expect(refusedRetry.status).to.equal(409);
    expect(refusedRetry.body.error.code).to.equal('user_erased');

    await untilErased(tenant, userId);
    const outcome = await handle.result();
    expect((await handle.describe()).runId, 'one run only').to.equal(runId);

    // The recording in progress was cancelled through its workflow and ended failed.
    const stopped = await waitForRecording(call.stack.api, tenant.apiKey, inProgress);
    expect(stopped).to.deep.include({ status: 'failed', failureReason: 'Processing was cancelled' });
    expect(
      (await call.stack.api.temporal.workflow.getHandle(workflowIds.recording(inProgress)).describe()).status.name,
    ).to.equal('CANCELLED');

    // Stored media gone, the bystander's file stays.
    expect(await filesUnder(call.stack.storageDir)).to.deep.equal([`${tenant.company.id}/${kept}.mp3`]);
    // Transcripts and snippets gone; scores, session rows and counts stay.
    const db = testEnv().db;
    const rows = (await db('recordings')
      .where({ company_id: tenant.company.id })
      .select(
        'id',
        'user_id',
        'transcript',
        'storage_key',
        'user_name',
        'user_unique_identifier',
        'source_url',
      )) as Array<Record<string, string | null>>;
    const mine = rows.filter((r) => r.id !== kept);
    expect(mine).to.have.length(4);
    for (const r of mine) {
      expect(r, r.id ?? '').to.deep.include({
        user_id: userId,
        transcript: null,
        storage_key: null,
        source_url: null,
        user_name: 'Erased user',
        user_unique_identifier: `erased-${userId}`,
      });
    }
    expect(rows.find((r) => r.id === kept)).to.deep.include({ user_name: 'Bea Bystander' });
    expect(
      await db('recording_chunks')
        .whereIn('recording_id', [completed, inProgress, cancelled, failed])
        .count({ n: '*' }),
    ).to.deep.equal([{ n: 0 }]);
    const view = (
      await call.stack.api.request<RecordingView>('GET', `/api/recording/${completed}`, { apiKey: tenant.apiKey })
    ).body;
    expect(view.status).to.equal('completed');
    expect(view.result?.score).to.equal(done.result?.score);
    expect(view.result?.snippets).to.deep.equal([]);
    expect(view.mediaDeletedAt, 'the recording shows when its media went').to.be.a('string');
    // Visibility is eventually consistent: give the listing a few seconds.
    let found: string[] = [];
    for (
      const deadline = Date.now() + 10_000;
      found.length === 0 && Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 200))
    ) {
      found = [];
      for await (const wf of call.stack.api.temporal.workflow.list({
        query: `UserId = '${userId}' AND WorkflowType = 'userErasure'`,
      }))
        found.push(wf.workflowId);
    }
    expect(found, 'the erasure is found by UserId in the Web UI').to.deep.equal([
      workflowIds.userErasure(tenant.company.id, userId),
    ]);
    const sessionAfter = await call.stack.api.request<SessionResult>('GET', `/api/roleplay/session/${sessionId}`, {
      apiKey: tenant.apiKey,
    });
    expect(sessionAfter.status).to.equal(200);
    expect(sessionAfter.body.score).to.equal(sessionBefore.body.score);
    expect(sessionAfter.body.snippets).to.deep.equal([]);
    expect(sessionAfter.body.user).to.deep.include({ id: userId, firstName: 'Erased user', lastName: '' });
    expect(sessionAfter.body.audioUrl ?? null).to.equal(null);
    // The same sessions with the same scores and total; only the name they show is the tombstone's.
    const sessionsAfter = (await listSessions()).body;
    expect(sessionsAfter.pagination).to.deep.equal(sessionsBefore.pagination);
    expect(sessionsAfter.data).to.deep.equal(sessionsBefore.data.map((s) => ({ ...s, userName: 'Erased user' })));
    const keptView = (
      await call.stack.api.request<RecordingView>('GET', `/api/recording/${kept}`, { apiKey: tenant.apiKey })
    ).body;
    expect(keptView.result?.snippets.length).to.be.greaterThan(0);
    expect(keptView.mediaDeletedAt).to.equal(null);
    // Evidence quotes are the person's words: gone from the result and the session, the bystander's kept.
    const quotes = (responses: ScorecardResponse[] | undefined) => (responses ?? []).flatMap((r) => r.evidence);
    expect(quotes(done.result?.metricResponses).length, 'quotes before').to.be.greaterThan(0);
    expect(quotes(view.result?.metricResponses)).to.deep.equal([]);
    expect(view.result?.metricResponses[0].noEvidenceReason).to.equal(QUOTES_DELETED);
    expect(
      quotes((sessionAfter.body as unknown as { metricResponses: ScorecardResponse[] }).metricResponses),
    ).to.deep.equal([]);
    expect(quotes(keptView.result?.metricResponses).length).to.be.greaterThan(0);

    // The tombstone.
    const user = await call.stack.api.request<UserRead>('GET', `/api/user/${userId}`, { apiKey: tenant.apiKey });
    expect(user.body).to.deep.include({
      id: userId,
      firstName: 'Erased user',
      lastName: null,
      email: `erased-${userId}@erased.invalid`,
    });
    expect(JSON.stringify(user.body)).to.not.contain('Erin');
    expect(await db('users').where({ id: userId }).first('external_id', 'status')).to.deep.equal({
      external_id: null,
      status: 'disabled',
    });

    // The event: signed, nothing personal in it.
    const hooks = await call.receiver.waitFor(hookPath, 4);
    const erased = hooks.filter((h) => h.event?.type === 'user.erased');
    expect(erased).to.have.length(1);
    expect(erased[0].verified).to.equal(true);
    expect(erased[0].standardVerified).to.equal(true);
    const data = erased[0].event?.data as UserErasedData;
    expect(data).to.deep.include({ userId, recordingsCancelled: 1, recordingsErased: 4, sessionsErased: 1 });
    expect(outcome).to.deep.equal({ status: 'erased', data });
    expect(erased[0].rawBody.toString('utf8')).to.not.contain(person.userUniqueIdentifier);
    const failedHooks = hooks
      .filter((h) => h.event?.type === 'recording.processing.failed')
      .map((h) => (h.event?.data as { recordingId: string }).recordingId);
    expect(failedHooks.sort()).to.deep.equal([failed, cancelled, inProgress].sort());
    // Events kept for redelivery that carried the person's data are forgotten; the erasure's own stays, and so
    // does the cancellation's, written after the request with the tombstone's name only.
    const keptEvents = (await db('webhook_events')
      .where({ company_id: tenant.company.id })
      .select('type', 'payload')) as Array<{ type: string; payload: unknown }>;
    // Every recording event is kept, subscribed or not (patch keep-every-event): the person's completed one is
    // gone with them, the bystander's stays whole.
    expect(keptEvents.map((e) => e.type).sort()).to.deep.equal([
      'recording.processing.completed',
      'recording.processing.failed',
      'user.erased',
    ]);
    const bystanderEvent = fromJson<{ data: { recordingId: string; user: { name: string } } }>(
      keptEvents.find((e) => e.type === 'recording.processing.completed')!.payload,
    );
    expect(bystanderEvent.data.recordingId).to.equal(kept);
    expect(bystanderEvent.data.user.name).to.equal(bystander.userName);
    const cancelledEvent = fromJson<{ data: { recordingId: string; user: unknown } }>(
      keptEvents.find((e) => e.type === 'recording.processing.failed')!.payload,
    );
    expect(cancelledEvent.data).to.deep.include({
      recordingId: inProgress,
      user: { id: userId, name: 'Erased user', userUniqueIdentifier: `erased-${userId}` },
    });
    const cancelledHook = hooks.find((h) => (h.event?.data as { recordingId?: string }).recordingId === inProgress);
    expect(cancelledHook?.rawBody.toString('utf8'))
      .to.not.contain(person.userName)
      .and.not.contain(person.userUniqueIdentifier);

    // Done: asking again answers the same, starts nothing; the status says erased.
    const status = await erasure(tenant, userId);
    expect(status.body).to.deep.include({ status: 'erased', requestedAt: first.body.requestedAt });
    expect(Date.parse(status.body.completedAt ?? '')).to.equal(Date.parse(data.erasedAt));
    const late = await erase(tenant, userId);
    expect(late.status).to.equal(202);
    expect(late.body).to.deep.equal(status.body);
    expect((await handle.describe()).runId).to.equal(runId);
    expect(
      (
        await call.stack.api.request<ErrorBody>('PATCH', `/api/user/${userId}`, {
          apiKey: tenant.apiKey,
          json: { firstName: 'Back' },
        })
      ).body.error.code,
    ).to.equal('user_erased');

    // The identifier is forgotten: a new recording under it is a new person.
    const fresh = await acceptRecording(call.stack.api, tenant.apiKey, {
      ...person,
      recordingPresignedUrl: serve('fresh', { body: SAMPLE_AUDIO }),
      storeRecording: false,
    });
    const freshDone = await waitForRecording(call.stack.api, tenant.apiKey, fresh);
    expect(freshDone.status).to.equal('completed');
    expect(freshDone.userId).to.not.equal(userId);

    if (process.env.RECORD_HISTORIES === '1') {
      await fs.mkdir(ERASURE_HISTORY_DIR, { recursive: true });
      await fs.writeFile(
        path.join(ERASURE_HISTORY_DIR, 'recordings-in-every-state.json'),
        historyToJson(await handle.fetchHistory()),
      );
    }
  });

  it('a recording submitted while an erasure is being marked waits for that, then is refused (409) and nothing is written', async () => {
    const tenant = await createTenant();
    const externalId = `crm-${randomUUID()}`;
    const user = await makeUser(tenant.company.id, { externalId });
    const before = await testEnv().db('recordings').where({ company_id: tenant.company.id }).count({ n: '*' });
    // The erasure's mark, not yet committed: the intake's read of the person must wait for it, not read around it.
    const marking = await testEnv().db.transaction();
    try {
      await marking('users').where({ id: user.id }).update({ erasure_requested_at: new Date() });
      const [[{ trx_id: markingTrx }]] = (await marking.raw(
        'SELECT trx_id FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = CONNECTION_ID()',
      )) as [Array<{ trx_id: string }>];
      let answered = false;
      const submitted = submitRecording(call.stack.api, tenant.apiKey, {
        userUniqueIdentifier: externalId,
        recordingPresignedUrl: call.files.serve(`/marking/${externalId}.mp3`, { body: SAMPLE_AUDIO }),
        storeRecording: false,
      }).finally(() => {
        answered = true;
      });
      // The positive signal: the intake's insert waits on a lock the uncommitted mark holds.
      await until(
        "the intake's insert to wait for the erasure's mark",
        async () => {
          const [waits] = (await testEnv().db.raw(
            'SELECT COUNT(*) AS n FROM information_schema.INNODB_LOCK_WAITS WHERE blocking_trx_id = ?',
            [markingTrx],
          )) as [Array<{ n: number }>];
          return Number(waits[0].n) > 0 || answered;
        },
        30_000,
      );
      expect(answered, 'answered while the erasure mark was uncommitted').to.equal(false);
      await marking.commit();
      const refused = await submitted;
      expect(refused.status, refused.text).to.equal(409);
      expect((refused.body as unknown as ErrorBody).error.code).to.equal('user_erased');
    } finally {
      if (!marking.isCompleted()) await marking.rollback();
    }
    expect(await testEnv().db('recordings').where({ company_id: tenant.company.id }).count({ n: '*' })).to.deep.equal(
      before,
    );
  });

  it('erases a user of a direct child company; refuses invitations of a user being erased, not after', async () => {
    const parent = await createTenant();
    const child = await createTenant(undefined, parent.company.id);
    const team = await makeTeam(child.company.id);
    const email = `erase-${randomUUID()}@example.test`;
    const user = await makeUser(child.company.id, {
      email,
      teamId: team.id,
      externalId: `ext-${randomUUID()}`,
    });
    await createSessionFixture({
      companyId: child.company.id,
      roleplayId: (await createRoleplayFixture(child.company.id)).id,
      userId: user.id,
    });
    const scoped = `?childCompanyId=${child.company.id}`;

    expect((await erase(parent, user.id)).status, 'not the caller’s own user').to.equal(404);
    expect((await erase(parent, randomUUID(), scoped)).status, 'unknown user').to.equal(404);
    expect((await erasure(parent, randomUUID())).status).to.equal(404);
    const other = await createTenant();
    expect((await erase(other, user.id)).status).to.equal(404);
    expect((await erase(other, user.id, scoped)).status).to.equal(403);

    // Requested through an API whose task queue no worker polls, the erasure stays `erasing`.
    const idle = await startApi({ TEMPORAL_TASK_QUEUE: `erasure-idle-${randomUUID()}` });
    try {
      const started = await idle.request<UserErasure>('POST', `/api/user/${user.id}/erase${scoped}`, {
        apiKey: parent.apiKey,
      });
      expect(started.status).to.equal(202);
      expect(started.headers.get('location')).to.equal(`/api/user/${user.id}/erase${scoped}`);
      expect(started.body.status).to.equal('erasing');
    } finally {
      await idle.close();
    }
    const invite = () =>
      call.stack.api.request<ErrorBody>('POST', '/api/user/invite', {
        apiKey: child.apiKey,
        json: { email, teamId: team.id, role: 'User' },
      });
    const refused = await invite();
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.body.error.code).to.equal('user_erased');
    const refusedRecording = await submitRecording(call.stack.api, child.apiKey, {
      userUniqueIdentifier: user.externalId ?? '',
      recordingPresignedUrl: 'https://files.example.com/x.mp3',
      storeRecording: false,
    });
    expect(refusedRecording.status).to.equal(409);
    expect(await erasure(parent, user.id, scoped)).to.deep.include({ status: 200 });

    // An operator terminated that run: asking again starts a new one, which the stack's worker runs.
    const handle = call.stack.api.temporal.workflow.getHandle(workflowIds.userErasure(child.company.id, user.id));
    await handle.terminate('test: never polled');
    const restarted = await erase(parent, user.id, scoped);
    expect(restarted.status).to.equal(202);
    expect((await handle.describe()).status.name).to.be.oneOf(['RUNNING', 'COMPLETED']);
    await until(
      'the erasure to finish',
      async () => (await erasure(parent, user.id, scoped)).body.status === 'erased',
      60_000,
    );
    const patched = await call.stack.api.request<ErrorBody>('PATCH', `/api/user/${user.id}`, {
      apiKey: parent.apiKey,
      json: { lastName: 'Again', childCompanyId: child.company.id },
    });
    expect(patched.status).to.equal(409);
    expect(patched.body.error.code).to.equal('user_erased');
    const record = await call.stack.api.request<{ users: UserRecord[] }>(
      'GET',
      `/api/user?child_company_id=${child.company.id}`,
      { apiKey: parent.apiKey },
    );
    expect(record.body.users.find((u) => u.id === user.id)).to.deep.include({
      status: 'disabled',
      email: `erased-${user.id}@erased.invalid`,
      externalId: null,
      firstName: 'Erased user',
    });
    expect(
      await testEnv()
        .db('session_snippets')
        .whereIn('session_id', testEnv().db('roleplay_sessions').select('id').where({ user_id: user.id }))
        .count({ n: '*' }),
    ).to.deep.equal([{ n: 0 }]);
    // The address is no longer anyone's: inviting it again invites a new person.
    const invitedAgain = await invite();
    expect(invitedAgain.status, invitedAgain.text).to.be.oneOf([200, 201]);
  });
});

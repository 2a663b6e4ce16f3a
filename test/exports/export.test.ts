import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { CompanyExport } from '../../api/schemas/exports';
import type { RecordingView } from '../../api/schemas/recordings';
import type { TranscriptView } from '../../api/schemas/transcripts';
import type { UserRead } from '../../api/schemas/users';
import type { ExportCompletedData } from '../../common/webhookEvents';
import { createApiKey } from '../../db/queries/credentials';
import { SCOPES } from '../../common/scopes';
import { createRoleplayFixture, createScriptFixture, createSessionFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { download, readArchive, waitForExport } from '../support/exportFixtures';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { acceptRecording, registerWebhook, SAMPLE_AUDIO, waitForRecording } from '../support/recordingFixtures';
import { insertInvitation, makeTeam, makeUser } from '../support/userFixtures';
import { useCallStack } from '../support/webhookStack';

// A company export through the real stack: the API, a worker, Temporal and MariaDB; a real recording made
// through the speech-to-text stand-in gives a transcript, an analysis, an event and stored audio. The
// archive is read with a zip reader of its own and checked file by file against its manifest.

describe('exports: a company export', function () {
  this.timeout(240_000);
  const call = useCallStack();

  const startExport = (tenant: TenantFixture, json: unknown = {}, headers: Record<string, string> = {}) =>
    call.stack.api.request<CompanyExport>('POST', '/api/exports', { apiKey: tenant.apiKey, json, headers });

  it('writes everything the company has into one archive whose manifest matches its files', async () => {
    const tenant = await createTenant();
    const hook = `/export-${randomUUID()}`;
    const endpoint = await registerWebhook(call.stack.api, tenant.apiKey, call.receiver, hook, [
      'export.completed',
      'recording.processing.completed',
    ]);
    const team = await makeTeam(tenant.company.id);
    const user = await makeUser(tenant.company.id, { teamId: team.id });
    await insertInvitation(tenant.company.id, team.id);
    await insertInvitation(tenant.company.id, team.id, { status: 'revoked' });
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const sessionId = await createSessionFixture({
      companyId: tenant.company.id,
      roleplayId: roleplay.id,
      userId: user.id,
    });
    await createScriptFixture(tenant.company.id);
    const audio = call.files.serve(`/export/${randomUUID()}.mp3`, { body: SAMPLE_AUDIO });
    const recordingId = await acceptRecording(call.stack.api, tenant.apiKey, {
      recordingPresignedUrl: audio,
      storeRecording: true,
    });
    expect((await waitForRecording(call.stack.api, tenant.apiKey, recordingId)).status).to.equal('completed');
    await call.receiver.waitFor(hook, 1);

    const started = await startExport(tenant, { includeMedia: true });
    expect(started.status, started.text).to.equal(202);
    expect(started.headers.get('location')).to.equal(`/api/exports/${started.body.id}`);
    expect(started.body).to.deep.include({ status: 'running', companyId: tenant.company.id, includeMedia: true });

    const done = await waitForExport(call.stack.api, tenant.apiKey, started.body.id);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    for (const [kind, p] of Object.entries(done.progress)) expect(p.written, kind).to.equal(p.total);
    expect(done.progress).to.deep.include({
      users: { written: 2, total: 2 },
      sessions: { written: 1, total: 1 },
      recordings: { written: 1, total: 1 },
      transcripts: { written: 1, total: 1 },
      invitations: { written: 2, total: 2 },
      media: { written: 1, total: 1 },
    });

    const got = await download(call.stack.api, done.downloadUrl as string);
    expect(got.status).to.equal(200);
    expect(got.type).to.equal('application/zip');
    expect(got.body.length).to.equal(done.sizeBytes);
    const archive = await readArchive(got.body, '2026-11-23');
    expect(archive.manifest).to.deep.include({ exportId: done.id, companyId: tenant.company.id, includeMedia: true });

    // Each item is what the API's own GET answers.
    for (const item of archive.items.get('users') as UserRead[]) {
      const res = await call.stack.api.request<UserRead>('GET', `/api/user/${item.id}`, { apiKey: tenant.apiKey });
      expect(item).to.deep.equal(res.body);
    }
    const [recording] = archive.items.get('recordings') as RecordingView[];
    expect(recording).to.deep.equal(
      (await call.stack.api.request<RecordingView>('GET', `/api/recording/${recordingId}`, { apiKey: tenant.apiKey }))
        .body,
    );
    expect(recording.result).to.not.equal(null);
    const [transcript] = archive.items.get('transcripts') as TranscriptView[];
    expect(transcript).to.deep.equal(
      (
        await call.stack.api.request<TranscriptView>('GET', `/api/recording/${recordingId}/transcript`, {
          apiKey: tenant.apiKey,
        })
      ).body,
    );
    expect((archive.items.get('sessions') as Array<{ id: string }>).map((s) => s.id)).to.deep.equal([sessionId]);
    const hooks = archive.items.get('webhookEndpoints') as Array<Record<string, unknown>>;
    expect(hooks.map((h) => h.id)).to.deep.equal([endpoint.id]);
    expect(hooks[0]).to.not.have.property('secret');
    expect((archive.items.get('events') as Array<{ type: string }>).map((e) => e.type)).to.include(
      'recording.processing.completed',
    );
    // The stored audio, byte for byte.
    const stored = await testEnv()
      .db('recordings')
      .where({ id: recordingId })
      .first<{ storage_key: string }>('storage_key');
    const media = archive.files.get(`media/${recordingId}${path.extname(stored.storage_key)}`);
    expect(media?.equals(await fs.readFile(path.join(call.stack.storageDir, stored.storage_key)))).to.equal(true);

    // The end is announced to the company's endpoint.
    const [, event] = await call.receiver.waitFor(hook, 2);
    expect(event.verified).to.equal(true);
    expect(event.event?.type).to.equal('export.completed');
    const data = event.event?.data as ExportCompletedData;
    expect(data).to.deep.include({ exportId: done.id, companyId: tenant.company.id, sizeBytes: done.sizeBytes });

    // Asked again afterwards: a new export runs (the first one no longer holds the company).
    const again = await startExport(tenant);
    expect(again.status, again.text).to.equal(202);
    expect(again.body.id).to.not.equal(done.id);
    expect((await waitForExport(call.stack.api, tenant.apiKey, again.body.id)).status).to.equal('completed');
  });

  it("exports a child company for its parent, in the key's pinned version, and tells the parent's endpoints", async () => {
    const parent = await createTenant();
    const child = await createTenant(undefined, parent.company.id);
    const hook = `/parent-${randomUUID()}`;
    await registerWebhook(call.stack.api, parent.apiKey, call.receiver, hook, ['export.completed']);
    const childHook = `/child-${randomUUID()}`;
    await registerWebhook(call.stack.api, child.apiKey, call.receiver, childHook, ['export.completed']);
    await makeUser(child.company.id);
    await makeUser(parent.company.id);
    await createRoleplayFixture(child.company.id, {
      conversationType: { title: 'Discovery', roleplayType: 'Train', legacyRoleplayType: 'discovery' },
    });

    const started = await startExport(
      parent,
      { childCompanyId: child.company.id },
      { 'Sales-Practice-Version': '2026-11-21' },
    );
    expect(started.status, started.text).to.equal(202);
    expect(started.body).to.deep.include({ companyId: child.company.id, apiVersion: '2026-11-21' });
    const done = await waitForExport(call.stack.api, parent.apiKey, started.body.id);
    expect(done.status).to.equal('completed');
    const archive = await readArchive((await download(call.stack.api, done.downloadUrl as string)).body, '2026-11-21');
    expect(archive.items.get('users')).to.have.length(1);
    const [roleplay] = archive.items.get('roleplays') as Array<{ conversationType: { roleplayType: string } }>;
    expect(roleplay.conversationType.roleplayType).to.equal('discovery');

    const [event] = await call.receiver.waitFor(hook, 1);
    expect((event.event?.data as ExportCompletedData).companyId).to.equal(child.company.id);
    // The child's own key does not see its parent's export.
    const asChild = await call.stack.api.request<ErrorBody>('GET', `/api/exports/${done.id}`, { apiKey: child.apiKey });
    expect(asChild.status).to.equal(404);
    expect(call.receiver.on(childHook)).to.have.length(0);
  });

  it('refuses a company that is not a child, a key without the scope, and an unknown id', async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const notChild = await startExport(tenant, { childCompanyId: other.company.id });
    expect(notChild.status).to.equal(403);
    expect((notChild.body as unknown as ErrorBody).error.code).to.equal('child_company_forbidden');

    const { key: readOnly } = await createApiKey(
      testEnv().db,
      tenant.company.id,
      'read only',
      SCOPES.filter((s) => s !== 'exports:write'),
    );
    const noScope = await call.stack.api.request<ErrorBody>('POST', '/api/exports', { apiKey: readOnly, json: {} });
    expect(noScope.status).to.equal(403);
    expect(noScope.body.error.code).to.equal('insufficient_scope');
    const { key: noRead } = await createApiKey(testEnv().db, tenant.company.id, 'no read', ['users:read']);
    const unread = await call.stack.api.request<ErrorBody>('GET', `/api/exports/${randomUUID()}`, { apiKey: noRead });
    expect(unread.status).to.equal(403);

    const unknown = await call.stack.api.request<ErrorBody>('GET', `/api/exports/${randomUUID()}`, {
      apiKey: tenant.apiKey,
    });
    expect(unknown.status).to.equal(404);
    const bad = await call.stack.api.request<ErrorBody>('POST', '/api/exports', {
      apiKey: tenant.apiKey,
      json: { includeMedia: 'yes' },
    });
    expect(bad.status).to.equal(400);
    // Nothing was written for any of them.
    expect(
      await testEnv().db('company_exports').whereIn('company_id', [tenant.company.id, other.company.id]),
    ).to.deep.equal([]);
  });
});

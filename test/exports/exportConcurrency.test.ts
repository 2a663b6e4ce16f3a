import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { CompanyExport } from '../../api/schemas/exports';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';

// One export of a company runs at a time, whichever API process is asked (the row's unique running marker,
// not the workflow id, holds it), and an Idempotency-Key retry gets the same export. No worker polls the
// queue here, so a started export stays running.

describe('exports: one at a time, and idempotent', function () {
  this.timeout(60_000);
  const queue = `exports-unpolled-${randomUUID().slice(0, 8)}`;
  let one: TestApi;
  let two: TestApi;

  before(async () => {
    one = await startApi({ TEMPORAL_TASK_QUEUE: queue });
    two = await startApi({ TEMPORAL_TASK_QUEUE: queue });
  });
  after(async () => {
    await one.close();
    await two.close();
  });

  const rows = (companyId: string) => testEnv().db('company_exports').where({ company_id: companyId });

  it('answers 409 naming the running export, also to two requests at once on two API processes', async () => {
    const parent = await createTenant();
    const child = await createTenant(undefined, parent.company.id);
    const [a, b] = await Promise.all([
      one.request<CompanyExport>('POST', '/api/exports', { apiKey: parent.apiKey, json: {} }),
      two.request<CompanyExport>('POST', '/api/exports', { apiKey: parent.apiKey, json: {} }),
    ]);
    expect([a.status, b.status].sort()).to.deep.equal([202, 409]);
    const [won, lost] = a.status === 202 ? [a, b] : [b, a];
    const conflict = lost.body as unknown as ErrorBody;
    expect(conflict.error.code).to.equal('export_running');
    expect(conflict.error.message).to.contain(won.body.id);
    expect(await rows(parent.company.id)).to.have.length(1);

    const later = await one.request<ErrorBody>('POST', '/api/exports', { apiKey: parent.apiKey, json: {} });
    expect(later.status).to.equal(409);
    expect(later.body.error.message).to.contain(won.body.id);
    // Another company (the child) is not held by it.
    const ofChild = await two.request<CompanyExport>('POST', '/api/exports', {
      apiKey: parent.apiKey,
      json: { childCompanyId: child.company.id },
    });
    expect(ofChild.status, ofChild.text).to.equal(202);
    expect(ofChild.body.status).to.equal('running');
  });

  it('gives an Idempotency-Key retry the same export and starts nothing twice', async () => {
    const tenant = await createTenant();
    const key = randomUUID();
    const first = await one.request<CompanyExport>('POST', '/api/exports', {
      apiKey: tenant.apiKey,
      json: { includeMedia: true },
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status, first.text).to.equal(202);
    const retry = await two.request<CompanyExport>('POST', '/api/exports', {
      apiKey: tenant.apiKey,
      json: { includeMedia: true },
      headers: { 'Idempotency-Key': key },
    });
    expect(retry.status).to.equal(202);
    expect(retry.headers.get('idempotent-replayed')).to.equal('true');
    expect(retry.body.id).to.equal(first.body.id);
    expect(retry.headers.get('location')).to.equal(`/api/exports/${first.body.id}`);
    expect(await rows(tenant.company.id)).to.have.length(1);

    const reused = await one.request<ErrorBody>('POST', '/api/exports', {
      apiKey: tenant.apiKey,
      json: { includeMedia: false },
      headers: { 'Idempotency-Key': key },
    });
    expect(reused.status).to.equal(409);
    expect(reused.body.error.code).to.equal('idempotency_key_reused');
    // One run under the export's workflow id, started by the first request.
    const run = await one.temporal.workflow.getHandle(`company-export-${first.body.id}`).describe();
    expect(run.status.name).to.equal('RUNNING');
    expect(run.raw.workflowExecutionInfo?.firstRunId).to.equal(run.runId);
  });
});

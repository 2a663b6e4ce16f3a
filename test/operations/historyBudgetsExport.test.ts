import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { CompanyExport } from '../../api/schemas/exports';
import { EXPORT_PAGE_SIZE } from '../../activities/companyExport/pages';
import { workflowIds } from '../../common/temporal';
import { startApi, type TestApi } from '../support/api';
import { insertManyEvents, insertManyUsers, waitForExport } from '../support/exportFixtures';
import { createTenant } from '../support/fixtures';
import { expectChainWithinBudget } from '../support/runChain';
import { startWorker, type RunningWorker } from '../support/worker';

// docs/operations.md, "History budgets" (issue 50 §3): an export of many pages. Each kind is one heartbeating
// activity that writes its pages inside it, so pages add no events: an export of thousands of rows has the
// history of an export of a few, and none is near the budget however many pages a kind has.

const BUDGET = 2_000;
const ROWS = 3_000; // users and kept events each: 15 pages of each kind
/** Events a page may add (none expected; a workflow task more or less in a run is not a page's). */
const MAX_EVENTS_A_PAGE = 0.1;

describe('history budgets: an export of many pages (issue 50 §3)', function () {
  this.timeout(300_000);
  let storageDir: string;
  let api: TestApi;
  let worker: RunningWorker;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-export-budget-'));
    const config = { TEMPORAL_TASK_QUEUE: `export-budget-${randomUUID().slice(0, 8)}`, STORAGE_DIR: storageDir };
    api = await startApi(config);
    worker = await startWorker(config);
  });
  after(async () => {
    await worker?.stop();
    await api?.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  /** Exports the company to its end and answers its run's events. */
  async function exported(apiKey: string): Promise<number> {
    const started = await api.request<CompanyExport>('POST', '/api/exports', { apiKey, json: {} });
    expect(started.status, started.text).to.equal(202);
    const done = await waitForExport(api, apiKey, started.body.id, undefined, 240_000);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    // The row is final before the run tells the webhooks: its history is measured once the run has closed.
    await api.temporal.workflow.getHandle(workflowIds.companyExport(started.body.id)).result();
    const [run] = await expectChainWithinBudget(api.temporal, workflowIds.companyExport(started.body.id), BUDGET);
    return run.events;
  }

  it(`${ROWS} users and ${ROWS} events (${(2 * ROWS) / EXPORT_PAGE_SIZE} pages more): the history of a company with a few`, async () => {
    const few = await createTenant('Export budget, a few rows');
    const fewEvents = await exported(few.apiKey);

    const many = await createTenant('Export budget, many rows');
    await insertManyUsers(many.company.id, ROWS);
    await insertManyEvents(many.company.id, ROWS);
    const manyEvents = await exported(many.apiKey);

    const morePages = (2 * ROWS) / EXPORT_PAGE_SIZE;
    const perPage = (manyEvents - fewEvents) / morePages;
    expect(perPage, `${fewEvents} events with a few rows, ${manyEvents} with ${morePages} pages more`).to.be.at.most(
      MAX_EVENTS_A_PAGE,
    );
  });
});

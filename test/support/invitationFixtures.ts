import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { expect } from 'chai';
import type { ActivityMetrics } from '../../activities/deps';
import type { Config } from '../../common/config';
import { invitationWorkflowId, type InvitationStatus } from '../../db/queries/invitations';
import { startApi, type TestApi } from './api';
import { testEnv } from './env';
import { historyToJson } from './histories';
import { ofPreviousRelease } from './replayHistories';
import { startSmtpServer, type LoopbackSmtp, type ReceivedMail } from './smtpServer';
import { startWorker, type RunningWorker } from './worker';

/**
 * API + worker + loopback SMTP for invitation tests, on a task queue of their own so that no other
 * worker of the run (with another SMTP server or lifetime) picks up these workflows. The worker's
 * PUBLIC_URL is the API's address, so links in the emails really lead to the API under test.
 */
export interface InvitationWorld {
  api: TestApi;
  smtp: LoopbackSmtp;
  worker: RunningWorker | undefined;
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/** `metrics`: what the worker's activities count into. */
export async function startInvitationWorld(
  overrides: Partial<Config> = {},
  options: { metrics?: ActivityMetrics } = {},
): Promise<InvitationWorld> {
  const shared: Partial<Config> = {
    TEMPORAL_TASK_QUEUE: `invitations-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
  const smtp = await startSmtpServer();
  const api = await startApi(shared);
  const world: InvitationWorld = {
    api,
    smtp,
    worker: undefined,
    async startWorker() {
      world.worker = await startWorker(
        { ...shared, SMTP_URL: smtp.url, PUBLIC_URL: api.url },
        { metrics: options.metrics },
      );
    },
    async stopWorker() {
      const running = world.worker;
      world.worker = undefined;
      await running?.stop();
    },
    async close() {
      await world.stopWorker();
      await api.close();
      await smtp.close();
    },
  };
  await world.startWorker();
  return world;
}

let counter = 0;

export function uniqueEmail(label = 'invitee'): string {
  counter += 1;
  return `${label}${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The invitation link in an email's text body (the HTML body must carry the same one). */
export function linkFromMail(mail: ReceivedMail): string {
  const match = /(https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_%-]+)/.exec(mail.text);
  expect(match, `no invitation link in:\n${mail.text}`).to.not.equal(null);
  const link = match![1];
  expect(mail.html).to.include(`href="${link}"`);
  return link;
}

export function tokenFromLink(link: string): string {
  return decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
}

export interface StoredInvitation {
  id: string;
  status: InvitationStatus;
  resendCount: number;
  teamId: string;
  role: string;
  email: string;
  acceptedUserId: string | null;
}

export async function storedInvitations(companyId: string): Promise<StoredInvitation[]> {
  return testEnv()
    .db('invitations')
    .select({
      id: 'id',
      status: 'status',
      resendCount: 'resend_count',
      teamId: 'team_id',
      role: 'role',
      email: 'email',
      acceptedUserId: 'accepted_user_id',
    })
    .where({ company_id: companyId })
    .orderBy('created_at');
}

/** Rows a rejected request must not have touched. */
export async function companyRowCounts(companyId: string): Promise<{ invitations: number; users: number }> {
  const db = testEnv().db;
  const [inv] = await db('invitations').where({ company_id: companyId }).count({ n: '*' });
  const [users] = await db('users').where({ company_id: companyId }).count({ n: '*' });
  return { invitations: Number(inv['n']), users: Number(users['n']) };
}

/** The workflow of the address's newest invitation (each invitation has its own, named by its row id). */
export async function invitationHandle(api: TestApi, companyId: string, email: string): Promise<WorkflowHandle> {
  const row = (await testEnv()
    .db('invitations')
    .select({ id: 'id', workflowId: 'workflow_id' })
    .where({ company_id: companyId, email })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first()) as { id: string; workflowId: string | null } | undefined;
  if (!row) throw new Error(`no invitation of ${email} in company ${companyId}`);
  return api.temporal.workflow.getHandle(invitationWorkflowId(row));
}

/** Polls until the stored invitation reaches a status (the workflow writes it asynchronously). */
export async function waitForStatus(
  companyId: string,
  id: string,
  status: InvitationStatus,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = (await storedInvitations(companyId)).find((r) => r.id === id);
    if (row?.status === status) return;
    if (Date.now() > deadline) throw new Error(`invitation ${id} is ${row?.status ?? 'missing'}, expected ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const HISTORIES_DIR = path.join(__dirname, '..', 'histories', 'invitation');

/** Every committed invitation history; replay.test.ts fails when one of them is missing. */
export const INVITATION_HISTORIES = [
  'accepted',
  'continued-while-sending',
  'email-rejected-resent-revoked',
  'expired',
  'expired-across-restart',
  'resent-after-restart-accepted',
  'revoked',
] as const;

/** Runs of the previous release (RELEASES.md), recorded by its own tests. */
export const PREVIOUS_RELEASE_INVITATION_HISTORIES = ofPreviousRelease([
  'accepted',
  'email-rejected-resent-revoked',
  'expired',
  'revoked',
]);

/**
 * With RECORD_HISTORIES=1, saves the history of a completed run as a replay fixture
 * (test/histories/invitation/<name>.json). replay.test.ts replays every saved file.
 */
export async function recordHistory(
  name: (typeof INVITATION_HISTORIES)[number],
  handle: WorkflowHandle,
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const history = await handle.fetchHistory();
  await mkdir(HISTORIES_DIR, { recursive: true });
  await writeFile(path.join(HISTORIES_DIR, `${name}.json`), historyToJson(history));
}

/** The error of a rejected response (the body was already checked against ErrorBody). */
export function errorOf(res: { body: unknown }): { code: string; message: string } {
  return (res.body as { error: { code: string; message: string } }).error;
}

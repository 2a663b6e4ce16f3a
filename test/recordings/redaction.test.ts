import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { RecordingList, RecordingView } from '../../api/schemas/recordings';
import { workflowIds } from '../../common/temporal';
import { parseDatabaseUrl } from '../../db/connection';
import { updateCompanySettings } from '../../db/queries/companies';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { historyToJson } from '../support/histories';
import { startLlmServer, type LlmServer } from '../support/llmServer';
import {
  filesUnder,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A submitted call with a card number, an email address, a phone number and a social security number,
// through the real stack (API, worker, MariaDB, Temporal, the LLM stand-in, a webhook receiver): with
// `redactPii` none of the values is anywhere the service keeps, sends or shows, and the placeholders
// stand where they were; without it, all is as it always was (which also proves the search finds them).

const CALL =
  'WEBVTT\n\n' +
  '00:00:00.000 --> 00:00:05.000\n<v Dana Reyes>Hi Jordan, this is Dana from Acme. Shall we set up the account today?\n\n' +
  '00:00:05.500 --> 00:00:12.000\n<v Jordan Lee>Sure. The card is 4111 1111 1111 1111 and my email is jordan.lee@example.com.\n\n' +
  '00:00:12.500 --> 00:00:18.000\n<v Dana Reyes>Thanks. What number should we call, and do you need anything else from me?\n\n' +
  '00:00:18.500 --> 00:00:25.000\n<v Jordan Lee>Call (415) 555-0132. For the credit check my social is 123-45-6789.\n';

/** Each value as it was said, and the spellings a store might turn it into. */
const VALUES = [
  '4111 1111 1111 1111',
  '4111111111111111',
  'jordan.lee@example.com',
  '555-0132',
  '4155550132',
  '123-45-6789',
  '123456789',
];
const PLACEHOLDERS = ['[CREDIT_CARD_NUMBER]', '[EMAIL_ADDRESS]', '[PHONE_NUMBER]', '[US_SOCIAL_SECURITY_NUMBER]'];

/** Every text column of the test database (information_schema), as `table.column` with the rows holding `value`. */
async function databaseHolding(value: string): Promise<string[]> {
  const { db } = testEnv();
  const schema = parseDatabaseUrl(testEnv().config.DATABASE_URL).database;
  const columns = (await db('information_schema.columns')
    .select({ table: 'table_name', column: 'column_name' })
    .where({ table_schema: schema })
    .whereIn('data_type', [
      'char',
      'varchar',
      'tinytext',
      'text',
      'mediumtext',
      'longtext',
      'json',
      'longblob',
      'blob',
      'varbinary',
    ])) as Array<{
    table: string;
    column: string;
  }>;
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [rows] = (await db.raw('SELECT COUNT(*) AS n FROM ?? WHERE CAST(?? AS CHAR) LIKE ?', [
      table,
      column,
      `%${value}%`,
    ])) as [Array<{ n: number | string }>];
    if (Number(rows[0].n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** The payloads of the workflow's history, decrypted and decoded, as one text. */
async function historyText(stack: RecordingStack, recordingId: string): Promise<string> {
  const handle = stack.api.temporal.workflow.getHandle(workflowIds.recording(recordingId));
  await handle.result();
  const json = historyToJson(await handle.fetchHistory());
  const decoded = [...json.matchAll(/"data":\s*"([A-Za-z0-9+/=]+)"/g)].map((m) =>
    Buffer.from(m[1], 'base64').toString('utf8'),
  );
  return [json, ...decoded].join('\n');
}

describe('recordings: personal data redacted on request (submitted transcript)', function () {
  this.timeout(120_000);
  let llm: LlmServer;
  let receiver: WebhookReceiver;
  let stack: RecordingStack;
  let tenant: TenantFixture;
  let n = 0;

  before(async () => {
    llm = await startLlmServer();
    receiver = await startWebhookReceiver();
    stack = await startRecordingStack({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'llm-key', LLM_MODEL: 'judge-1' });
  });
  after(async () => {
    await stack?.stop();
    await receiver?.close();
    await llm?.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  /** Submits CALL (scored by the LLM stand-in) and gathers everything the service shows, sends and keeps of it. */
  async function processed(redactPii: boolean | undefined) {
    const hookPath = `/hooks/${++n}`;
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const roleplay = await createRoleplayFixture(tenant.company.id, {
      scorecard: {
        criteria: [
          { title: 'Opened well', description: 'Stated the reason for the call', weight: 1, sectionTitle: 'Opening' },
        ],
        metrics: [
          { title: 'Talk ratio', description: 'Listened more than talked', weight: 1, sectionTitle: 'Delivery' },
        ],
      },
    });
    const asked = llm.requests.length;
    const res = await stack.api.request<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      headers: { 'idempotency-key': `redaction-${n}-${Date.now()}` },
      json: {
        userUniqueIdentifier: 'crm-7',
        userName: 'Dana Reyes',
        storeRecording: false,
        transcript: CALL,
        roleplayId: roleplay.id,
        ...(redactPii === undefined ? {} : { redactPii }),
      },
    });
    expect(res.status, res.text).to.equal(200);
    const id = res.body.recordingId;
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.verified, hook.signatureProblem ?? '').to.equal(true);
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    const get = async (url: string, accept?: string) => {
      const r = await stack.api.request<unknown>('GET', url, {
        apiKey: tenant.apiKey,
        headers: accept ? { accept } : {},
      });
      expect(r.status, r.text).to.equal(200);
      return r;
    };
    const list = (await get('/api/recording')).body as RecordingList;
    const events = (await get('/api/events')).text;
    const transcriptJson = (await get(`/api/recording/${id}/transcript`)).text;
    const transcriptVtt = (await get(`/api/recording/${id}/transcript`, 'text/vtt')).text;
    const session = (await get(`/api/roleplay/session/${view.sessionId}`)).text;
    const stored = await Promise.all(
      (await filesUnder(stack.storageDir)).map((f) => readFile(path.join(stack.storageDir, f), 'latin1')),
    );
    return {
      id,
      view,
      listed: list.data.find((r) => r.id === id),
      shown: { view: JSON.stringify(view), list: JSON.stringify(list), events, transcriptJson, transcriptVtt, session },
      sent: { webhook: hook.rawBody.toString('utf8'), llm: JSON.stringify(llm.requests.slice(asked)) },
      stored: stored.join('\n'),
      history: await historyText(stack, id),
      webhookData: hook.event!.data as { redactPii?: boolean },
    };
  }

  it('keeps the card number, email, phone number and SSN out of everything it keeps, sends and shows', async () => {
    const got = await processed(true);
    expect([got.view.redactPii, got.listed?.redactPii, got.webhookData.redactPii]).to.deep.equal([true, true, true]);
    expect(llm.requests.length, 'the LLM stand-in was asked').to.be.greaterThan(0);
    const everywhere = { ...got.shown, ...got.sent, stored: got.stored, history: got.history };
    for (const value of VALUES)
      for (const [where, text] of Object.entries(everywhere))
        expect(text, `${value} in ${where}`).not.to.include(value);
    for (const value of VALUES) expect(await databaseHolding(value), `${value} in the database`).to.deep.equal([]);
    for (const placeholder of PLACEHOLDERS) {
      expect(got.shown.transcriptJson, placeholder).to.include(placeholder);
      expect(got.shown.transcriptVtt, placeholder).to.include(placeholder);
    }
    expect(got.shown.transcriptVtt).to.include(
      'Sure. The card is [CREDIT_CARD_NUMBER] and my email is [EMAIL_ADDRESS].',
    );
    expect(got.shown.transcriptVtt).to.include(
      'Call [PHONE_NUMBER]. For the credit check my social is [US_SOCIAL_SECURITY_NUMBER].',
    );
    // The measures are those of the call as said: redaction changes words, not who spoke when.
    const measures = (view: RecordingView) => {
      const { customerName, nameCount, numQuestions, customerQuestions, longestMonologue, talkRatio } = view.result!;
      return { customerName, nameCount, numQuestions, customerQuestions, longestMonologue, talkRatio };
    };
    expect(measures(got.view)).to.deep.equal(measures((await processed(false)).view));
  });

  it('keeps every word without redactPii, as before (and the search finds them there)', async () => {
    const got = await processed(undefined);
    expect([got.view.redactPii, got.listed?.redactPii, got.webhookData.redactPii]).to.deep.equal([false, false, false]);
    expect(got.shown.transcriptVtt).to.include(
      'The card is 4111 1111 1111 1111 and my email is jordan.lee@example.com.',
    );
    expect(got.sent.llm).to.include('123-45-6789');
    expect(await databaseHolding('123-45-6789')).to.include('recordings.transcript');
    for (const placeholder of PLACEHOLDERS) expect(got.shown.transcriptJson).not.to.include(placeholder);
  });

  it("takes the company's default when the submission says nothing, and the submission's own value over it", async () => {
    await updateCompanySettings(testEnv().db, tenant.company.id, { redact_pii: true });
    const byDefault = await processed(undefined);
    expect(byDefault.view.redactPii).to.equal(true);
    expect(byDefault.shown.transcriptVtt).to.include('[CREDIT_CARD_NUMBER]');
    const declined = await processed(false);
    expect(declined.view.redactPii).to.equal(false);
    expect(declined.shown.transcriptVtt).to.include('4111 1111 1111 1111');
  });
});

import { expect } from 'chai';
import { SessionResult } from '../../api/schemas/sessions';
import { UNSUPPORTED_VERDICT, type ScorecardResponse } from '../../common/recordingAnalysis';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { fromJson } from '../../db/connection';
import { getAnalysisUsage } from '../../db/queries/analysisUsage';
import { up as unsupportedVerdictsNotPassed } from '../../db/migrations/20261126040000_unsupported_verdicts_not_passed';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startLlmServer, type LlmServer } from '../support/llmServer';
import {
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { assertSchema } from '../support/schemaAssert';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A scorecard verdict the LLM rests on words nobody said, from the submitted call to what an
// integrator sees: the recording's result, the session's responses and the webhook event. The model
// is asked once more about that item; a second invented quote is reported as not passed, and the
// invented words appear nowhere.

const CALL =
  'WEBVTT\n\n' +
  '00:00:00.000 --> 00:00:05.500\n<v Dana Reyes>Hi Jordan, this is Dana from Acme Logistics. Do you have a minute?\n\n' +
  '00:00:06.200 --> 00:00:08.000\n<v Jordan Lee>Sure, what is this about?\n\n' +
  '00:00:08.900 --> 00:00:16.000\n<v Dana Reyes>We help fleets cut routing costs. Could we book a demo next Tuesday?\n\n' +
  '00:00:16.800 --> 00:00:18.000\n<v Jordan Lee>Yes, Tuesday works.\n';
const OPENING = {
  quote: 'Hi Jordan, this is Dana from Acme Logistics. Do you have a minute?',
  startMs: 0,
  speaker: 'rep',
};
const INVENTED = 'We guarantee you a forty percent saving.';

describe('recordings: a verdict the model cannot back with words of the call', function () {
  this.timeout(90_000);
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
    await stack.stop();
    await receiver.close();
    await llm.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  /** Submits CALL against a roleplay with two criteria; the recording, its session and its event once completed. */
  async function judged() {
    const hookPath = `/hooks/${++n}`;
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const roleplay = await createRoleplayFixture(tenant.company.id, {
      scorecard: {
        criteria: [
          { title: 'Opened well', description: 'Stated the reason for the call', weight: 1, sectionTitle: 'Opening' },
          { title: 'Handled price', description: 'Answered the price objection', weight: 1, sectionTitle: 'Closing' },
        ],
        metrics: [
          { title: 'Talk ratio', description: 'Listened more than talked', weight: 1, sectionTitle: 'Delivery' },
        ],
      },
    });
    const res = await stack.api.request<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: {
        userUniqueIdentifier: 'crm-7',
        userName: 'Dana Reyes',
        storeRecording: false,
        transcript: CALL,
        roleplayId: roleplay.id,
      },
    });
    expect(res.status, res.text).to.equal(200);
    const id = res.body.recordingId;
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.verified, hook.signatureProblem ?? '').to.equal(true);
    const event = hook.event!.data as RecordingCompletedData;
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status).to.equal('completed');
    const session = await stack.api.request<SessionResult>('GET', `/api/roleplay/session/${view.sessionId}`, {
      apiKey: tenant.apiKey,
    });
    expect(session.status, session.text).to.equal(200);
    assertSchema(SessionResult, session.body, 'GET /api/roleplay/session/{id}');
    return { id, view, session: session.body, event, eventBody: hook.rawBody.toString('utf8') };
  }

  const verdicts = (responses: ScorecardResponse[] | undefined) =>
    (responses ?? []).map(({ passed, explanation, evidence, noEvidenceReason, supported }) => ({
      passed,
      explanation,
      evidence,
      noEvidenceReason,
      supported,
    }));

  it('asks once more about an invented quote and reports the verdict the second answer backs with the call', async () => {
    llm.inventFor('Handled price', INVENTED, 1);
    const asked = llm.requests.length;
    const { id, view, session, event, eventBody } = await judged();
    const expected = [
      { passed: true, explanation: 'LLM: met "Opened well".', evidence: [OPENING] },
      { passed: true, explanation: 'LLM: met "Handled price".', evidence: [OPENING] },
    ].map((v) => ({ ...v, noEvidenceReason: undefined, supported: undefined }));
    expect(verdicts(view.result!.criteriaResponses)).to.deep.equal(expected);
    expect(verdicts(session.criteriaResponses)).to.deep.equal(expected);
    expect(event.result).to.deep.equal(view.result);
    // The second request named the words that were not found; both are in the recording's usage.
    expect(llm.requests.length - asked).to.equal(2);
    expect(llm.requests[asked + 1].prompt.recheck).to.deep.equal({
      notFound: { criteria: [{ index: 1, notFound: [INVENTED] }], metrics: [] },
    });
    expect((await getAnalysisUsage(testEnv().db, id))!.requests).to.equal(2);
    for (const shown of [JSON.stringify(view), JSON.stringify(session), eventBody])
      expect(shown).not.to.include('forty percent');
  });

  it('reports a verdict invented twice as not passed, without the invented words, and leaves it out of the score', async () => {
    llm.inventFor('Handled price', INVENTED, 2);
    const { id, view, session, event, eventBody } = await judged();
    const expected = [
      { passed: true, explanation: 'LLM: met "Opened well".', evidence: [OPENING], noEvidenceReason: undefined },
      { passed: false, explanation: UNSUPPORTED_VERDICT, evidence: [], noEvidenceReason: UNSUPPORTED_VERDICT },
    ];
    expect(verdicts(view.result!.criteriaResponses)).to.deep.equal([
      { ...expected[0], supported: undefined },
      { ...expected[1], supported: false },
    ]);
    expect(verdicts(session.criteriaResponses)).to.deep.equal(verdicts(view.result!.criteriaResponses));
    expect(event.result).to.deep.equal(view.result);
    // The first criterion met, the metric not: 1 of 2 counted, the unsupported verdict neither way.
    expect(view.result).to.include({ score: 50, didPass: false });
    expect(session).to.include({ score: 50, didPass: false });
    expect((await getAnalysisUsage(testEnv().db, id))!.requests).to.equal(2);
    for (const shown of [JSON.stringify(view), JSON.stringify(session), eventBody])
      expect(shown).not.to.include('forty percent');
  });

  it('reads verdicts saved before as passed with supported false as not passed, once migrated', async () => {
    const { id, view } = await judged();
    // As the analyzer saved them before: passed, the model's explanation with its invented words.
    const before = (r: ScorecardResponse, i: number): ScorecardResponse =>
      i === 1 ? { ...r, passed: true, explanation: `The rep said "${INVENTED}"`, supported: false } : r;
    const db = testEnv().db;
    const old = { ...view.result!, criteriaResponses: view.result!.criteriaResponses.map(before) };
    await db('recordings')
      .where({ id })
      .update({ result: JSON.stringify(old), pending_analysis: JSON.stringify(old) });
    await db('session_responses')
      .where({ session_id: view.sessionId, kind: 'criterion', position: 1 })
      .update({ passed: true, explanation: `The rep said "${INVENTED}"`, supported: false });

    await unsupportedVerdictsNotPassed(db);

    const after = await waitForRecording(stack.api, tenant.apiKey, id);
    const notPassed = {
      passed: false,
      explanation: UNSUPPORTED_VERDICT,
      evidence: [],
      noEvidenceReason: UNSUPPORTED_VERDICT,
      supported: false,
    };
    expect(verdicts(after.result!.criteriaResponses)[1]).to.deep.equal(notPassed);
    expect(verdicts(after.result!.criteriaResponses)[0]).to.include({ passed: true });
    const pending = (await db('recordings').where({ id }).first('pending_analysis')) as { pending_analysis: unknown };
    expect(fromJson(pending.pending_analysis)).to.deep.equal(after.result);
    const session = await stack.api.request<SessionResult>('GET', `/api/roleplay/session/${view.sessionId}`, {
      apiKey: tenant.apiKey,
    });
    expect(verdicts(session.body.criteriaResponses)).to.deep.equal(verdicts(after.result!.criteriaResponses));
    for (const shown of [JSON.stringify(after), JSON.stringify(session.body)])
      expect(shown).not.to.include('forty percent');
    // Run again, it finds nothing left to change.
    await unsupportedVerdictsNotPassed(db);
    expect((await waitForRecording(stack.api, tenant.apiKey, id)).result).to.deep.equal(after.result);
  });
});

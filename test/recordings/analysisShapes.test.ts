import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { up } from '../../db/migrations/20261126030000_analysis_stored_shapes';
import { up as upAgain } from '../../db/migrations/20261127200000_recording_results_stored_shapes';
import { fromJson } from '../../db/connection';
import { insertRecording } from '../../db/queries/recordings';
import { insertSession, type SessionResponse } from '../../db/queries/sessions';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';

// Migration 20261126030000: analyses stored before speakerAttribution and evidence existed are rewritten in
// today's shape, so the code that read the old shape (common/recordingAnalysis.ts) could go in a later
// release. Run again, it changes nothing. 20261127200000 runs its conversion of recordings' results once more
// (rows an older worker wrote after it) as that reading goes; session responses keep theirs.

const response = (title: string) => ({
  title,
  passed: true,
  explanation: 'ok',
  weight: 1,
  sectionTitle: 'Opening',
});

/** A scored session of the user with one criterion response (as given), straight into the database. */
const sessionWith = (
  tenant: { company: { id: string } },
  userId: string,
  roleplayId: string,
  criterion: SessionResponse,
) =>
  insertSession(testEnv().db, {
    companyId: tenant.company.id,
    userId,
    roleplayId,
    score: 80,
    didPass: true,
    lengthMs: 1000,
    wpm: 120,
    snippets: [],
    criteriaResponses: [criterion],
    metricResponses: [],
  });

describe('recordings: analyses stored in older shapes are migrated', () => {
  it('adds speakerAttribution and the reason evidence is missing, to results and session responses, once', async () => {
    const db = testEnv().db;
    const tenant = await createTenant();
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const user = await makeUser(tenant.company.id);
    const ids = { diarized: randomUUID(), oneVoice: randomUUID(), current: randomUUID() };
    for (const id of Object.values(ids))
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: 'crm-shapes',
        userName: 'Ana',
        sourceUrl: null,
        storeRecording: false,
        roleplayId: null,
        workflowId: `recording-${id}`,
      });
    const old = (snippets: Array<{ isUser: boolean; text: string }>) => ({
      score: 80,
      snippets,
      criteriaResponses: [response('Greets')],
      metricResponses: [response('Pace')],
    });
    const current = {
      ...old([{ isUser: true, text: 'Hi' }]),
      speakerAttribution: 'transcript',
      criteriaResponses: [{ ...response('Greets'), evidence: [{ quote: 'Hi', startMs: 0, speaker: 'rep' }] }],
      metricResponses: [{ ...response('Pace'), evidence: [], noEvidenceReason: 'Measured over the whole call.' }],
    };
    const stored = {
      [ids.diarized]: old([
        { isUser: true, text: 'Hi' },
        { isUser: false, text: 'Hello' },
      ]),
      [ids.oneVoice]: old([{ isUser: true, text: 'Hi' }]),
      [ids.current]: current,
    };
    for (const [id, result] of Object.entries(stored))
      await db('recordings')
        .where({ id })
        .update({ result: JSON.stringify(result) });
    const session = await sessionWith(tenant, user.id, roleplay.id, {
      ...response('Greets'),
      evidence: [],
      noEvidenceReason: 'x',
    });
    await db('session_responses').where({ session_id: session }).update({ evidence: null, no_evidence_reason: null });

    const read = async () => ({
      results: Object.fromEntries(
        await Promise.all(
          Object.values(ids).map(async (id) => [
            id,
            fromJson<Record<string, unknown>>((await db('recordings').where({ id }).first('result')).result),
          ]),
        ),
      ),
      responses: await db('session_responses').where({ session_id: session }).select('evidence', 'no_evidence_reason'),
    });
    await up(db);
    const after = await read();
    const reason = 'Judged before evidence was recorded.';
    expect(after.results[ids.diarized]).to.deep.include({
      speakerAttribution: 'diarization',
      criteriaResponses: [{ ...response('Greets'), evidence: [], noEvidenceReason: reason }],
      metricResponses: [{ ...response('Pace'), evidence: [], noEvidenceReason: reason }],
    });
    expect(after.results[ids.oneVoice]).to.include({ speakerAttribution: 'none' });
    expect(after.results[ids.current]).to.deep.equal(current);
    expect(after.responses).to.deep.equal([{ evidence: '[]', no_evidence_reason: reason }]);

    await up(db);
    expect(await read()).to.deep.equal(after);
  });

  it('rewrites results still in an older shape once more, and leaves session responses as they are', async () => {
    const db = testEnv().db;
    const tenant = await createTenant();
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const user = await makeUser(tenant.company.id);
    const [late, current] = [randomUUID(), randomUUID()];
    for (const id of [late, current])
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: 'crm-shapes-again',
        userName: 'Ana',
        sourceUrl: null,
        storeRecording: false,
        roleplayId: null,
        workflowId: `recording-${id}`,
      });
    const stored = { score: 80, snippets: [{ isUser: false, text: 'Hello' }], criteriaResponses: [response('Greets')] };
    const today = {
      ...stored,
      speakerAttribution: 'none',
      criteriaResponses: [{ ...response('Greets'), evidence: [], noEvidenceReason: 'Measured over the whole call.' }],
    };
    await db('recordings')
      .where({ id: late })
      .update({ result: JSON.stringify(stored) });
    await db('recordings')
      .where({ id: current })
      .update({ result: JSON.stringify(today) });
    const session = await sessionWith(tenant, user.id, roleplay.id, response('Greets'));
    const result = async (id: string) =>
      fromJson<Record<string, unknown>>((await db('recordings').where({ id }).first('result')).result);

    await upAgain(db);
    expect(await result(late)).to.deep.equal({
      ...stored,
      speakerAttribution: 'diarization',
      criteriaResponses: [
        { ...response('Greets'), evidence: [], noEvidenceReason: 'Judged before evidence was recorded.' },
      ],
    });
    expect(await result(current)).to.deep.equal(today);
    expect(
      await db('session_responses').where({ session_id: session }).select('evidence', 'no_evidence_reason'),
    ).to.deep.equal([{ evidence: null, no_evidence_reason: null }]);

    const after = await result(late);
    await upAgain(db);
    expect(await result(late)).to.deep.equal(after);
  });
});

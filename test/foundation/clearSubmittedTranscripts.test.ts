import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { up } from '../../db/migrations/20261127200100_clear_submitted_transcripts';
import { fromJson } from '../../db/connection';
import { insertRecording } from '../../db/queries/recordings';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';

// Migration 20261127200100 empties recordings.submitted_transcript (a copy of the parsed transcript nothing
// reads), so that retention and erasure need not clear it and a later release can drop the column. The parsed
// transcript stays.

describe('migrations: the submitted transcripts kept as sent are emptied', () => {
  it('clears the column on every row, leaves the parsed transcript, and changes nothing run again', async () => {
    const db = testEnv().db;
    const tenant = await createTenant();
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids)
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: 'crm-submitted',
        userName: 'Ana',
        sourceUrl: null,
        storeRecording: false,
        roleplayId: null,
        workflowId: `recording-${id}`,
      });
    const parsed = { segments: [{ start: 0, end: 1, text: 'Hi', speaker: 'rep' }] };
    await db('recordings')
      .whereIn('id', ids)
      .update({
        submitted_transcript: JSON.stringify({ format: 'webvtt', text: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi' }),
        transcript: JSON.stringify(parsed),
      });
    const state = async () =>
      (await db('recordings').whereIn('id', ids).orderBy('id').select('submitted_transcript', 'transcript')) as Array<{
        submitted_transcript: unknown;
        transcript: unknown;
      }>;

    await up(db);
    const after = await state();
    expect(after.map((r) => r.submitted_transcript)).to.deep.equal([null, null]);
    expect(after.map((r) => fromJson<unknown>(r.transcript))).to.deep.equal([parsed, parsed]);
    await up(db);
    expect(await state()).to.deep.equal(after);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { expect } from 'chai';
import type { ActivityDeps } from '../../activities/deps';
import { createMediaActivities } from '../../activities/media/mediaActivities';
import type { Transcript } from '../../common/transcript';
import { fromJson } from '../../db/connection';
import { insertRecordingChunks, KEPT_WHOLE, setRecordingChunkTranscript } from '../../db/queries/recordingChunks';
import { insertRecording } from '../../db/queries/recordings';
import { createLocalStorage } from '../../common/storage/localStorage';
import { testConfig, testEnv, testLogger } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Issue 51: the media step cuts a call at pauses and each piece's answer is redacted alone, so a card number
// read out across a cut ("… my card number is 4111 1111" | "1111 1111, expiry …") leaves a part in each piece
// that is no value on its own. The stitched transcript of a recording with `redactPii` is read once more as a
// whole: each part becomes the placeholder, its time is kept for the audio's silencing, and the pieces give up
// their answers once the whole is kept.

const CUT_MS = 60_000;

/** A piece's answer as the worker keeps it (already redacted alone: neither part is a value by itself). */
const answer = (segments: Array<{ startMs: number; endMs: number; speaker: string; text: string }>): Transcript => ({
  provider: 'openai',
  language: 'en',
  durationMs: CUT_MS,
  segments,
});

describe('recordings: a value said across a piece cut is redacted in the stitched transcript (issue 51)', () => {
  let tenant: TenantFixture;
  let storageDir: string;
  let deps: ActivityDeps;

  beforeEach(async () => {
    tenant = await createTenant();
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-across-pieces-'));
    deps = {
      db: testEnv().db,
      config: testConfig({ STORAGE_DIR: storageDir, STT_PROVIDER: 'openai', STT_API_KEY: 'test-stt-key' }),
      logger: testLogger,
      storage: createLocalStorage(storageDir),
    };
  });
  afterEach(async () => fs.rm(storageDir, { recursive: true, force: true }));

  /** A recording cut into two pieces at CUT_MS whose answers are kept: the customer's card spans the cut. */
  async function twoPieceRecording(redactPii: boolean): Promise<string> {
    const id = randomUUID();
    const db = testEnv().db;
    await insertRecording(db, {
      id,
      companyId: tenant.company.id,
      userUniqueIdentifier: 'crm-51',
      userName: 'Rep',
      sourceUrl: 'https://files.example.test/call.mp3',
      storeRecording: false,
      roleplayId: null,
      workflowId: `recording-${id}`,
      redactPii,
    });
    await insertRecordingChunks(db, [
      { recordingId: id, channel: 'mono', index: 0, startMs: 0, durationMs: CUT_MS },
      { recordingId: id, channel: 'mono', index: 1, startMs: CUT_MS, durationMs: CUT_MS },
    ]);
    const answers = [
      answer([
        { startMs: 50_000, endMs: 53_000, speaker: 'A', text: 'What card would you like to use?' },
        { startMs: 54_000, endMs: 59_500, speaker: 'B', text: 'Um, my card number is 4111 1111' },
      ]),
      answer([
        { startMs: 300, endMs: 4_000, speaker: 'B', text: '1111 1111, and that is the Visa.' },
        { startMs: 5_000, endMs: 7_000, speaker: 'A', text: 'Thanks, all set.' },
      ]),
    ];
    for (const [index, transcript] of answers.entries())
      await setRecordingChunkTranscript(db, id, 'mono', index, transcript);
    return id;
  }

  const stitch = (id: string) =>
    new MockActivityEnvironment().run(createMediaActivities(deps).stitchTranscript, id) as Promise<{
      redactedSpans?: number;
    }>;

  const keptTranscript = async (id: string): Promise<Transcript> =>
    fromJson<Transcript>((await testEnv().db('recordings').where({ id }).first('transcript')).transcript);

  it('each part of the card becomes the placeholder, timed by its segment, and the pieces give up their answers', async () => {
    const id = await twoPieceRecording(true);
    const summary = await stitch(id);
    const transcript = await keptTranscript(id);
    const texts = transcript.segments.map((s) => s.text);
    expect(texts).to.deep.equal([
      'What card would you like to use?',
      'Um, my card number is [CREDIT_CARD_NUMBER]',
      '[CREDIT_CARD_NUMBER], and that is the Visa.',
      'Thanks, all set.',
    ]);
    expect(texts.join(' ')).not.to.match(/\d/);
    // The audio is silenced over each segment the card touched (their words are gone by now).
    expect(transcript.redactions).to.deep.include.members([
      { startMs: 54_000, endMs: 59_500, kind: 'credit_card_number' },
      { startMs: CUT_MS + 300, endMs: CUT_MS + 4_000, kind: 'credit_card_number' },
    ]);
    expect(summary.redactedSpans).to.equal(2);
    // The pieces stay answered (never sent again) but keep no text of the call.
    const pieces = await testEnv().db('recording_chunks').where({ recording_id: id }).select('transcript');
    expect(pieces.map((p: { transcript: string }) => fromJson(p.transcript))).to.deep.equal([KEPT_WHOLE, KEPT_WHOLE]);

    // A retry of the step (its answer lost) finds the whole kept and reports the same.
    expect(await stitch(id)).to.deep.equal(summary);
    expect(await keptTranscript(id)).to.deep.equal(transcript);
  });

  it('without redactPii the transcript is stitched as said and the pieces keep their answers', async () => {
    const id = await twoPieceRecording(false);
    await stitch(id);
    const texts = (await keptTranscript(id)).segments.map((s) => s.text);
    expect(texts[1]).to.equal('Um, my card number is 4111 1111');
    expect(texts[2]).to.equal('1111 1111, and that is the Visa.');
    const pieces = await testEnv().db('recording_chunks').where({ recording_id: id }).whereNotNull('transcript');
    expect(pieces).to.have.length(2);
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TranscriptView } from '../../api/schemas/transcripts';
import { workflowIds } from '../../common/temporal';
import { insertRecording } from '../../db/queries/recordings';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { longCallTranscript } from '../support/longCallTranscript';
import { startSmallHeapExport, type SmallHeapExport } from '../support/smallHeapExport';

// Memory stays flat in the size of an item, not only in their number: recordings of 4-hour calls, each
// transcript about 1 MB of JSON (several MB as objects), are exported by a worker whose heap is held to a
// limit (V8's --max-old-space-size) below what a page of 200 of them would take, read at once.

const CALLS = 48;
const HOURS = 4;
/** MiB of heap: enough for the worker to start and run under tsx, not to hold the page's transcripts. */
const HEAP_MIB = 128;

describe('exports: memory stays flat in the size of items', function () {
  this.timeout(600_000);
  let world: SmallHeapExport;

  before(async () => {
    world = await startSmallHeapExport('long', HEAP_MIB);
  });
  after(async () => {
    await world.close();
  });

  it(`exports ${CALLS} recordings of ${HOURS}-hour calls with a ${HEAP_MIB} MiB heap`, async () => {
    const tenant = await createTenant();
    const db = testEnv().db;
    for (let n = 0; n < CALLS; n += 1) {
      const id = randomUUID();
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: `crm-${n}`,
        userName: `Caller ${n}`,
        sourceUrl: `https://files.example.com/${id}.mp3`,
        storeRecording: false,
        roleplayId: null,
        workflowId: workflowIds.recording(id),
        transcript: longCallTranscript(n, HOURS),
      });
    }
    const [{ bytes }] = (await db('recordings')
      .where({ company_id: tenant.company.id })
      .select(db.raw('sum(length(transcript)) as bytes'))) as Array<{ bytes: string }>;
    expect(Number(bytes) / CALLS, 'bytes of JSON per transcript').to.be.greaterThan(900_000);

    const { done, archive } = await world.exportCompany(tenant.apiKey);
    expect(done.progress.transcripts).to.deep.equal({ written: CALLS, total: CALLS });
    const transcripts = archive.items.get('transcripts') as TranscriptView[];
    expect(transcripts).to.have.length(CALLS);
    expect(archive.items.get('recordings')).to.have.length(CALLS);
  });
});

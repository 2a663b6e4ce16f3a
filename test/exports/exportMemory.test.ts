import { expect } from 'chai';
import { insertManyEvents, insertManyUsers } from '../support/exportFixtures';
import { createTenant } from '../support/fixtures';
import { startSmallHeapExport, type SmallHeapExport } from '../support/smallHeapExport';

// Memory stays flat whatever the company's size: tens of thousands of rows are exported by a worker whose
// heap is held to a limit (V8's --max-old-space-size) far below what holding them would take, and the
// archive still has every item. The rows are inserted in bulk, a thousand per statement.

const USERS = 30_000;
const EVENTS = 20_000;
/** MiB of heap: enough for the worker to start and run under tsx, not to hold the rows it exports. */
const HEAP_MIB = 128;

describe('exports: memory stays flat', function () {
  this.timeout(600_000);
  let world: SmallHeapExport;

  before(async () => {
    world = await startSmallHeapExport('memory', HEAP_MIB);
  });
  after(async () => {
    await world.close();
  });

  it(`exports ${USERS} users and ${EVENTS} events with a ${HEAP_MIB} MiB heap`, async () => {
    const tenant = await createTenant();
    await insertManyUsers(tenant.company.id, USERS);
    await insertManyEvents(tenant.company.id, EVENTS);

    const { done, archive } = await world.exportCompany(tenant.apiKey);
    expect(done.progress.users).to.deep.equal({ written: USERS, total: USERS });
    expect(done.progress.events).to.deep.equal({ written: EVENTS, total: EVENTS });
    expect(archive.items.get('users')).to.have.length(USERS);
    expect(archive.items.get('events')).to.have.length(EVENTS);
    expect(new Set((archive.items.get('events') as Array<{ id: string }>).map((e) => e.id)).size).to.equal(EVENTS);
  });
});

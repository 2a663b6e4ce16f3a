import { randomUUID } from 'node:crypto';
import type { Config } from '../common/config';
import { searchAttributeDefinitions } from '../common/temporal';
import { createTemporalClient } from '../common/temporalClient';

// A cluster's frontend reads a namespace's search attributes from a cache it refreshes every few seconds, so
// starts right after `temporal:setup` added them are refused ("no mapping defined for search attribute").
// The settings bench waits here until a start carrying every one of them is taken: a probe on a task queue
// no worker polls, terminated at once.

export async function searchAttributesInUse(config: Config, timeoutMs = 60_000): Promise<void> {
  const client = createTemporalClient(config);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        const handle = await client.workflow.start('searchAttributeProbe', {
          taskQueue: `bench-probe-${randomUUID()}`,
          workflowId: `bench-probe-${randomUUID()}`,
          searchAttributes: Object.fromEntries(searchAttributeDefinitions.map((a) => [a.name, ['probe']])),
        });
        await handle.terminate('search attributes are in use');
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await client.connection.close();
  }
}

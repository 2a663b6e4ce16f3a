import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createTemporalClient, isTemporalUnavailable } from '../../common/temporalClient';
import { testConfig } from '../support/env';

// A call still retrying when the API closes its Temporal client (a request that stopped waiting for a run,
// api/commands/workflowClose.ts, or one made while Temporal was unreachable) must end with an error its
// caller handles, not be retried on the closed channel from the SDK's back-off timer: grpc-js then throws
// "Channel has been shut down" as an uncaught exception in the process, and the call never settles.

describe('closing the API Temporal client while a call is retrying', () => {
  it('ends the call as Temporal unavailable instead of retrying it on the closed connection', async () => {
    // A "Temporal" that drops every connection: each attempt fails as UNAVAILABLE and the SDK retries.
    let attempted!: () => void;
    const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
    const dropper = net.createServer((socket) => {
      socket.destroy();
      attempted();
    });
    dropper.listen(0, '127.0.0.1');
    await once(dropper, 'listening');
    try {
      const address = `127.0.0.1:${(dropper.address() as AddressInfo).port}`;
      const client = createTemporalClient(testConfig({ TEMPORAL_ADDRESS: address, TEMPORAL_START_TIMEOUT: '30s' }));
      const call = client.workflowService.getSystemInfo({}).then(
        () => 'answered',
        (err: unknown) => err,
      );
      await firstAttempt;
      await client.connection.close();
      const outcome = await call;
      expect(outcome, 'the call ends with an error').to.be.instanceOf(Error);
      expect(isTemporalUnavailable(outcome), String(outcome)).to.equal(true);
    } finally {
      dropper.close();
    }
  });
});

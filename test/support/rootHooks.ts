import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startTestEnv, stopTestEnv } from './env';

// The SDK's own log lines drown test output; warnings and errors still show.
Runtime.install({ logger: new DefaultLogger('WARN') });

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    await startTestEnv();
  },
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(60_000);
    await stopTestEnv();
  },
};

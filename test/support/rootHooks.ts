import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startTestEnv, stopTestEnv } from './env';
import { takeAnswerViolations } from './providerContracts';

// The SDK's own log lines drown test output; warnings and errors still show.
Runtime.install({ logger: new DefaultLogger('WARN') });

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    await startTestEnv();
  },
  afterEach(): void {
    // A stand-in answered something its provider's published document does not allow.
    const violations = takeAnswerViolations();
    if (violations.length > 0)
      throw new Error(`A provider stand-in broke the provider's API document:\n${violations.join('\n')}`);
  },
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(60_000);
    await stopTestEnv();
  },
};

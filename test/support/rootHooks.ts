import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startTestEnv, stopTestEnv, takeHeldLogLines, testEnv } from './env';
import { takeAnswerViolations } from './providerContracts';

// The SDK's own log lines drown test output; warnings and errors still show.
Runtime.install({ logger: new DefaultLogger('WARN') });

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    await startTestEnv();
  },
  afterEach(this: Mocha.Context): void {
    // The stacks' error lines around a failure say what the service saw (a 500's cause). They join the
    // failure's stack, which the reporter prints in the summary at the end, where CI's tail shows it.
    // The shared Temporal dev server's own errors, likewise.
    const logged = takeHeldLogLines();
    const serverLog = testEnv().temporal.takeLog();
    const failure = this.currentTest?.state === 'failed' ? this.currentTest.err : undefined;
    if (failure && logged.length > 0)
      failure.stack = `${failure.stack ?? ''}\nservice errors logged during the test:\n${logged.join('').slice(-8_000)}`;
    if (failure && serverLog !== '')
      failure.stack = `${failure.stack ?? ''}\nthe Temporal dev server logged during the test:\n${serverLog}`;
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

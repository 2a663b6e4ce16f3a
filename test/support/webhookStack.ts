import type { Config } from '../../common/config';
import { startRecordingStack, type RecordingStack } from './recordingFixtures';
import { startWebhookReceiver, type WebhookReceiver } from './webhookFixtures';

// The stack the webhook suites share: a loopback webhook receiver and a recording stack (API and worker),
// started before the suite's tests and stopped after them.

export interface WebhookStack {
  /** The running stack (throws before the suite's `before` hooks ran). */
  readonly stack: RecordingStack;
  readonly receiver: WebhookReceiver;
}

/**
 * Registers, in the calling `describe`, the `before` that starts a webhook receiver and a recording stack
 * with these settings (a function is called then, so it may read what earlier hooks made), and the `after`
 * that stops them.
 */
export function useWebhookStack(
  settings: Partial<Config> | (() => Partial<Config>) = {},
  options?: Parameters<typeof startRecordingStack>[1],
): WebhookStack {
  let stack: RecordingStack | undefined;
  let receiver: WebhookReceiver | undefined;
  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startRecordingStack(typeof settings === 'function' ? settings() : settings, options);
  });
  after(async () => {
    await stack?.stop();
    await receiver?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('useWebhookStack: the suite has not started it yet (use it inside a test)');
    return value;
  };
  return {
    get stack() {
      return started(stack);
    },
    get receiver() {
      return started(receiver);
    },
  };
}

import type { Config } from '../../common/config';
import { startFileServer, type FileServer } from './fileServer';
import { CONVERSATION, startRecordingStack, type RecordingStack } from './recordingFixtures';
import { startOpenAiSttServer, type SttServer } from './sttServers';
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
  return {
    get stack() {
      return started(stack);
    },
    get receiver() {
      return started(receiver);
    },
  };
}

const started = <T>(value: T | undefined): T => {
  if (value === undefined) throw new Error('the suite has not started its stack yet (use it inside a test)');
  return value;
};

export interface CallStack extends WebhookStack {
  readonly files: FileServer;
  readonly stt: SttServer;
}

/**
 * useWebhookStack with a loopback file host and the OpenAI speech-to-text stand-in answering
 * CONVERSATION: the stack a real call goes through (private addresses allowed, as the loopback is).
 */
export function useCallStack(settings: Partial<Config> = {}): CallStack {
  let files: FileServer | undefined;
  let stt: SttServer | undefined;
  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
  });
  const web = useWebhookStack(() => ({ STT_BASE_URL: started(stt).url, OUTBOUND_ALLOW_PRIVATE: true, ...settings }));
  // Registered after the stack's own: mocha runs `after` hooks in order, so the stack stops first.
  after(async () => {
    await stt?.close();
    await files?.close();
  });
  return {
    get stack() {
      return web.stack;
    },
    get receiver() {
      return web.receiver;
    },
    get files() {
      return started(files);
    },
    get stt() {
      return started(stt);
    },
  };
}

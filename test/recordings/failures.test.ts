import { Client, Connection } from '@temporalio/client';
import { METADATA_ENCODING_KEY } from '@temporalio/common';
import { expect } from 'chai';
import type { RecordingView } from '../../api/schemas/recordings';
import type { Config } from '../../common/config';
import { ENCRYPTED_ENCODING } from '../../common/payloadCodec';
import type { RecordingFailedData } from '../../common/webhookEvents';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testConfig } from '../support/env';
import { startFileServer, type FileRoute, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startLlmServer } from '../support/llmServer';
import {
  acceptRecording,
  CONVERSATION,
  filesUnder,
  keepHistory,
  registerWebhook,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
  type Submission,
} from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttBehavior, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A step that fails for good ends the recording `failed`, with the reason, and a signed
// `recording.processing.failed` webhook; permanent problems are not retried.

const text = (bytes: Uint8Array | null | undefined): string => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

describe('recordings: failures', function () {
  this.timeout(90_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer | undefined;
  let stack: RecordingStack | undefined;
  let tenant: TenantFixture;
  let n = 0;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await files.close();
    await receiver.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
    n += 1;
  });
  afterEach(async () => {
    await stack?.stop();
    await stt?.close();
    stack = undefined;
    stt = undefined;
  });

  interface Scenario {
    file: FileRoute;
    stt?: Partial<SttBehavior>;
    config?: Partial<Config>;
    submission?: Partial<Submission>;
    webhook?: boolean;
  }

  /** Runs one recording that must fail; returns its final view, the webhook data and the file path. */
  async function runFailing(
    s: Scenario,
  ): Promise<{ view: RecordingView; data: RecordingFailedData | undefined; filePath: string; id: string }> {
    stt = await startOpenAiSttServer({ segments: CONVERSATION, ...s.stt });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, ...s.config });
    const hookPath = `/failed/${n}`;
    if (s.webhook !== false) await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const filePath = `/files/${n}/call.mp3`;
    const url = files.serve(filePath, s.file);
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: true,
      ...s.submission,
    });
    let data: RecordingFailedData | undefined;
    if (s.webhook !== false) {
      const [hook] = await receiver.waitFor(hookPath, 1);
      expect(hook.verified, hook.signatureProblem ?? '').to.equal(true);
      expect(hook.event?.type).to.equal('recording.processing.failed');
      data = hook.event?.data as RecordingFailedData;
    }
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view).to.include({ status: 'failed', result: null, completedAt: null, sessionId: null });
    if (data) {
      expect(data).to.deep.include({ recordingId: id, status: 'failed', reason: view.failureReason });
      expect(data.user?.id).to.equal(view.userId);
    }
    return { view, data, filePath, id };
  }

  it('a recording URL answering 404 fails at once, without retries', async () => {
    const { view, filePath, id } = await runFailing({ file: { status: 404 } });
    expect(view.failureReason).to.match(/^Storing the recording failed: The recording host answered HTTP 404/);
    expect(files.hits(filePath)).to.equal(1);
    expect(stt?.requests).to.have.length(0);
    await keepHistory(stack!.api, id, 'failed-store-404');
  });

  it('a failed activity’s message and stack are encrypted in Temporal’s history, like payloads', async () => {
    const { view, id } = await runFailing({ file: { status: 404 } });
    expect(view.failureReason).to.match(/HTTP 404/);
    // What Temporal stores, read by a client without the codec.
    const connection = await Connection.connect({ address: testConfig().TEMPORAL_ADDRESS });
    try {
      const raw = await new Client({ connection }).workflow.getHandle(`recording-${id}`).fetchHistory();
      const failed = raw.events?.find((e) => e.activityTaskFailedEventAttributes)?.activityTaskFailedEventAttributes
        ?.failure;
      expect(failed?.message).to.equal('Encoded failure');
      expect(failed?.stackTrace ?? '').to.equal('');
      expect(text(failed?.encodedAttributes?.metadata?.[METADATA_ENCODING_KEY])).to.equal(ENCRYPTED_ENCODING);
      expect(JSON.stringify(raw.events)).to.not.include('HTTP 404');
    } finally {
      await connection.close();
    }
  });

  it('a URL serving an HTML page instead of audio/video fails', async () => {
    const { view, filePath } = await runFailing({
      file: { body: Buffer.from('<html>login</html>'), contentType: 'text/html' },
    });
    expect(view.failureReason).to.equal(
      'Storing the recording failed: The recording URL did not serve audio or video (text/html)',
    );
    expect(files.hits(filePath)).to.equal(1);
  });

  it('a file over RECORDING_MAX_BYTES fails and nothing is stored', async () => {
    const { view } = await runFailing({
      file: { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' },
      config: { RECORDING_MAX_BYTES: 1000 },
    });
    expect(view.failureReason).to.match(
      /^Storing the recording failed: The recording is \d+ bytes, more than the 1000-byte limit$/,
    );
    expect(await filesUnder(stack!.storageDir)).to.deep.equal([]);
  });

  it('a file over RECORDING_MAX_BYTES without Content-Length is cut off while streaming', async () => {
    const { view } = await runFailing({
      file: { body: SAMPLE_AUDIO, contentType: 'audio/mpeg', chunked: true },
      config: { RECORDING_MAX_BYTES: 10_000 },
    });
    expect(view.failureReason).to.equal(
      'Storing the recording failed: The recording is larger than the 10000-byte limit',
    );
    expect(await filesUnder(stack!.storageDir)).to.deep.equal([]);
  });

  it('a provider rejecting the request (400) fails the transcription without retries', async () => {
    const { view } = await runFailing({
      file: { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' },
      stt: { rejectStatus: 400 },
    });
    expect(view.failureReason).to.match(/^Transcription failed: The speech-to-text provider answered HTTP 400/);
    expect(stt?.requests).to.have.length(1);
  });

  it('a recording without speech fails the transcription', async () => {
    const { view } = await runFailing({
      file: { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' },
      stt: { segments: [] },
    });
    expect(view.failureReason).to.equal('Transcription failed: No speech was found in the recording');
  });

  it('storeRecording=false: an expired URL (403) fails the media step (the worker fetches it to prepare the audio)', async () => {
    const { view, filePath } = await runFailing({ file: { status: 403 }, submission: { storeRecording: false } });
    expect(view.failureReason).to.match(/^Preparing the audio failed: The recording host answered HTTP 403/);
    expect(files.hits(filePath)).to.equal(1);
    expect(stt?.requests).to.have.length(0);
  });

  it('an analysis model rejecting the request fails the analysis', async () => {
    const llm = await startLlmServer();
    llm.rejectWith(400);
    try {
      const roleplay = await createRoleplayFixture(tenant.company.id);
      const { view } = await runFailing({
        file: { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' },
        config: { LLM_BASE_URL: llm.url },
        submission: { roleplayId: roleplay.id },
      });
      expect(view.failureReason).to.match(/^Analysis failed: The analysis model answered HTTP 400/);
      expect(llm.requests).to.have.length(1);
    } finally {
      await llm.close();
    }
  });

  it('refuses loopback recording URLs when OUTBOUND_ALLOW_PRIVATE=false', async () => {
    // Webhooks to the loopback receiver would be refused as well, so this one is followed through the API.
    const { view, filePath } = await runFailing({
      file: { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' },
      config: { OUTBOUND_ALLOW_PRIVATE: false },
      webhook: false,
    });
    // The reason says the address is not allowed, never which address it was.
    expect(view.failureReason).to.equal(
      'Storing the recording failed: The recording URL was refused: Outbound connection refused: the address is not allowed',
    );
    expect(files.hits(filePath)).to.equal(0);
  });
});

import { expect } from 'chai';
import { expectRendition } from '../support/renditionCheck';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import type { RecordingCompletedData, RecordingFailedData } from '../../common/webhookEvents';
import { startAssemblyAiServer, type AssemblyAiServer } from '../support/assemblyAiServer';
import { createRoleplayFixture } from '../support/contentFixtures';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  acceptRecording,
  keepHistory,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { generatedTalkRatio, SHORT_CALL, synthesizeCall, type SynthesizedCall } from '../support/speech';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Who said what on a mono call spoken by espeak-ng in two voices (rep, customer, rep, customer):
// plain whisper-1 cannot tell, gpt-4o-transcribe-diarize and AssemblyAI label the speakers. The
// stand-ins time their answers from the audio they actually received.

describe('recordings: speakers on a mono call', function () {
  this.timeout(120_000);
  let call: SynthesizedCall;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stack: RecordingStack | undefined;
  let stt: SttServer | undefined;
  let aai: AssemblyAiServer | undefined;
  let tenant: TenantFixture;
  let n = 0;
  let hookPath: string;

  before(async () => {
    call = await synthesizeCall(SHORT_CALL);
    files = await startFileServer();
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await Promise.all([files.close(), receiver.close()]);
  });
  beforeEach(async () => {
    tenant = await createTenant();
    hookPath = `/speakers/${++n}`;
  });
  afterEach(async () => {
    await stack?.stop();
    await stt?.close();
    await aai?.close();
    stack = undefined;
    stt = undefined;
    aai = undefined;
  });

  const serveCall = (): string => files.serve(`/calls/${n}/call.wav`, { body: call.wav, contentType: 'audio/wav' });

  async function completed(id: string): Promise<RecordingAnalysis> {
    const [hook] = await receiver.waitFor(hookPath, 1, 60_000);
    expect(hook.verified).to.equal(true);
    expect(hook.event?.type, JSON.stringify(hook.event?.data)).to.equal('recording.processing.completed');
    const data = hook.event?.data as RecordingCompletedData;
    const view = await waitForRecording(stack!.api, tenant.apiKey, id);
    expect(view.result).to.deep.equal(data.result);
    return data.result;
  }

  function expectTurnsByLabel(result: RecordingAnalysis): void {
    expect(result.snippets).to.deep.equal(SHORT_CALL.map((l) => ({ isUser: l.voice === 'rep', text: l.text })));
    expect(result.talkRatio).to.be.closeTo(generatedTalkRatio(call.lines), 0.05);
    expect(result.interactivity).to.be.greaterThan(0);
    expect(result.patience).to.be.within(0.5, 2);
    expect(result.numQuestions).to.equal(2);
  }

  it('whisper-1 on mono: speakerAttribution none, the two-speaker measures left out', async () => {
    stt = await startOpenAiSttServer({
      segments: call.lines.map((l) => ({ start: l.start, end: l.end, text: l.text })),
    });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MODEL: 'whisper-1' });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveCall(),
      storeRecording: false,
    });
    const result = await completed(id);
    expect(result.speakerAttribution).to.equal('none');
    expect(result).not.to.have.any.keys(
      'talkRatio',
      'interactivity',
      'patience',
      'longestMonologue',
      'longestCustomerStory',
      'customerQuestions',
    );
    expect(result.customerName).to.equal(null);
    expect(result.snippets.every((s) => s.isUser)).to.equal(true);
    expect(result.metricResponses.filter((m) => m.assessable === false).map((m) => m.title)).to.deep.equal([
      "Uses the customer's name",
      'Balanced talk time',
    ]);
    expect(stt.requests[0].fields).to.include({ model: 'whisper-1', response_format: 'verbose_json' });
  });

  it('gpt-4o-transcribe-diarize: diarized_json with chunking_strategy=auto, turns attributed by label', async () => {
    stt = await startOpenAiSttServer({ segments: [], script: SHORT_CALL.map((l) => l.text) });
    stack = await startRecordingStack({
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_MODEL: 'gpt-4o-transcribe-diarize',
    });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveCall(),
      storeRecording: true,
    });
    const result = await completed(id);
    expect(stt.requests).to.have.length(1);
    expect(stt.requests[0].fields).to.include({
      model: 'gpt-4o-transcribe-diarize',
      response_format: 'diarized_json',
      chunking_strategy: 'auto',
    });
    expect(stt.requests[0].fields).not.to.have.property('timestamp_granularities[]');
    expectRendition(stt.requests[0].audio, call.duration);
    expect(result.speakerAttribution).to.equal('diarization');
    expectTurnsByLabel(result);
    await keepHistory(stack.api, id, 'diarize-openai');
  });

  it('AssemblyAI: upload, transcript with speaker_labels and the roleplay language, polled to completion; turns by label', async () => {
    const spanish = [
      'Hola Dana, pues, soy Sam de Acme. ¿Tiene un minuto?',
      'Claro. ¿De qué se trata?',
      'O sea, ayudamos a reducir costes de rutas. ¿Cómo planifica hoy?',
      'Con hojas de cálculo.',
    ];
    aai = await startAssemblyAiServer({ apiKey: 'test-stt-key', script: spanish, detectedLanguage: 'es' });
    stack = await startRecordingStack({
      STT_PROVIDER: 'assemblyai',
      STT_BASE_URL: aai.url,
      STT_POLL_INTERVAL: '100ms',
    });
    // The roleplay is French-Canadian, but the call is in Spanish: the fillers are counted in Spanish.
    const roleplay = await createRoleplayFixture(tenant.company.id, { language: 'fr-CA' });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveCall(),
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    const result = await completed(id);
    expect(aai.uploads()).to.equal(1);
    expect(aai.created()).to.equal(1);
    const create = aai.requests.find((r) => r.method === 'POST' && r.path === '/v2/transcript');
    expect(create?.body).to.deep.include({
      speaker_labels: true,
      language_code: 'fr',
      speech_models: ['universal-3-pro', 'universal-2'],
    });
    expect(aai.requests.every((r) => r.authorization === 'test-stt-key')).to.equal(true);
    // It was polled while queued/processing, then read once completed.
    expect(aai.requests.filter((r) => r.method === 'GET').length).to.be.greaterThan(1);
    expect(result.speakerAttribution).to.equal('diarization');
    expect(result.snippets).to.deep.equal(spanish.map((text, i) => ({ isUser: i % 2 === 0, text })));
    expect(result.talkRatio).to.be.closeTo(generatedTalkRatio(call.lines), 0.05);
    // The stand-in answers with the language its detection found only when none was asked for; asked
    // fr, it says fr, and fr-CA is what is counted in then.
    expect(result.language).to.equal('fr-CA');
    await keepHistory(stack.api, id, 'assemblyai-diarized');
  });

  it('AssemblyAI without a language: it detects Spanish, and the Spanish fillers are counted', async () => {
    const spanish = [
      'Hola Dana, pues, soy Sam de Acme. ¿Tiene un minuto?',
      'Claro. ¿De qué se trata?',
      'O sea, ayudamos a reducir costes de rutas. ¿Cómo planifica hoy?',
      'Con hojas de cálculo.',
    ];
    aai = await startAssemblyAiServer({ apiKey: 'test-stt-key', script: spanish, detectedLanguage: 'es' });
    stack = await startRecordingStack({
      STT_PROVIDER: 'assemblyai',
      STT_BASE_URL: aai.url,
      STT_POLL_INTERVAL: '100ms',
    });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = serveCall();
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const result = await completed(id);
    // Not stored: the worker fetched the caller's file through its outbound checks and uploaded the
    // rendition; AssemblyAI never sees the caller's URL.
    expect(aai.uploads()).to.equal(1);
    const created = aai.requests.find((r) => r.path === '/v2/transcript')?.body as Record<string, unknown>;
    expect(created).to.include({ speaker_labels: true, language_detection: true });
    expect(created.audio_url).not.to.equal(url);
    expect(result.language).to.equal('es');
    expect(result.fillerWords).to.deep.equal([
      { word: 'o sea', count: 1 },
      { word: 'pues', count: 1 },
    ]);
  });

  it('AssemblyAI refusing the key, the upload or the audio fails the recording with its error', async () => {
    aai = await startAssemblyAiServer({ apiKey: 'the-real-key', script: [] });
    stack = await startRecordingStack({
      STT_PROVIDER: 'assemblyai',
      STT_BASE_URL: aai.url,
      STT_POLL_INTERVAL: '100ms',
    });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const refused = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveCall(),
      storeRecording: true,
    });
    const [hook] = await receiver.waitFor(hookPath, 1, 60_000);
    expect(hook.event?.type).to.equal('recording.processing.failed');
    expect((hook.event?.data as RecordingFailedData).reason).to.equal(
      'Transcription failed: The speech-to-text provider refused the API key (HTTP 401: Authentication error, API token missing/invalid)',
    );
    expect((await waitForRecording(stack.api, tenant.apiKey, refused)).status).to.equal('failed');
    // A 401 is not retried.
    expect(aai.requests).to.have.length(1);

    aai.set({ apiKey: 'test-stt-key', maxUploadBytes: 1000 });
    const tooLarge = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveCall(),
      storeRecording: true,
    });
    const view = await waitForRecording(stack.api, tenant.apiKey, tooLarge, 60_000);
    expect(view.status).to.equal('failed');
    expect(view.failureReason).to.match(/^Transcription failed: AssemblyAI answered HTTP 413: .*upload limit/);
    expect(aai.created()).to.equal(0);

    // A file that is not audio: the media step refuses it before anything is paid for.
    aai.set({ maxUploadBytes: 10_000_000 });
    const notAudio = files.serve(`/calls/${n}/not-audio.mp3`, {
      body: Buffer.from('ID3 but not really an mp3'.repeat(100)),
      contentType: 'audio/mpeg',
    });
    const undecodable = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: notAudio,
      storeRecording: true,
    });
    const failed = await waitForRecording(stack.api, tenant.apiKey, undecodable, 60_000);
    expect(failed.failureReason).to.equal(
      'Preparing the audio failed: The file is not audio or video that can be decoded',
    );
    expect(aai.created()).to.equal(0);
  });
});

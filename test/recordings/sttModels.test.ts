import { expect } from 'chai';
import { maxPieceMs } from '../../activities/media/pieces';
import { RENDITION_BITRATE } from '../../activities/media/audio';
import { providerLimits } from '../../activities/stt/limits';
import { loadConfig, type Config } from '../../common/config';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { fromJson } from '../../db/connection';
import { startAssemblyAiServer, type AssemblyAiServer } from '../support/assemblyAiServer';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  acceptRecording,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { generatedTalkRatio, SHORT_CALL, synthesizeCall, type SynthesizedCall } from '../support/speech';
import { startDeepgramServer, startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { voicedStretches } from '../support/voiceActivity';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Every speech-to-text model and provider the service supports, each asked as its provider's published
// API says (the stand-ins validate every request against the document and refuse what it refuses), and
// the errors a caller can act on: a refused key and a request the provider rejects fail at once with
// the provider's word, a rate limit or an outage is retried after Retry-After.

const SCRIPT = SHORT_CALL.map((l) => l.text);
const KEY = 'test-stt-key';

describe('speech-to-text: every model and provider as its published API defines it', function () {
  this.timeout(180_000);
  let call: SynthesizedCall;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stack: RecordingStack | undefined;
  let stt: SttServer | undefined;
  let aai: AssemblyAiServer | undefined;
  let tenant: TenantFixture;
  let n = 0;

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
    n += 1;
  });
  afterEach(async () => {
    await stack?.stop();
    await stt?.close();
    await aai?.close();
    stack = stt = aai = undefined;
  });

  async function run(
    config: Partial<Config>,
    language?: 'en',
  ): Promise<{ id: string; hook: RecordingCompletedData | null; reason: string | null }> {
    stack = await startRecordingStack(config);
    await registerWebhook(stack.api, tenant.apiKey, receiver, `/models/${n}`);
    const roleplay = language ? await createRoleplayFixture(tenant.company.id, { language }) : undefined;
    const url = files.serve(`/models/${n}/call.wav`, { body: call.wav, contentType: 'audio/wav' });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: true,
      ...(roleplay ? { roleplayId: roleplay.id } : {}),
    });
    const [hook] = await receiver.waitFor(`/models/${n}`, 1, 120_000);
    if (hook.event?.type === 'recording.processing.completed')
      return { id, hook: hook.event.data as RecordingCompletedData, reason: null };
    return { id, hook: null, reason: (await waitForRecording(stack.api, tenant.apiKey, id)).failureReason ?? null };
  }

  const resultOf = (r: { hook: RecordingCompletedData | null; reason: string | null }): RecordingAnalysis => {
    expect(r.reason).to.equal(null);
    return r.hook?.result as RecordingAnalysis;
  };

  it('whisper-1: verbose_json with segment timestamps, timed by the provider', async () => {
    stt = await startOpenAiSttServer({ segments: [], script: SCRIPT, apiKey: KEY });
    const result = resultOf(await run({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MODEL: 'whisper-1' }, 'en'));
    expect(stt.requests[0].body).to.deep.include({
      model: 'whisper-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['segment'],
      language: 'en',
    });
    expect(result.speakerAttribution).to.equal('none');
    expect(result.snippets.map((s) => s.text).join(' ')).to.equal(SCRIPT.join(' '));
  });

  for (const model of [
    'gpt-4o-transcribe',
    'gpt-4o-mini-transcribe',
    'gpt-4o-mini-transcribe-2025-12-15',
    'gpt-transcribe',
  ]) {
    it(`${model}: json only, the text placed over the media step's voiced stretches`, async () => {
      stt = await startOpenAiSttServer({ segments: [], script: SCRIPT, apiKey: KEY });
      const { id, ...outcome } = await run({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MODEL: model }, 'en');
      const result = resultOf(outcome);
      const body = stt.requests[0].body as Record<string, unknown>;
      expect(body).to.include({ model, response_format: 'json' });
      expect(body).not.to.have.any.keys('timestamp_granularities', 'prompt', 'chunking_strategy');
      // gpt-transcribe takes the language as `languages` ("Supported by gpt-transcribe"); the others as `language`.
      if (model === 'gpt-transcribe')
        expect(body)
          .to.deep.include({ languages: ['en'] })
          .and.not.have.property('language');
      else expect(body).to.include({ language: 'en' });
      expect(result.speakerAttribution).to.equal('none');
      expect(result.snippets.map((s) => s.text).join(' ')).to.equal(SCRIPT.join(' '));
      expect(result.length).to.be.closeTo(call.duration * 1000, 700);
      expect(result.wpm).to.be.above(100).and.below(250);
      // Each placed segment lies on a stretch the media step heard as voice.
      const row = await testEnv().db('recordings').where({ id }).first('transcript');
      const transcript = fromJson<{ timing?: string; segments: Array<{ startMs: number; endMs: number }> }>(
        row.transcript,
      );
      expect(transcript.timing).to.equal('placed');
      const { stretches } = await voicedStretches(call.wav);
      for (const s of transcript.segments)
        expect(
          stretches.some((v) => v.start * 1000 < s.endMs && v.end * 1000 > s.startMs),
          `${s.startMs}`,
        ).to.equal(true);
    });
  }

  it('gpt-4o-transcribe-diarize: diarized_json, chunking_strategy auto, no prompt; speakers by voice', async () => {
    stt = await startOpenAiSttServer({ segments: [], script: SCRIPT, apiKey: KEY });
    const result = resultOf(
      await run({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MODEL: 'gpt-4o-transcribe-diarize' }),
    );
    expect(stt.requests[0].body).to.include({ response_format: 'diarized_json', chunking_strategy: 'auto' });
    expect(stt.requests[0].body).not.to.have.any.keys('prompt', 'timestamp_granularities');
    expect(result.speakerAttribution).to.equal('diarization');
    expect(result.snippets).to.deep.equal(SHORT_CALL.map((l) => ({ isUser: l.voice === 'rep', text: l.text })));
    expect(result.talkRatio).to.be.closeTo(generatedTalkRatio(call.lines), 0.05);
  });

  it('Deepgram: diarize_model, utterances labelled by voice', async () => {
    stt = await startDeepgramServer({ segments: [], script: SCRIPT, apiKey: KEY });
    const result = resultOf(await run({ STT_PROVIDER: 'deepgram', STT_BASE_URL: stt.url, STT_MODEL: 'nova-3' }));
    expect(Object.fromEntries(stt.requests[0].query)).to.include({
      model: 'nova-3',
      diarize_model: 'latest',
      utterances: 'true',
      detect_language: 'true',
    });
    expect(result.speakerAttribution).to.equal('diarization');
    expect(result.snippets).to.deep.equal(SHORT_CALL.map((l) => ({ isUser: l.voice === 'rep', text: l.text })));
    expect(result.talkRatio).to.be.closeTo(generatedTalkRatio(call.lines), 0.05);
  });

  it('a refused key fails at once, saying so (OpenAI and Deepgram 401)', async () => {
    stt = await startOpenAiSttServer({ segments: [], script: SCRIPT, apiKey: 'another-key' });
    const openai = await run({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    expect(openai.reason).to.equal(
      'Transcription failed: The speech-to-text provider refused the API key (HTTP 401: Incorrect API key provided)',
    );
    expect(stt.requests).to.have.length(1);
    await stack?.stop();
    await stt.close();
    n += 1;
    stt = await startDeepgramServer({ segments: [], script: SCRIPT, apiKey: 'another-key' });
    const deepgram = await run({ STT_PROVIDER: 'deepgram', STT_BASE_URL: stt.url });
    expect(deepgram.reason).to.match(
      /^Transcription failed: The speech-to-text provider refused the API key \(HTTP 401: /,
    );
    expect(stt.requests).to.have.length(1);
  });

  it("a request the provider refuses (400) fails at once with the provider's message, never retried", async () => {
    stt = await startOpenAiSttServer({ segments: [], script: SCRIPT, apiKey: KEY });
    const { reason } = await run({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MODEL: 'whisper-2' });
    expect(reason).to.equal(
      "Transcription failed: The speech-to-text provider answered HTTP 400: The model 'whisper-2' does not exist or you do not have access to it.",
    );
    expect(stt.requests).to.have.length(1);
  });

  it('an answer larger than PROVIDER_ANSWER_MAX_BYTES fails at once, unread, never retried', async () => {
    // A valid Deepgram answer (checked against its document by the stand-in) of about 300 KB: one utterance
    // of 50,000 words, against a limit of 100 KB.
    stt = await startDeepgramServer({ segments: [{ start: 0, end: 2, text: 'again '.repeat(50_000).trim() }] });
    const { reason } = await run({
      STT_PROVIDER: 'deepgram',
      STT_BASE_URL: stt.url,
      PROVIDER_ANSWER_MAX_BYTES: 100_000,
    });
    expect(reason).to.equal(
      'Transcription failed: The speech-to-text provider answered with more than PROVIDER_ANSWER_MAX_BYTES allows; the answer was not read',
    );
    expect(stt.requests).to.have.length(1);
  });

  it('a rate limit (Deepgram 429) and an outage (AssemblyAI 503) are retried after Retry-After', async () => {
    stt = await startDeepgramServer({
      segments: [],
      script: SCRIPT,
      apiKey: KEY,
      failTimes: 1,
      failStatus: 429,
      retryAfter: '1',
    });
    resultOf(await run({ STT_PROVIDER: 'deepgram', STT_BASE_URL: stt.url }));
    expect(stt.requests).to.have.length(2);
    await stack?.stop();
    n += 1;
    aai = await startAssemblyAiServer({
      apiKey: KEY,
      script: SCRIPT,
      failTimes: 1,
      failStatus: 503,
      retryAfter: '1',
      queuedMs: 0,
      processingMs: 0,
    });
    resultOf(await run({ STT_PROVIDER: 'assemblyai', STT_BASE_URL: aai.url, STT_POLL_INTERVAL: '100ms' }));
    expect(aai.uploads()).to.equal(2);
    expect(aai.created()).to.equal(1);
  });

  it('a 413 cannot happen: every piece is within its provider’s documented limits, and only those limits cut', () => {
    const config = (overrides: Partial<Config>): Config => loadConfig(process.env, overrides);
    const bytesOf = (ms: number): number => (ms / 1000) * (RENDITION_BITRATE / 8);
    for (const [provider, model, maxMs] of [
      ['openai', 'whisper-1', 10 * 60_000],
      ['openai', 'gpt-4o-transcribe', 1_395_000],
      ['openai', 'gpt-4o-transcribe-diarize', 1_395_000],
      ['deepgram', 'nova-3', Number.POSITIVE_INFINITY],
      ['assemblyai', 'whisper-1', 10 * 3600_000],
    ] as const) {
      const c = config({ STT_PROVIDER: provider, STT_MODEL: model });
      const limits = providerLimits(c);
      const piece = maxPieceMs(c);
      expect(bytesOf(piece), `${provider} ${model}`).to.be.at.most(limits.maxBytes);
      // Deepgram and AssemblyAI are no longer held to OpenAI's 25 MB: a 4-hour call is one piece.
      if (provider !== 'openai') expect(piece).to.be.above(4 * 3600_000);
      else expect(piece).to.equal(maxMs);
    }
    expect(providerLimits(config({ STT_PROVIDER: 'openai', STT_MAX_UPLOAD_BYTES: 5_000_000 })).maxBytes).to.equal(
      5_000_000,
    );
  });
});

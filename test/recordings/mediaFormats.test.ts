import fs from 'node:fs/promises';
import { expect } from 'chai';
import type { RecordingFailedData } from '../../common/webhookEvents';
import { workflowIds } from '../../common/temporal';
import { createRoleplayFixture } from '../support/contentFixtures';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { callIn, CONTENT_TYPES, mediaSeconds, silentMp3, truncatedMp3, type MediaFormat } from '../support/mediaFiles';
import { acceptRecording, filesUnder, registerWebhook, startRecordingStack, waitForRecording, type RecordingStack } from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Recordings as recorders make them: every format completes with only audio sent to the provider;
// what is not usable audio fails at once, with its reason, a webhook and no retry.

describe('recordings: media formats', function () {
  this.timeout(240_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let roleplayId: string;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: [], fromAudio: true });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    tenant = await createTenant();
    roleplayId = (await createRoleplayFixture(tenant.company.id)).id;
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/media');
  });
  after(async () => {
    await stack.stop();
    await Promise.all([files.close(), receiver.close(), stt.close()]);
  });

  const formats: MediaFormat[] = ['wav', 'mp3', 'm4a', 'ogg', 'webm', 'mp4'];
  for (const format of formats) {
    it(`${format}: completes with the whole audio, and only audio, sent once`, async () => {
      const file = await callIn(format);
      const seconds = await mediaSeconds(file);
      const body = await fs.readFile(file);
      const url = files.serve(`/formats/call.${format}`, { body, contentType: CONTENT_TYPES[format] });
      const before = stt.requests.length;
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true, roleplayId });
      const view = await waitForRecording(stack.api, tenant.apiKey, id, 90_000);
      expect(view.status, view.failureReason ?? '').to.equal('completed');
      const sent = stt.requests.slice(before);
      expect(sent).to.have.length(1);
      // An audio-only Ogg/Opus rendition of the whole call; the stand-in heard every line of it.
      expect(sent[0].audio?.subarray(0, 4).toString('latin1')).to.equal('OggS');
      expect(sent[0].fields['file.filename']).to.match(/\.ogg$/);
      expect(sent[0].audioSeconds).to.be.closeTo(seconds, 0.3);
      expect(sent[0].bytes).to.be.below(body.length);
      const result = view.result as { length: number; snippets: { text: string }[] };
      expect(result.length).to.be.closeTo(seconds * 1000, 1000);
      expect(result.snippets.map((s) => s.text).join(' ')).to.match(/^Part 1 lasts [\d.]+ seconds\./);

      const session = await stack.api.request<{ audioUrl?: string; videoUrl?: string }>('GET', `/api/roleplay/session/${view.sessionId}`, { apiKey: tenant.apiKey });
      expect(session.status).to.equal(200);
      const link = format === 'mp4' ? session.body.videoUrl : session.body.audioUrl;
      expect(session.body).to.not.have.property(format === 'mp4' ? 'audioUrl' : 'videoUrl');
      expect(link).to.be.a('string');
      // The link serves the stored original, video included.
      const signed = new URL(link as string);
      const served = await fetch(new URL(signed.pathname + signed.search, stack.api.url));
      expect(served.status).to.equal(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(body)).to.equal(true);
      expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
    });
  }

  async function hooksFor(id: string): Promise<ReturnType<WebhookReceiver['on']>> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const hooks = receiver.on('/media').filter((h) => (h.event?.data as RecordingFailedData | undefined)?.recordingId === id);
      if (hooks.length > 0 || Date.now() > deadline) return hooks;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function expectFailsAtOnce(name: string, body: Buffer, contentType: string, reason: RegExp): Promise<void> {
    const url = files.serve(`/bad/${name}`, { body, contentType });
    const before = stt.requests.length;
    const started = Date.now();
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true });
    const view = await waitForRecording(stack.api, tenant.apiKey, id, 30_000);
    expect(Date.now() - started).to.be.below(10_000);
    expect(view.status).to.equal('failed');
    expect(view.failureReason).to.match(reason);
    const hooks = await hooksFor(id);
    expect(hooks).to.have.length(1);
    expect(hooks[0].event?.type).to.equal('recording.processing.failed');
    expect((hooks[0].event?.data as RecordingFailedData).reason).to.equal(view.failureReason);
    expect(stt.requests.length).to.equal(before);
    // The media step ran once: its failure is final.
    const history = await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).fetchHistory();
    const attempts = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes?.attempt);
    const scheduled = (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'prepareMedia');
    expect(scheduled).to.have.length(1);
    expect(attempts.every((a) => a === 1)).to.equal(true);
    expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
  }

  it('an HTML page served as audio fails at once as undecodable', async () => {
    const html = Buffer.from('<!doctype html><html><head><title>Access denied</title></head><body><h1>Session expired</h1></body></html>'.repeat(20));
    await expectFailsAtOnce('page.mp3', html, 'audio/mpeg', /^Preparing the audio failed: The file is not audio or video that can be decoded/);
  });

  it('a truncated MP3 fails at once as truncated', async () => {
    await expectFailsAtOnce('cut.mp3', await truncatedMp3(), 'audio/mpeg', /^Preparing the audio failed: The audio ends after [\d.]+ s of the [\d.]+ s the file declares; the file is truncated$/);
  });

  it('a silent file fails at once as silent', async () => {
    await expectFailsAtOnce('silent.mp3', await fs.readFile(await silentMp3()), 'audio/mpeg', /^Preparing the audio failed: The recording is silent: no sound was found in it$/);
  });
});

import { expect } from 'chai';
import type { RecordingCompletedData, RecordingFailedData } from '../../common/webhookEvents';
import { createRoleplayFixture } from '../support/contentFixtures';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  AUDIO_FORMATS,
  encodedCall,
  HTML_AS_AUDIO,
  richMp3Call,
  silentCall,
  truncatedCall,
  videoCall,
  type AudioFormat,
} from '../support/mediaFiles';
import {
  acceptRecording,
  CONVERSATION,
  filesUnder,
  keepHistory,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { audioFacts, expectRendition } from '../support/renditionCheck';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Recordings as call recorders make them go through the media step: every container a recorder
// produces completes, the provider gets audio only, a video keeps its original for playback, and
// files that cannot be transcribed fail at once with a reason, without retries.

interface SessionMedia {
  audioUrl?: string | null;
  videoUrl?: string | null;
}

describe('recordings: media formats and unusable files', function () {
  this.timeout(120_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;
  let n = 0;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    tenant = await createTenant();
  });
  after(async () => {
    await stack.stop();
    await stt.close();
    await files.close();
    await receiver.close();
  });

  async function submitStored(
    name: string,
    body: Buffer,
    contentType: string,
    roleplayId?: string,
  ): Promise<{ id: string; hookPath: string }> {
    const hookPath = `/media/${++n}`;
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = files.serve(`/media/${n}/${name}`, { body, contentType });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: true,
      ...(roleplayId ? { roleplayId } : {}),
    });
    return { id, hookPath };
  }

  for (const format of Object.keys(AUDIO_FORMATS) as AudioFormat[]) {
    // The MP3 is mono at 128 kbps in one piece: sent as it is; every other format gets the rendition.
    const asItIs = format === 'mp3';
    it(`a ${format.toUpperCase()} call completes; the provider gets ${asItIs ? 'the mono MP3 as it is' : 'a 16 kHz mono MP3 of it'}; the session offers audioUrl`, async () => {
      const bytes = encodedCall(format);
      const roleplay = await createRoleplayFixture(tenant.company.id);
      const before = stt.requests.length;
      const { id, hookPath } = await submitStored(
        `call.${format}`,
        bytes,
        AUDIO_FORMATS[format].contentType,
        roleplay.id,
      );
      const [hook] = await receiver.waitFor(hookPath, 1);
      expect(hook.event?.type).to.equal('recording.processing.completed');
      const data = hook.event?.data as RecordingCompletedData;
      const seconds = audioFacts(bytes).seconds;
      expect(data.result.length).to.be.closeTo(seconds * 1000, 1000);
      const sent = stt.requests.slice(before);
      expect(sent).to.have.length(1);
      expectRendition(sent[0].audio, seconds);
      expect(sent[0].audio!.equals(bytes)).to.equal(asItIs);
      if (!asItIs) expect(audioFacts(sent[0].audio!).bitRate).to.equal(32_000);
      const session = await stack.api.request<SessionMedia>('GET', `/api/roleplay/session/${data.sessionId}`, {
        apiKey: tenant.apiKey,
      });
      expect(session.body.audioUrl).to.be.a('string');
      expect(session.body).not.to.have.property('videoUrl');
      expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');
    });
  }

  it("a mono MP3 at more than four times the rendition's bit rate is rendered before it is sent", async () => {
    const rich = richMp3Call();
    expect(audioFacts(rich)).to.include({ codec: 'mp3', channels: 1, bitRate: 160_000 });
    const before = stt.requests.length;
    const { hookPath } = await submitStored('rich.mp3', rich, 'audio/mpeg');
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    const sent = stt.requests.slice(before);
    expect(sent).to.have.length(1);
    expectRendition(sent[0].audio, audioFacts(rich).seconds);
    expect(audioFacts(sent[0].audio!).bitRate).to.equal(32_000);
    expect(sent[0].audio!.length).to.be.below(rich.length / 4);
  });

  it('an MP4 video completes with audio only sent to the provider; the session videoUrl serves the original', async () => {
    const video = videoCall();
    expect(audioFacts(video).streams).to.include('video');
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const before = stt.requests.length;
    const { id, hookPath } = await submitStored('meeting.mp4', video, 'video/mp4', roleplay.id);
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    const data = hook.event?.data as RecordingCompletedData;
    const sent = stt.requests.slice(before);
    expect(sent).to.have.length(1);
    expectRendition(sent[0].audio, audioFacts(video).seconds);
    expect(sent[0].audio!.length).to.be.below(video.length / 20);

    const session = await stack.api.request<SessionMedia>('GET', `/api/roleplay/session/${data.sessionId}`, {
      apiKey: tenant.apiKey,
    });
    expect(session.body).not.to.have.property('audioUrl');
    expect(session.body.videoUrl).to.be.a('string');
    // The link is built on PUBLIC_URL; the test API listens elsewhere, so keep only its path and signature.
    const link = new URL(session.body.videoUrl as string);
    const played = await fetch(stack.api.url + link.pathname + link.search);
    expect(played.status).to.equal(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(video)).to.equal(true);
    await keepHistory(stack.api, id, 'media-video');
  });

  const unusable: Array<{ name: string; file: () => Buffer; contentType: string; reason: RegExp }> = [
    {
      name: 'an HTML error page served as audio/mpeg',
      file: () => HTML_AS_AUDIO,
      contentType: 'audio/mpeg',
      reason: /^Preparing the audio failed: The file is not audio or video that can be decoded/,
    },
    {
      name: 'a truncated MP3',
      file: truncatedCall,
      contentType: 'audio/mpeg',
      reason: /^Preparing the audio failed: The file is truncated or damaged: only \d+\.\d s of the \d+\.\d s/,
    },
    {
      name: 'a silent file',
      file: silentCall,
      contentType: 'audio/mpeg',
      reason: /^Preparing the audio failed: The recording has no sound/,
    },
  ];
  for (const { name, file, contentType, reason } of unusable) {
    it(`${name} fails at its first attempt with its reason and a failed webhook, without retries or a provider call`, async () => {
      const before = stt.requests.length;
      const { id, hookPath } = await submitStored('call.mp3', file(), contentType);
      const [hook] = await receiver.waitFor(hookPath, 1);
      expect(hook.event?.type).to.equal('recording.processing.failed');
      const data = hook.event?.data as RecordingFailedData;
      expect(data.reason).to.match(reason);
      const view = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(view.status).to.equal('failed');
      expect(view.failureReason).to.equal(data.reason);
      expect(stt.requests.length).to.equal(before);
      // One attempt only: the media step's failure was non-retryable.
      const history = await stack.api.temporal.workflow.getHandle(`recording-${id}`).fetchHistory();
      const prepares = (history.events ?? []).filter(
        (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'prepareMedia',
      );
      const attempts = (history.events ?? [])
        .filter((e) => e.activityTaskStartedEventAttributes)
        .map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 1);
      expect(prepares).to.have.length(1);
      expect(Math.max(...attempts)).to.equal(1);
      expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
      if (name === 'a truncated MP3') await keepHistory(stack.api, id, 'media-failed-truncated');
    });
  }
});

import { expect } from 'chai';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { stereoCall } from '../support/mediaFiles';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  startRecordingStack,
  type RecordingStack,
} from '../support/recordingFixtures';
import { expectRendition } from '../support/renditionCheck';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { voicedStretches } from '../support/voiceActivity';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A dual-channel call (the customer on the left, the rep on the right) transcribed by whisper-1,
// which labels no speakers: the media step transcribes each channel on its own and the channel
// tells who spoke.

const spokenSeconds = async (wav: Buffer): Promise<number> =>
  (await voicedStretches(wav)).stretches.reduce((sum, s) => sum + (s.end - s.start), 0);

describe('recordings: stereo calls, speakers by channel', function () {
  this.timeout(180_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;
  let n = 0;
  // The rep (speaker 0) opens the call in the script, so "first speaker" and "right channel" agree.
  const call = stereoCall(CONVERSATION, 26, 0);

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: [], timedScript: CONVERSATION });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    tenant = await createTenant();
  });
  after(async () => {
    await stack.stop();
    await stt.close();
    await files.close();
    await receiver.close();
  });

  async function analyse(repChannel?: 'left' | 'right'): Promise<RecordingAnalysis> {
    const hookPath = `/stereo/${++n}`;
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = files.serve(`/stereo/${n}/call.wav`, { body: call.wav, contentType: 'audio/wav' });
    const before = stt.requests.length;
    await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: false,
      ...(repChannel ? { repChannel } : {}),
    });
    const [hook] = await receiver.waitFor(hookPath, 1, 120_000);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    // One request per channel, each a mono rendition of that side only.
    const sent = stt.requests.slice(before);
    expect(sent.map((r) => r.fields['file.filename']).sort()).to.deep.equal(['left-0.mp3', 'right-0.mp3']);
    for (const r of sent) expectRendition(r.audio, 26);
    return (hook.event?.data as RecordingCompletedData).result;
  }

  it("repChannel right: the turns are the rep's and the customer's in order, talk ratio within 0.05 of the generated speech", async () => {
    const result = await analyse('right');
    expect(result.speakerAttribution).to.equal('channels');
    expect(result.snippets).to.deep.equal(CONVERSATION.map((l) => ({ isUser: l.speaker === 0, text: l.text })));
    const rep = await spokenSeconds(call.rep);
    const customer = await spokenSeconds(call.customer);
    expect(result.talkRatio).to.be.closeTo(rep / (rep + customer), 0.05);
    expect(result.customerName).to.equal('Dana');
  });

  it('without repChannel the side that speaks first is the rep; repChannel left makes the other side the rep', async () => {
    const first = await analyse();
    expect(first.snippets.map((s) => s.isUser)).to.deep.equal(CONVERSATION.map((l) => l.speaker === 0));
    const swapped = await analyse('left');
    expect(swapped.snippets.map((s) => s.isUser)).to.deep.equal(CONVERSATION.map((l) => l.speaker !== 0));
  });
});

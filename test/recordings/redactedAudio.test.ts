import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ASSEMBLYAI_REDACTION } from '../../activities/stt/assemblyai';
import type { TranscriptView } from '../../api/schemas/transcripts';
import { PII_KINDS } from '../../common/redaction';
import { SILENCE_MARGIN_MS } from '../../activities/media/silence';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { toneCall } from '../support/mediaFiles';
import {
  acceptRecording,
  filesUnder,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startAssemblyAiServer, type AssemblyAiServer } from '../support/assemblyAiServer';
import { startDeepgramServer, type SttServer } from '../support/sttServers';

const run = promisify(execFile);

// Audio with redactPii: the providers are asked to redact as their published documents define it, and the
// stored file is silent where the card number was said (ffmpeg's silencedetect on the file in the store)
// and as it was everywhere else.

/** The call's words: the customer reads a card number whose four groups are said from 4.5 s to 7.1 s. */
const CARD_AT = { start: 4.5, end: 7.1 };
const SEGMENTS = [
  { start: 0, end: 3, speaker: 0, text: 'Could you read me the card number, please?' },
  {
    start: 3.5,
    end: 9,
    speaker: 1,
    text: 'Sure, it is 4111 1111 1111 1111, thanks.',
    words: [
      { start: 3.5, end: 3.8, text: 'Sure,' },
      { start: 3.9, end: 4.0, text: 'it' },
      { start: 4.0, end: 4.2, text: 'is' },
      { start: 4.5, end: 5.0, text: '4111' },
      { start: 5.2, end: 5.7, text: '1111' },
      { start: 5.9, end: 6.4, text: '1111' },
      { start: 6.6, end: 7.1, text: '1111,' },
      { start: 7.6, end: 8.0, text: 'thanks.' },
    ],
  },
  { start: 9.5, end: 12, speaker: 0, text: 'Great, thank you. Is there anything else?' },
];

/** The silences ffmpeg hears in a file (below -50 dB for 0.2 s or more), in seconds. */
async function silencesIn(file: string): Promise<Array<{ start: number; end: number }>> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'silencedetect=noise=-50dB:d=0.2',
    '-f',
    'null',
    '-',
  ]);
  return [...stderr.matchAll(/silence_start: (-?[\d.]+)[\s\S]*?silence_end: ([\d.]+)/g)].map((m) => ({
    start: Number(m[1]),
    end: Number(m[2]),
  }));
}

/** The mean volume (dB) of `file` between two times, by ffmpeg's volumedetect. */
async function meanVolume(file: string, from: number, to: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-ss',
    String(from),
    '-to',
    String(to),
    '-i',
    file,
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
}

describe('recordings: redacted audio', function () {
  this.timeout(120_000);
  let files: FileServer;
  let stt: SttServer | undefined;
  let aai: AssemblyAiServer | undefined;
  let stack: RecordingStack | undefined;
  let tenant: TenantFixture;
  let n = 0;

  before(async () => {
    files = await startFileServer();
  });
  after(async () => {
    await files.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });
  afterEach(async () => {
    await stack?.stop();
    await stt?.close();
    await aai?.close();
    stack = undefined;
    stt = undefined;
    aai = undefined;
  });

  const serveTone = (): string =>
    files.serve(`/calls/${++n}/call.mp3`, { body: toneCall(), contentType: 'audio/mpeg' });

  it('Deepgram: asks for redact=pci only (names are kept); the stored file is silent where the card number was said, and only there', async () => {
    stt = await startDeepgramServer({ apiKey: 'test-stt-key', segments: SEGMENTS, duration: 12 });
    stack = await startRecordingStack({ STT_PROVIDER: 'deepgram', STT_BASE_URL: stt.url });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveTone(),
      storeRecording: true,
      redactPii: true,
    });
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    expect(view.redactPii).to.equal(true);
    // Deepgram's `pii` also removes names and locations: only `pci`, and not `numbers`.
    expect(stt.requests.map((r) => r.query.getAll('redact'))).to.deep.equal(stt.requests.map(() => ['pci']));
    const transcript = await stack.api.request<TranscriptView>('GET', `/api/recording/${id}/transcript`, {
      apiKey: tenant.apiKey,
    });
    expect(transcript.text).to.include('Sure, it is [CREDIT_CARD_NUMBER], thanks.').and.not.to.include('4111');

    const [stored] = (await filesUnder(stack.storageDir)).filter((f) => f.includes(id));
    expect(stored, 'the recording is in the store').to.be.a('string');
    const file = path.join(stack.storageDir, stored);
    const margin = SILENCE_MARGIN_MS / 1000;
    const silences = await silencesIn(file);
    expect(silences, JSON.stringify(silences)).to.have.length(1);
    // MP3 frames are 26 ms: the silence starts and ends within a few frames of the span.
    expect(silences[0].start).to.be.closeTo(CARD_AT.start - margin, 0.1);
    expect(silences[0].end).to.be.closeTo(CARD_AT.end + margin, 0.1);
    // Everywhere else the tone is as loud as in the caller's file.
    const original = path.join(os.tmpdir(), `sp-tone-${process.pid}.mp3`);
    await writeFile(original, toneCall());
    for (const [from, to] of [
      [0.5, 4],
      [7.5, 11.5],
    ])
      expect(await meanVolume(file, from, to)).to.be.closeTo(await meanVolume(original, from, to), 1);
    expect(await silencesIn(original)).to.deep.equal([]);
    expect((await readFile(file)).length).to.be.greaterThan(0);
  });

  it('AssemblyAI: asks for redact_pii with exactly the seven policies and entity names, not redact_pii_audio; not stored, nothing to silence', async () => {
    // The tone is one voiced stretch: its words are the customer's, with AssemblyAI's own mark for the card.
    aai = await startAssemblyAiServer({
      apiKey: 'test-stt-key',
      script: ['Sure, it is 4111 1111 1111 1111, thanks.'],
      pii: [{ text: '4111 1111 1111 1111', policy: 'credit_card_number' }],
    });
    stack = await startRecordingStack({
      STT_PROVIDER: 'assemblyai',
      STT_BASE_URL: aai.url,
      STT_POLL_INTERVAL: '100ms',
    });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: serveTone(),
      storeRecording: false,
      redactPii: true,
    });
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    const create = aai.requests.find((r) => r.method === 'POST' && r.path === '/v2/transcript')?.body as Record<
      string,
      unknown
    >;
    expect(create).to.deep.include({
      redact_pii: true,
      redact_pii_policies: [...PII_KINDS],
      redact_pii_sub: 'entity_name',
    });
    expect(ASSEMBLYAI_REDACTION.redact_pii_policies).to.have.length(7);
    expect(create).not.to.have.property('redact_pii_audio');
    const transcript = await stack.api.request<TranscriptView>('GET', `/api/recording/${id}/transcript`, {
      apiKey: tenant.apiKey,
    });
    // AssemblyAI's own mark is the service's placeholder: the text reads as the built-in pass would write it.
    expect(transcript.text).to.include('Sure, it is [CREDIT_CARD_NUMBER], thanks.').and.not.to.include('4111');
  });
});

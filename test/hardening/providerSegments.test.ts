import { expect } from 'chai';
import { parseAssemblyAiTranscript } from '../../activities/stt/assemblyai';
import { mergeChannelTranscripts } from '../../activities/stt/channels';
import { parseListenAnswer } from '../../activities/stt/deepgram';
import { parseVerboseJson } from '../../activities/stt/openai';

// Issue 49: a provider's answer may hold any number of segments. The parsers took the call's length as
// Math.max over a spread of every segment's end, which throws RangeError past ~120k arguments: the activity
// failed on an answer it could read. Each parser is given more than that, without the answer's own
// duration, so the length comes from the segments.

const SEGMENTS = 200_000;
const last = (SEGMENTS - 1) * 0.01 + 0.01;

describe('hardening: speech-to-text answers of very many segments', () => {
  it('OpenAI verbose_json', () => {
    const t = parseVerboseJson({
      text: 'Hi.',
      segments: Array.from({ length: SEGMENTS }, (_, i) => ({
        id: i,
        start: i * 0.01,
        end: i * 0.01 + 0.01,
        text: 'Hi.',
      })),
    });
    expect(t.segments).to.have.length(SEGMENTS);
    expect(t.durationMs).to.equal(Math.round(last * 1000));
  });

  it('Deepgram utterances', () => {
    const t = parseListenAnswer(
      {
        metadata: {},
        results: {
          channels: [{ alternatives: [{ transcript: 'Hi.' }] }],
          utterances: Array.from({ length: SEGMENTS }, (_, i) => ({
            start: i * 0.01,
            end: i * 0.01 + 0.01,
            transcript: 'Hi.',
            speaker: i % 2,
          })),
        },
      },
      null,
    );
    expect(t.segments).to.have.length(SEGMENTS);
    expect(t.durationMs).to.equal(Math.round(last * 1000));
  });

  it('AssemblyAI utterances', () => {
    const t = parseAssemblyAiTranscript({
      status: 'completed',
      text: 'Hi.',
      utterances: Array.from({ length: SEGMENTS }, (_, i) => ({
        start: i * 10,
        end: i * 10 + 10,
        text: 'Hi.',
        speaker: i % 2 === 0 ? 'A' : 'B',
      })),
    });
    expect(t.segments).to.have.length(SEGMENTS);
    expect(t.durationMs).to.equal(SEGMENTS * 10);
  });

  it('two channels merged', () => {
    const side = (offset: number): Parameters<typeof mergeChannelTranscripts>[0]['left'] => ({
      provider: 'openai',
      language: 'en',
      durationMs: 1_000,
      segments: Array.from({ length: SEGMENTS / 2 }, (_, i) => ({
        startMs: i * 20 + offset,
        endMs: i * 20 + offset + 10,
        text: 'Hi.',
        speaker: null,
      })),
    });
    const t = mergeChannelTranscripts({ left: side(0), right: side(10) });
    expect(t.segments).to.have.length(SEGMENTS);
    expect(t.durationMs).to.equal((SEGMENTS / 2 - 1) * 20 + 20);
  });
});

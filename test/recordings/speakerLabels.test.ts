import { expect } from 'chai';
import { toTurns } from '../../activities/analysis/turns';
import { parseAssemblyAiTranscript } from '../../activities/stt/assemblyai';
import { mergeChannelTranscripts } from '../../activities/stt/channels';
import { parseMultichannelAnswer } from '../../activities/stt/deepgram';
import { parseDiarizedJson } from '../../activities/stt/openai';
import { speakerAttributionOf, type Transcript } from '../../activities/stt/transcript';
import { ApiError } from '../../api/errors';
import { toSubmittedTranscript } from '../../api/commands/recordingSubmission';

// Speaker labels from every source: provider answers (diarized_json, Deepgram multichannel,
// AssemblyAI utterances), two single-channel transcripts merged, and submitted transcripts.

const seg = (startS: number, endS: number, text: string, speaker: string | null = null) => ({ startMs: startS * 1000, endMs: endS * 1000, text, speaker });
const mono = (segments: Transcript['segments'], language: string | null = null): Transcript => ({
  provider: 'openai',
  language,
  durationMs: Math.max(0, ...segments.map((s) => s.endMs)),
  segments,
});

describe('recordings: speaker labels', () => {
  it('merges two single-channel transcripts: labelled by channel, in time order, the first to speak is the rep unless repChannel says otherwise', () => {
    const left = mono([seg(3, 5, 'Who is calling?'), seg(9, 10, '  ')], 'en');
    const right = mono([seg(0.5, 2.5, 'Hi, Sam from Acme.'), seg(6, 8, 'Sam, from Acme. Got a minute?')]);
    const merged = mergeChannelTranscripts({ left, right });
    expect(merged).to.deep.equal({
      provider: 'openai',
      language: 'en',
      durationMs: 10_000,
      segments: [seg(0.5, 2.5, 'Hi, Sam from Acme.', 'right'), seg(3, 5, 'Who is calling?', 'left'), seg(6, 8, 'Sam, from Acme. Got a minute?', 'right')],
      speakerAttribution: 'channels',
      repSpeaker: 'right',
    });
    expect(speakerAttributionOf(merged)).to.equal('channels');
    expect(toTurns(merged).map((t) => t.isUser)).to.deep.equal([true, false, true]);
    // The caller says the rep is on the left: the right channel becomes the customer even though it spoke first.
    const leftRep = mergeChannelTranscripts({ left, right }, 'left');
    expect(leftRep.repSpeaker).to.equal('left');
    expect(toTurns(leftRep).map((t) => t.isUser)).to.deep.equal([false, true, false]);
  });

  it('parses gpt-4o-transcribe-diarize diarized_json segments', () => {
    const t = parseDiarizedJson(
      {
        task: 'transcribe',
        duration: 7.5,
        text: 'Hi there. Hello.',
        segments: [
          { type: 'transcript.text.segment', id: 'seg_0', start: 0.2, end: 2, text: ' Hi there.', speaker: 'A' },
          { type: 'transcript.text.segment', id: 'seg_1', start: 2.5, end: 7.5, text: 'Hello.', speaker: 'B' },
        ],
        usage: { type: 'duration', seconds: 8 },
      },
      'en',
    );
    expect(t).to.deep.equal({
      provider: 'openai',
      language: 'en',
      durationMs: 7500,
      segments: [seg(0.2, 2, 'Hi there.', 'A'), seg(2.5, 7.5, 'Hello.', 'B')],
      speakerAttribution: 'diarization',
    });
  });

  it('parses a Deepgram multichannel answer per channel (results.channels[n], utterances by channel)', () => {
    const t = parseMultichannelAnswer(
      {
        metadata: { duration: 9, channels: 2 },
        results: {
          channels: [
            { detected_language: 'en', alternatives: [{ transcript: 'Who is this?' }] },
            { alternatives: [{ transcript: 'Hi. Sam here.', words: [{ start: 0, end: 1 }, { start: 6, end: 7 }] }] },
          ],
          utterances: [
            { start: 0, end: 1, transcript: 'Hi.', channel: 1, speaker: 0 },
            { start: 2, end: 3.5, transcript: 'Who is this?', channel: 0, speaker: 0 },
            { start: 6, end: 7, transcript: 'Sam here.', channel: 1, speaker: 0 },
          ],
        },
      },
      null,
    );
    expect(t.segments).to.deep.equal([seg(0, 1, 'Hi.', 'right'), seg(2, 3.5, 'Who is this?', 'left'), seg(6, 7, 'Sam here.', 'right')]);
    expect(t).to.include({ provider: 'deepgram', language: 'en', durationMs: 9000, speakerAttribution: 'channels', repSpeaker: 'right' });
  });

  it('parses AssemblyAI utterances (milliseconds; speaker letters, or channels with multichannel)', () => {
    const diarised = parseAssemblyAiTranscript({
      id: 'x',
      status: 'completed',
      language_code: 'en_us',
      audio_duration: 12,
      utterances: [
        { speaker: 'A', start: 250, end: 3000, text: 'Hello, Sam here.', channel: null },
        { speaker: 'B', start: 3600, end: 5100, text: 'Hi Sam.', channel: null },
      ],
    });
    expect(diarised).to.deep.equal({
      provider: 'assemblyai',
      language: 'en_us',
      durationMs: 12_000,
      segments: [seg(0.25, 3, 'Hello, Sam here.', 'A'), seg(3.6, 5.1, 'Hi Sam.', 'B')],
      speakerAttribution: 'diarization',
    });
    const stereo = parseAssemblyAiTranscript({
      status: 'completed',
      multichannel: true,
      audio_duration: 4,
      utterances: [
        { speaker: '2', channel: '2', start: 1000, end: 2000, text: 'Yes?' },
        { speaker: '1', channel: '1', start: 0, end: 900, text: 'Hi.' },
      ],
    });
    expect(stereo.segments).to.deep.equal([seg(0, 0.9, 'Hi.', 'left'), seg(1, 2, 'Yes?', 'right')]);
    expect(stereo.speakerAttribution).to.equal('channels');
  });

  it('reads submitted WebVTT voices and segments; repSpeaker names the rep; malformed WebVTT names its line', () => {
    const vtt = ['WEBVTT', '', '1', '00:00:00.000 --> 00:00:03.500', '<v Dana Reyes>Hi, this is Dana from Acme.', '', '00:00:04.000 --> 00:00:06.000', '<v.loud Pat>Who?</v>', ''].join('\n');
    const t = toSubmittedTranscript(vtt, undefined);
    expect(t).to.deep.equal({
      provider: 'submitted',
      language: null,
      durationMs: 6000,
      segments: [seg(0, 3.5, 'Hi, this is Dana from Acme.', 'Dana Reyes'), seg(4, 6, 'Who?', 'Pat')],
      speakerAttribution: 'transcript',
    });
    expect(toTurns(t).map((x) => x.isUser)).to.deep.equal([true, false]);
    expect(toTurns(toSubmittedTranscript(vtt, 'Pat')).map((x) => x.isUser)).to.deep.equal([false, true]);

    const fromSegments = toSubmittedTranscript(
      [
        { speaker: 'Customer', start: 4, end: 6, text: 'Who?' },
        { speaker: 'Rep', start: 0, end: 3.5, text: ' Hi  there. ' },
      ],
      undefined,
    );
    expect(fromSegments.segments).to.deep.equal([seg(0, 3.5, 'Hi there.', 'Rep'), seg(4, 6, 'Who?', 'Customer')]);

    const rejected = (fn: () => unknown): ApiError => {
      try {
        fn();
      } catch (err) {
        if (err instanceof ApiError) return err;
        throw err;
      }
      throw new Error('expected a 400');
    };
    const bad = rejected(() => toSubmittedTranscript(['WEBVTT', '', '00:00:00.000 --> 00:00:02.000', '<v A>Hi', '', '00:00:0x.000 --> 00:00:03.000', '<v B>Yo'].join('\n'), undefined));
    expect(bad.status).to.equal(400);
    expect(bad.code).to.equal('validation_failed');
    expect(bad.message).to.match(/line 6/);
    expect(bad.details[0]).to.include({ in: 'body', field: 'transcript' });
    expect(rejected(() => toSubmittedTranscript('Hello\n00:00.000 --> 00:01.000\nx', undefined)).message).to.match(/line 1.*WEBVTT/);
    expect(rejected(() => toSubmittedTranscript(vtt, 'Nobody')).details[0]).to.include({ field: 'repSpeaker' });
    expect(rejected(() => toSubmittedTranscript([{ speaker: 'A', start: 5, end: 4, text: 'x' }], undefined)).details[0]).to.include({ field: 'transcript.0.end' });
  });
});

import { expect } from 'chai';
import { toTurns } from '../../activities/analysis/turns';
import { parseAssemblyAiTranscript } from '../../activities/stt/assemblyai';
import { mergeChannelTranscripts } from '../../activities/stt/channels';
import { parseListenAnswer } from '../../activities/stt/deepgram';
import { parseTextOnlyJson } from '../../activities/stt/openai';
import { joinPieces } from '../../activities/stt/overlap';
import { placeText, voicedBetween } from '../../activities/stt/placement';
import { parseDiarizedJson } from '../../activities/stt/openai';
import { speakerAttributionOf, type Transcript } from '../../activities/stt/transcript';
import { toSubmittedTranscript, TranscriptProblems } from '../../common/transcript';

// Speaker labels from every source: provider answers (diarized_json, Deepgram and AssemblyAI
// utterances), two single-channel transcripts merged, and submitted transcripts; and text answered
// without times (json-only models) placed over the voiced stretches.

const seg = (startS: number, endS: number, text: string, speaker: string | null = null) => ({
  startMs: startS * 1000,
  endMs: endS * 1000,
  text,
  speaker,
});
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
      segments: [
        seg(0.5, 2.5, 'Hi, Sam from Acme.', 'right'),
        seg(3, 5, 'Who is calling?', 'left'),
        seg(6, 8, 'Sam, from Acme. Got a minute?', 'right'),
      ],
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

  it('a merge of channels whose text was placed over the audio (json-only models) stays marked timing "placed"', () => {
    const left = { ...mono([seg(3, 5, 'Who is calling?')], 'en'), timing: 'placed' as const };
    const right = { ...mono([seg(0.5, 2.5, 'Hi, Sam from Acme.')]), timing: 'placed' as const };
    expect(mergeChannelTranscripts({ left, right }).timing).to.equal('placed');
    expect(mergeChannelTranscripts({ left: mono(left.segments), right }).timing, 'one side placed').to.equal('placed');
    expect(mergeChannelTranscripts({ left: mono(left.segments), right: mono(right.segments) })).to.not.have.property(
      'timing',
    );
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

  it('parses Deepgram diarised utterances (speaker numbers)', () => {
    const t = parseListenAnswer(
      {
        metadata: { duration: 5 },
        results: {
          channels: [{ alternatives: [{ transcript: 'Hi. Who?' }] }],
          utterances: [
            { start: 0, end: 1, transcript: 'Hi.', speaker: 0 },
            { start: 2, end: 3, transcript: 'Who?', speaker: 1 },
          ],
        },
      },
      'en',
    );
    expect(t.segments).to.deep.equal([seg(0, 1, 'Hi.', '0'), seg(2, 3, 'Who?', '1')]);
    expect(speakerAttributionOf(t)).to.equal('diarization');
  });

  it('places text answered without times over the voiced stretches, in proportion to their length, never mid-word', () => {
    const voiced = voicedBetween(10_000, [
      { startMs: 2000, endMs: 3000 },
      { startMs: 7000, endMs: 8000 },
      { startMs: 9900, endMs: 10_000 },
    ]);
    expect(voiced.stretches).to.deep.equal([
      { startMs: 0, endMs: 2000 },
      { startMs: 3000, endMs: 7000 },
      { startMs: 8000, endMs: 9900 },
    ]);
    const t = parseTextOnlyJson(
      {
        text: 'one two three four five six seven eight',
        usage: { type: 'tokens', input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      },
      'en',
      voiced,
    );
    // 2 s, 4 s and 1.9 s of voice share 8 words: 2, 4 and 2 of them.
    expect(t.segments).to.deep.equal([
      seg(0, 2, 'one two'),
      seg(3, 7, 'three four five six'),
      seg(8, 9.9, 'seven eight'),
    ]);
    expect(t).to.include({ provider: 'openai', language: 'en', durationMs: 10_000, timing: 'placed' });
    expect(speakerAttributionOf(t)).to.equal('none');
    // No stretches known: one segment over the whole audio; no words: nothing.
    expect(placeText('a b', { durationMs: 4000, stretches: [] })).to.deep.equal([seg(0, 4, 'a b')]);
    expect(placeText('  ', voiced)).to.deep.equal([]);
  });

  it('joins pieces: overlapping ones map labels by the words both heard and keep the overlap once; others keep their labels', () => {
    const first = {
      startMs: 0,
      durationMs: 30_000,
      segments: [
        seg(1, 8, 'we plan routes every morning', 'A'),
        seg(12, 15, 'how long does it take', 'B'),
        seg(18, 26, 'about a month for one depot', 'A'),
      ],
    };
    // Starts 20 s before the first ends: the customer speaks first in it and is labelled A; someone new comes in at the end.
    const second = {
      startMs: 10_000,
      durationMs: 40_000,
      segments: [
        seg(2, 5, 'how long does it take', 'A'),
        seg(8, 16, 'about a month for one depot', 'B'),
        seg(22, 25, 'sounds good', 'A'),
        seg(30, 33, 'hello everyone', 'C'),
      ],
    };
    expect(joinPieces([first, second])).to.deep.equal([
      seg(1, 8, 'we plan routes every morning', 'A'),
      seg(12, 15, 'how long does it take', 'B'),
      seg(18, 26, 'about a month for one depot', 'A'),
      seg(32, 35, 'sounds good', 'B'),
      seg(40, 43, 'hello everyone', 'C'),
    ]);
    const apart = { startMs: 30_000, durationMs: 10_000, segments: [seg(1, 2, 'hi', 'A')] };
    expect(joinPieces([first, apart]).slice(-1)).to.deep.equal([seg(31, 32, 'hi', 'A')]);
  });

  it('parses AssemblyAI utterances (milliseconds; speaker letters)', () => {
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
  });

  it('reads submitted WebVTT voices and segments; repSpeaker names the rep; malformed WebVTT names its line', () => {
    const vtt = [
      'WEBVTT',
      '',
      '1',
      '00:00:00.000 --> 00:00:03.500',
      '<v Dana Reyes>Hi, this is Dana from Acme.',
      '',
      '00:00:04.000 --> 00:00:06.000',
      '<v.loud Pat>Who?</v>',
      '',
    ].join('\n');
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

    // What is wrong, with the field it is in (the API answers it as a 400 validation_failed, transcripts.test.ts).
    const rejected = (fn: () => unknown): TranscriptProblems => {
      try {
        fn();
      } catch (err) {
        if (err instanceof TranscriptProblems) return err;
        throw err;
      }
      throw new Error('expected TranscriptProblems');
    };
    const bad = rejected(() =>
      toSubmittedTranscript(
        ['WEBVTT', '', '00:00:00.000 --> 00:00:02.000', '<v A>Hi', '', '00:00:0x.000 --> 00:00:03.000', '<v B>Yo'].join(
          '\n',
        ),
        undefined,
      ),
    );
    expect(bad.message).to.match(/line 6/);
    expect(bad.problems[0]).to.include({ field: 'transcript' });
    expect(rejected(() => toSubmittedTranscript('Hello\n00:00.000 --> 00:01.000\nx', undefined)).message).to.match(
      /line 1.*WEBVTT/,
    );
    expect(rejected(() => toSubmittedTranscript(vtt, 'Nobody')).problems[0]).to.include({ field: 'repSpeaker' });
    expect(
      rejected(() => toSubmittedTranscript([{ speaker: 'A', start: 5, end: 4, text: 'x' }], undefined)).problems[0],
    ).to.include({ field: 'transcript.0.end' });
  });
});

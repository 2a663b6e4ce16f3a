import { expect } from 'chai';
import { analyzeBuiltin } from '../../activities/analysis/builtin';
import { analysisLanguageFor } from '../../activities/analysis/language';
import type { Transcript } from '../../activities/stt/transcript';
import { RecordingAnalysis } from '../../common/recordingAnalysis';
import { assertSchema } from '../support/schemaAssert';

// Every conversation measure on transcripts whose numbers were worked out by hand (the arithmetic is
// in the comments), through the built-in analyzer as a recording would be analysed.

const seg = (startS: number, endS: number, speaker: string | null, text: string) => ({
  startMs: startS * 1000,
  endMs: endS * 1000,
  speaker,
  text,
});

/** A one-minute call: rep "R" opens; the customer introduces herself as Pat. */
const CALL: Transcript = {
  provider: 'openai',
  language: 'english',
  durationMs: 60_000,
  speakerAttribution: 'diarization',
  segments: [
    seg(0, 10, 'R', 'Hi Pat, um, thanks for taking the call. How is the quarter going?'),
    seg(11, 15, 'C', 'Busy. Who is this?'),
    seg(16, 20, 'R', 'Sam from Acme.'),
    seg(20.5, 26, 'R', 'We cut routing costs. Could we talk pricing?'),
    seg(26, 40, 'C', 'Sure. Our drivers lose an hour a day, and my name is Pat by the way. What do you charge?'),
    seg(40.5, 50, 'R', 'It depends on fleet size. How many trucks do you run?'),
    seg(50, 60, 'C', 'About forty.'),
  ],
};

const analyze = (transcript: Transcript) =>
  analyzeBuiltin({ transcript, scorecard: null, passingScore: 70, customerName: null, language: 'en' });

describe('recordings: conversation measures (worked out by hand)', () => {
  it('measures a diarised one-minute call', () => {
    const result = analyze(CALL);
    assertSchema(RecordingAnalysis, result, 'analysis');
    // Turns (consecutive segments of one speaker merge): R 0–10 (spoke 10 s), C 11–15 (4 s),
    // R 16–26 (4 + 5.5 = 9.5 s spoken, 10 s long), C 26–40 (14 s), R 40.5–50 (9.5 s), C 50–60 (10 s).
    expect(result.snippets.map((s) => s.isUser)).to.deep.equal([true, false, true, false, true, false]);
    expect(result.speakerAttribution).to.equal('diarization');
    // Talk ratio by speaking time: rep 10 + 9.5 + 9.5 = 29 s, customer 4 + 14 + 10 = 28 s → 29 / 57 = 0.50877 → 0.509.
    expect(result.talkRatio).to.equal(0.509);
    // Longest rep turn: max(10, 26 − 16 = 10, 50 − 40.5 = 9.5) = 10 s; longest customer turn: max(4, 14, 10) = 14 s.
    expect(result.longestMonologue).to.equal(10);
    expect(result.longestCustomerStory).to.equal(14);
    // 6 turns = 5 speaker switches in 1 minute → 5 per minute.
    expect(result.interactivity).to.equal(5);
    // The rep answers the customer twice: 16 − 15 = 1 s and 40.5 − 40 = 0.5 s → mean 0.75 s.
    expect(result.patience).to.equal(0.75);
    // Rep: "How is the quarter going?", "Could we talk pricing?", "How many trucks do you run?" = 3;
    // customer: "Who is this?", "What do you charge?" = 2.
    expect(result.numQuestions).to.equal(3);
    expect(result.customerQuestions).to.equal(2);
    // Rep words: 13 + 11 + 11 = 35 over 29 s of own speech (the pause inside a turn does not count)
    // → 35 / (29 / 60) = 72.41 → 72.4 wpm; one "um".
    expect(result.wpm).to.equal(72.4);
    expect(result.numFillerWords).to.equal(1);
    // The customer introduced herself ("my name is Pat"); the rep said "Pat" once ("Hi Pat").
    expect(result).to.include({ customerName: 'Pat', nameCount: 1 });
  });

  it('counts talking over the customer as no pause, and honours the named rep when the customer speaks first', () => {
    const result = analyze({
      provider: 'submitted',
      language: null,
      durationMs: 14_000,
      speakerAttribution: 'transcript',
      repSpeaker: 'R',
      segments: [
        seg(0, 5, 'C', 'Hello?'),
        seg(4, 8, 'R', 'Hi, Sam here.'),
        seg(9, 10, 'C', 'Yes?'),
        seg(12, 14, 'R', 'Got a minute?'),
      ],
    });
    expect(result.speakerAttribution).to.equal('transcript');
    expect(result.snippets.map((s) => s.isUser)).to.deep.equal([false, true, false, true]);
    // Pauses before the rep: max(0, 4 − 5) = 0 (talked over) and 12 − 10 = 2 → mean 1 s.
    expect(result.patience).to.equal(1);
    // 3 switches in 14 s → 3 / (14 / 60) = 12.857 → 12.9 per minute.
    expect(result.interactivity).to.equal(12.9);
    // Rep 4 + 2 = 6 s, customer 5 + 1 = 6 s → 0.5; longest turns 4 s (rep) and 5 s (customer).
    expect(result).to.include({
      talkRatio: 0.5,
      longestMonologue: 4,
      longestCustomerStory: 5,
      numQuestions: 1,
      customerQuestions: 2,
    });
  });

  it('leaves the two-speaker measures out and reports the items needing them as not assessable when there is one voice', () => {
    const result = analyze({
      ...CALL,
      speakerAttribution: undefined,
      segments: CALL.segments.map((s) => ({ ...s, speaker: null })),
    });
    assertSchema(RecordingAnalysis, result, 'analysis');
    expect(result.speakerAttribution).to.equal('none');
    for (const key of [
      'talkRatio',
      'longestMonologue',
      'longestCustomerStory',
      'interactivity',
      'patience',
      'customerQuestions',
    ]) {
      expect(result, key).not.to.have.property(key);
    }
    // Nobody introduced themselves as far as anyone can tell.
    expect(result.customerName).to.equal(null);
    const byTitle = Object.fromEntries(result.metricResponses.map((m) => [m.title, m]));
    expect(byTitle['Balanced talk time']).to.include({ passed: false, assessable: false });
    expect(byTitle["Uses the customer's name"]).to.include({ passed: false, assessable: false });
    expect(byTitle['Asks discovery questions']).not.to.have.property('assessable');
    // The score is over the 3 assessable items only: questions (all 7 segments are the "rep": 5 questions ≥ 3, passed),
    // pace (35 rep + 4 + 20 + 2 customer = 61 words over 10 + 4 + 4 + 5.5 + 14 + 9.5 + 10 = 57 s of speech
    // = 64.2 wpm, failed), fillers (1 in 61 words = 1.6 per 100, passed) → 2 of 3 = 66.7.
    expect(result.numQuestions).to.equal(5);
    expect(result.wpm).to.equal(64.2);
    expect(result.score).to.equal(66.7);
  });

  it("counts fillers in the language the provider heard, else the roleplay's", () => {
    expect(analysisLanguageFor('es', 'fr-CA')).to.equal('es');
    expect(analysisLanguageFor('en_us', 'fr-CA')).to.equal('en');
    expect(analysisLanguageFor(null, 'fr-CA')).to.equal('fr-CA');
    expect(analysisLanguageFor('german', 'pt-BR')).to.equal('pt-BR');
    expect(analysisLanguageFor(null, undefined)).to.equal('en');
  });
});

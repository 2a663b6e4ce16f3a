import { expect } from 'chai';
import { analyzeBuiltin } from '../../activities/analysis/builtin';
import { toAnalysisLanguage } from '../../activities/analysis/language';
import { countFillers, countName, countQuestions } from '../../activities/analysis/measures';
import { toTurns } from '../../activities/analysis/turns';
import { NOT_JUDGED_WITHOUT_LLM } from '../../activities/analysis/scorecard';
import { parseListenAnswer } from '../../activities/stt/deepgram';
import { parseVerboseJson } from '../../activities/stt/openai';
import type { Transcript } from '../../activities/stt/transcript';
import { assertSchema } from '../support/schemaAssert';
import { RecordingAnalysis } from '../../common/recordingAnalysis';

// The built-in analyzer and the provider answer parsers: deterministic functions of their input.

const seg = (startS: number, endS: number, text: string, speaker: string | null = null) => ({
  startMs: startS * 1000,
  endMs: endS * 1000,
  text,
  speaker,
});
const transcript = (segments: Transcript['segments'], language: string | null = 'english'): Transcript => ({
  provider: 'openai',
  language,
  durationMs: Math.max(...segments.map((s) => s.endMs)),
  segments,
});

describe('recordings: built-in analysis', () => {
  it('makes turns: the first labelled speaker is the rep, consecutive segments of one speaker merge', () => {
    const turns = toTurns(
      transcript([
        seg(0, 2, 'Hello there.', 'B'),
        seg(2, 3, 'Is now a good time?', 'B'),
        seg(3, 5, 'Who is this?', 'A'),
        seg(5, 6, 'Sam from Acme.', 'B'),
      ]),
    );
    expect(turns.map((t) => [t.isUser, t.text])).to.deep.equal([
      [true, 'Hello there. Is now a good time?'],
      [false, 'Who is this?'],
      [true, 'Sam from Acme.'],
    ]);
    // Without labels every segment is a rep snippet of its own.
    expect(toTurns(transcript([seg(0, 1, 'One.'), seg(1, 2, 'Two.')])).map((t) => [t.isUser, t.text])).to.deep.equal([
      [true, 'One.'],
      [true, 'Two.'],
    ]);
  });

  it('counts filler words per language, whole words only, longest phrase first', () => {
    expect(countFillers('Um, I mean, the umbrella is, uh, basically fine. Umm.', 'en')).to.deep.equal([
      { word: 'basically', count: 1 },
      { word: 'i mean', count: 1 },
      { word: 'uh', count: 1 },
      { word: 'um', count: 1 },
      { word: 'umm', count: 1 },
    ]);
    expect(countFillers('Pues, o sea, el precio es bueno... eh, bueno.', 'es')).to.deep.equal([
      { word: 'bueno', count: 2 },
      { word: 'eh', count: 1 },
      { word: 'o sea', count: 1 },
      { word: 'pues', count: 1 },
    ]);
    expect(countFillers('Euh, en fait, tsé, le prix est correct.', 'fr-CA').map((f) => f.word)).to.deep.equal([
      'en fait',
      'euh',
      'tsé',
    ]);
    expect(countFillers('Tipo assim, o preço é bom, né? Tipo.', 'pt-BR')).to.deep.equal([
      { word: 'né', count: 1 },
      { word: 'tipo', count: 1 },
      { word: 'tipo assim', count: 1 },
    ]);
    expect(countFillers('Prostě, vlastně je to jako dobré.', 'cs').map((f) => f.word)).to.deep.equal([
      'jako',
      'prostě',
      'vlastně',
    ]);
  });

  it('counts questions and uses of the customer name', () => {
    expect(countQuestions('Is it? Really?? ¿Cuánto cuesta? No.', 'es')).to.equal(3);
    expect(countName('Thanks Dana. DANA, right? Danae is someone else.', 'Dana Smith')).to.equal(2);
    expect(countName('Thanks Dana.', null)).to.equal(0);
  });

  it('maps provider language labels', () => {
    expect(
      ['english', 'en', 'Spanish', 'fr', 'pt-BR', 'portuguese', 'cs', 'german', null].map((l) => toAnalysisLanguage(l)),
    ).to.deep.equal(['en', 'en', 'es', 'fr-CA', 'pt-BR', 'pt-BR', 'cs', undefined, undefined]);
  });

  it('scores a scorecard deterministically: measured metrics with evidence, free-text criteria not judged, weights and the passing score', () => {
    const input = {
      transcript: transcript([
        seg(0, 10, 'Hi Dana, I am calling about your pricing and budget for next year. What matters most to you?', '0'),
        seg(10, 14, 'Mostly cost.', '1'),
        seg(14, 24, 'Understood Dana. Can I send a proposal with a discount? Does Tuesday work?', '0'),
        seg(24, 26, 'Sure.', '1'),
      ]),
      scorecard: {
        criteria: [
          {
            title: 'Discusses pricing',
            description: 'Talks about price and the budget',
            weight: 3,
            sectionTitle: 'Value',
          },
          {
            title: 'Handles objections',
            description: 'Reframes competitor comparisons',
            weight: 1,
            sectionTitle: 'Value',
          },
        ],
        metrics: [
          { title: 'Questions asked', description: 'Asks open questions', weight: 1, sectionTitle: 'Discovery' },
          { title: 'Customer name', description: 'Uses the name', weight: 1, sectionTitle: 'Rapport' },
          { title: 'Pace', description: 'Speaks at a comfortable pace', weight: 2, sectionTitle: 'Delivery' },
        ],
      },
      passingScore: 60,
      customerName: 'Dana',
      language: 'en' as const,
    };
    const result = analyzeBuiltin(input);
    assertSchema(RecordingAnalysis, result, 'analysis');
    // Free-text criteria are not guessed at from word overlap: not judged, and not in the score.
    expect(
      result.criteriaResponses.map((c) => [c.title, c.passed, c.assessable, c.weight, c.evidence, c.noEvidenceReason]),
    ).to.deep.equal([
      ['Discusses pricing', false, false, 3, [], NOT_JUDGED_WITHOUT_LLM],
      ['Handles objections', false, false, 1, [], NOT_JUDGED_WITHOUT_LLM],
    ]);
    // Measured items quote what they counted, with the time of the line.
    expect(result.metricResponses.map((m) => [m.title, m.passed, m.evidence])).to.deep.equal([
      [
        'Questions asked',
        true,
        [
          { quote: 'What matters most to you?', startMs: 0, speaker: 'rep' },
          { quote: 'Can I send a proposal with a discount?', startMs: 14_000, speaker: 'rep' },
          { quote: 'Does Tuesday work?', startMs: 14_000, speaker: 'rep' },
        ],
      ],
      [
        'Customer name',
        true,
        [
          { quote: 'Hi Dana, I am calling about your pricing and budget for next year.', startMs: 0, speaker: 'rep' },
          { quote: 'Understood Dana.', startMs: 14_000, speaker: 'rep' },
        ],
      ],
      ['Pace', false, []],
    ]);
    expect(result.metricResponses[2].noEvidenceReason).to.match(/whole call/);
    // Judged: questions (1) and name (1) passed, pace (2) failed → 2 / 4 = 50 %.
    expect(result).to.include({
      numQuestions: 3,
      nameCount: 2,
      length: 26_000,
      score: 50,
      passingScore: 60,
      didPass: false,
      analyzer: 'builtin',
    });
    // Rep words over the rep's own 20 seconds of speech.
    expect(result.wpm).to.equal(Math.round((31 / (20 / 60)) * 10) / 10);
    // Talk ratio by speaking time: rep 10 + 10 = 20 s, customer 4 + 2 = 6 s → 20 / 26.
    expect(result.talkRatio).to.equal(Math.round((20 / 26) * 1000) / 1000);
    expect(analyzeBuiltin(input)).to.deep.equal(result);
    expect(analyzeBuiltin({ ...input, passingScore: 50 }).didPass).to.equal(true);
  });
});

describe('recordings: provider answers', () => {
  it('parses OpenAI verbose_json segments, with or without speaker labels', () => {
    const t = parseVerboseJson({
      language: 'english',
      duration: 12.5,
      text: 'Hi. Hello.',
      segments: [
        { id: 0, start: 0, end: 1.2, text: ' Hi.', speaker: 'A' },
        { id: 1, start: 1.5, end: 2, text: '   ' },
        { id: 2, start: 2, end: 3.25, text: ' Hello.', speaker: 'B' },
      ],
    });
    expect(t).to.deep.equal({
      provider: 'openai',
      language: 'english',
      durationMs: 12_500,
      segments: [seg(0, 1.2, 'Hi.', 'A'), { startMs: 2000, endMs: 3250, text: 'Hello.', speaker: 'B' }],
    });
    expect(parseVerboseJson({ text: 'Only text.', duration: 3 }).segments).to.deep.equal([seg(0, 3, 'Only text.')]);
  });

  it('parses Deepgram utterances with numeric speakers', () => {
    const t = parseListenAnswer(
      {
        metadata: { duration: 4 },
        results: {
          channels: [{ detected_language: 'es', alternatives: [{ transcript: 'Hola. Buenas.' }] }],
          utterances: [
            { start: 0, end: 1, transcript: 'Hola.', speaker: 0 },
            { start: 1.5, end: 4, transcript: 'Buenas.', speaker: 1 },
          ],
        },
      },
      null,
    );
    expect(t).to.deep.equal({
      provider: 'deepgram',
      language: 'es',
      durationMs: 4000,
      segments: [seg(0, 1, 'Hola.', '0'), seg(1.5, 4, 'Buenas.', '1')],
    });
  });
});

import { expect } from 'chai';
import { analyzeBuiltin } from '../../activities/analysis/builtin';
import { speakerName } from '../../activities/analysis/customerName';
import { countName, countQuestions } from '../../activities/analysis/measures';
import type { Transcript } from '../../activities/stt/transcript';
import { toSubmittedTranscript } from '../../common/transcript';
import { RecordingAnalysis, type AnalysisLanguage } from '../../common/recordingAnalysis';
import { assertSchema } from '../support/schemaAssert';
import { buildOpenApi } from '../../api/openapi';
import { operations } from '../../api/routes';

// The facts of a call a manager checks first: who the customer is (and how we know), how often the
// rep says their name, and how many questions each side asked however the transcript is punctuated.

const seg = (startS: number, endS: number, speaker: string | null, text: string) => ({
  startMs: startS * 1000,
  endMs: endS * 1000,
  speaker,
  text,
});
const call = (
  segments: Transcript['segments'],
  attribution: Transcript['speakerAttribution'] = 'diarization',
): Transcript => ({
  provider: 'deepgram',
  language: null,
  durationMs: Math.max(...segments.map((s) => s.endMs)),
  segments,
  speakerAttribution: attribution,
});
const analyze = (transcript: Transcript, language: AnalysisLanguage = 'en', persona: string | null = null) =>
  analyzeBuiltin({ transcript, scorecard: null, passingScore: 70, customerName: persona, language });

describe('recordings: facts of a call', () => {
  it('takes the customer name from the persona, then the speaker name, then a self-introduction, then the rep greeting', () => {
    const vtt =
      'WEBVTT\n\n00:00.000 --> 00:03.000\n<v Dana Reyes>Hi Jordan, this is Dana.\n\n00:03.000 --> 00:05.000\n<v Priya Shah>Hello, this is Priya.\n';
    const named = toSubmittedTranscript(vtt, 'Dana Reyes');
    expect(analyze(named, 'en', 'Morgan')).to.include({ customerName: 'Morgan', customerNameSource: 'persona' });
    expect(analyze(named)).to.include({ customerName: 'Priya Shah', customerNameSource: 'speakerName' });
    const placeholder = toSubmittedTranscript(vtt.replace('Priya Shah', 'Speaker 2'), 'Dana Reyes');
    expect(analyze(placeholder)).to.include({ customerName: 'Priya', customerNameSource: 'selfIntroduction' });
    const greetedOnly = toSubmittedTranscript(
      vtt.replace('Priya Shah', 'Customer').replace('Hello, this is Priya.', 'Yes, speaking.'),
      'Dana Reyes',
    );
    const greeted = analyze(greetedOnly);
    assertSchema(RecordingAnalysis, greeted, 'analysis');
    expect(greeted).to.include({ customerName: 'Jordan', customerNameSource: 'repGreeting', nameCount: 1 });
    const nobody = analyze(
      call([seg(0, 2, 'A', 'Hi, this is Dana from Acme.'), seg(2, 4, 'B', "I'm not interested.")]),
    );
    expect(nobody).to.include({ customerName: null, customerNameSource: null, nameCount: 0 });
  });

  it('finds self-introductions in each analysis language', () => {
    const intro = (language: AnalysisLanguage, rep: string, customer: string) =>
      analyze(call([seg(0, 3, 'A', rep), seg(3, 6, 'B', customer)]), language);
    expect(intro('es', 'Buenos días.', 'Hola, me llamo Lucía Gómez.')).to.include({
      customerName: 'Lucía Gómez',
      customerNameSource: 'selfIntroduction',
    });
    expect(intro('fr-CA', 'Bonjour.', "Oui, c'est Mathieu.")).to.include({ customerName: 'Mathieu' });
    expect(intro('pt-BR', 'Bom dia.', 'Oi, aqui é a Fernanda.')).to.include({ customerName: 'Fernanda' });
    expect(intro('cs', 'Dobrý den.', 'Dobrý den, u telefonu Jana Nováková.')).to.include({
      customerName: 'Jana Nováková',
    });
    expect(intro('en', 'Good morning, Priya.', "I'm sure it is.")).to.include({
      customerName: 'Priya',
      customerNameSource: 'repGreeting',
    });
  });

  it('never takes a role label for a name', () => {
    for (const label of ['Customer', 'Speaker 2', 'SPEAKER_01', 'Guest', 'A', '0', 'left', 'Cliente', 'Participant 3'])
      expect(speakerName(label), label).to.equal(null);
    expect(speakerName('Jordan Lee (Northwind)')).to.equal('Jordan Lee');
  });

  it('counts the first name and the full name as whole words in any case, the full name once', () => {
    expect(countName('Jordan Lee, hi. Thanks JORDAN. Jordana is not Jordan.', 'Jordan Lee')).to.equal(3);
    expect(countName('Leeway', 'Jordan Lee')).to.equal(0);
  });

  it('counts questions with or without question marks, per language', () => {
    expect(countQuestions('Do you have a minute? We help fleets. How do you plan routes today?', 'en')).to.equal(2);
    expect(countQuestions('so how many trucks do you run', 'en')).to.equal(1);
    expect(countQuestions('we cut routing costs how do you plan your routes today', 'en')).to.equal(1);
    expect(countQuestions('what we do is help fleets plan routes', 'en')).to.equal(0);
    expect(countQuestions('could we book a demo next tuesday', 'en')).to.equal(1);
    expect(countQuestions('have a great day', 'en')).to.equal(0);
    expect(countQuestions('We help fleets. That is all.', 'en')).to.equal(0);
    expect(countQuestions('¿Cuántos camiones tienen? bueno cuánto pagan hoy', 'es')).to.equal(2);
    expect(countQuestions('avez-vous un moment', 'fr-CA')).to.equal(1);
    expect(countQuestions('comment vous gérez vos routes', 'fr-CA')).to.equal(1);
    expect(countQuestions('quand je regarde vos chiffres', 'fr-CA')).to.equal(0);
    expect(countQuestions('e quantos caminhões vocês têm', 'pt-BR')).to.equal(1);
    expect(countQuestions('como eu disse o preço é fixo', 'pt-BR')).to.equal(0);
    expect(countQuestions('kolik máte aut', 'cs')).to.equal(1);
    expect(countQuestions('jak jsem říkal cena je pevná', 'cs')).to.equal(0);
  });

  it("counts the customer's questions the same way and keeps fillers to the rep", () => {
    const result = analyze(
      call([
        seg(0, 4, 'A', 'um so how do you plan routes today'),
        seg(4, 9, 'B', 'uh spreadsheets what does your tool cost'),
        seg(9, 12, 'A', 'It depends.'),
      ]),
    );
    expect(result).to.include({ numQuestions: 1, customerQuestions: 1, numFillerWords: 1 });
  });
});

describe('recordings: the OpenAPI document describes evidence and customerNameSource', () => {
  type Json = Record<string, unknown>;
  /** Every object schema under `node` that has property `name`. */
  const withProperty = (node: unknown, name: string, found: Json[] = []): Json[] => {
    if (Array.isArray(node)) node.forEach((n) => withProperty(n, name, found));
    else if (node && typeof node === 'object') {
      const props = (node as Json).properties as Json | undefined;
      if (props && name in props) found.push(props[name] as Json);
      Object.values(node).forEach((n) => withProperty(n, name, found));
    }
    return found;
  };
  const doc = buildOpenApi(operations, 'http://127.0.0.1') as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };

  it('in the recording result and the session result', () => {
    const recording = doc.paths['/api/recording/{id}'].get.responses['200'];
    const session = doc.paths['/api/roleplay/session/{id}'].get.responses['200'];
    const [source] = withProperty(recording, 'customerNameSource');
    expect(JSON.stringify(source))
      .to.include('"speakerName"')
      .and.include('"selfIntroduction"')
      .and.include('"repGreeting"')
      .and.include('"persona"');
    for (const response of [recording, session]) {
      const [evidence] = withProperty(response, 'evidence');
      expect(evidence).to.include({ type: 'array' });
      const quote = evidence.items as Json;
      expect([...(quote.required as string[])].sort()).to.deep.equal(['quote', 'speaker', 'startMs']);
      expect(withProperty(response, 'noEvidenceReason')).to.have.length.greaterThan(0);
    }
  });
});

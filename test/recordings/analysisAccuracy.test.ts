import { expect } from 'chai';
import { accuracy, analyzeCall, evaluate, labelledCalls, MEASURES, report } from '../../bench/analysisAccuracy';
import { RecordingAnalysis } from '../../common/recordingAnalysis';
import { assertSchema } from '../support/schemaAssert';

// The built-in analyzer over the labelled calls of test/fixtures/calls (WebVTT written for the
// purpose, facts worked out by hand beside each): every measure exactly right in at least 95 % of
// them. `npm run accuracy` prints the same table BENCHMARKS.md shows.

describe('recordings: analysis accuracy on the labelled calls', () => {
  const calls = labelledCalls();

  it('has at least 20 labelled calls in several languages, with and without punctuation and speaker names', () => {
    expect(calls.length).to.be.at.least(20);
    expect(new Set(calls.map((c) => c.language)).size).to.be.at.least(4);
    const cueTexts = (vtt: string) =>
      vtt
        .split('\n\n')
        .slice(1)
        .map((cue) => cue.split('\n').slice(2).join(' '));
    expect(calls.some((c) => cueTexts(c.vtt).every((t) => !/[.?!]\s*$/.test(t)))).to.equal(true);
    expect(
      calls.some((c) =>
        /<v (?:Speaker|Rep|Customer|Hablante|Locutor|Mluvčí|Interlocuteur|Agent|Cliente|Client)\b/.test(c.vtt),
      ),
    ).to.equal(true);
    expect(calls.some((c) => /<v [A-Z][a-z]+ [A-Z]/.test(c.vtt))).to.equal(true);
    for (const call of calls) expect(Object.keys(call.facts).sort(), call.name).to.deep.equal([...MEASURES].sort());
  });

  it('gets every measure exactly right in at least 95 % of the calls', () => {
    for (const call of calls) assertSchema(RecordingAnalysis, analyzeCall(call), call.name);
    const outcomes = evaluate(calls);
    const shares = accuracy(outcomes);
    for (const measure of MEASURES) expect(shares[measure], `${measure}\n${report(outcomes)}`).to.be.at.least(0.95);
  });
});

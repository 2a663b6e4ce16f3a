import { expect } from 'chai';
import { parseSubmittedTranscript, redactSubmittedTranscript } from '../../api/commands/transcriptThread';
import { redactTranscript } from '../../common/redaction';
import { toSubmittedTranscript, TranscriptProblems } from '../../common/transcript';
import { JsonText } from '../../db/connection';

// A large WebVTT transcript is parsed, and redacted, on the API's transcript thread (api/commands/transcriptThread.ts),
// not on the event loop that serves every company's requests: the answer, and the problems of a bad one, are what
// the parser gives in place, and the event loop keeps turning while it runs.

const clock = (s: number): string =>
  [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':') + '.000';
const cue = (i: number): string =>
  `${clock(i)} --> ${clock(i + 1)}\n<v ${i % 2 ? 'Rep' : 'Customer'}>Line ${i}: the pricing, the rollout and the next step.\n`;
const webVtt = (cues: number): string => `WEBVTT\n\n${Array.from({ length: cues }, (_, i) => cue(i)).join('\n')}`;

/** Runs `work`, counting the turns the event loop took meanwhile (a chain of setImmediate callbacks). */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const spin = (): void => {
    if (!running) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  try {
    return { value: await work(), turns };
  } finally {
    running = false;
  }
}

describe('submitted transcripts: WebVTT parsed off the event loop', function () {
  this.timeout(60_000);

  it('parses a 1 MB transcript on the thread exactly as in place, the event loop turning meanwhile', async () => {
    const text = webVtt(12_000);
    expect(text.length).to.be.above(1_000_000);
    await parseSubmittedTranscript(webVtt(100), 'Rep'); // the thread started
    const { value, turns } = await turnsDuring(() => parseSubmittedTranscript(text, 'Rep'));
    expect(value).to.deep.equal(toSubmittedTranscript(text, 'Rep'));
    // In place, the parse would run to its end before the first turn: none could happen.
    expect(turns, 'event-loop turns while the transcript was parsed').to.be.above(10);
  });

  it('redacts a large transcript on the thread as in place, answering the JSON that is stored', async () => {
    const text = webVtt(2_000).replace(
      /Line (\d+):/g,
      (_, i: string) => `Line ${i}: call me on 212-555-${String(1000 + Number(i)).slice(-4)},`,
    );
    const transcript = toSubmittedTranscript(text, 'Rep');
    const { value, turns } = await turnsDuring(() => redactSubmittedTranscript(transcript, { phoneRegion: 'US' }));
    // Text crosses threads far cheaper than the objects of a span per value: the thread answers what is stored.
    expect(value).to.be.instanceOf(JsonText);
    const stored = JSON.parse((value as JsonText).text) as unknown;
    const inPlace = redactTranscript(transcript, { phoneRegion: 'US' });
    expect(stored).to.deep.equal(inPlace);
    expect(inPlace.segments.map((s) => s.text).join(' ')).to.not.match(/212-555/);
    expect(turns, 'event-loop turns while the transcript was redacted').to.be.above(10);
  });

  it('refuses a large bad transcript with the problems the parser names in place', async () => {
    const broken = `${webVtt(200)}\n00:99:00.000 --> nonsense\nLost line.\n`;
    const inPlace = (() => {
      try {
        toSubmittedTranscript(broken, undefined);
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(inPlace).to.be.instanceOf(TranscriptProblems);
    const onThread = await parseSubmittedTranscript(broken, undefined).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(onThread).to.be.instanceOf(TranscriptProblems);
    expect((onThread as TranscriptProblems).message).to.equal((inPlace as TranscriptProblems).message);
    expect((onThread as TranscriptProblems).problems).to.deep.equal((inPlace as TranscriptProblems).problems);
  });

  it('refuses a repSpeaker the large transcript does not have, naming its speakers', async () => {
    const err = await parseSubmittedTranscript(webVtt(200), 'Nobody').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(TranscriptProblems);
    expect((err as TranscriptProblems).problems).to.deep.equal([
      { field: 'repSpeaker', message: `repSpeaker must be one of the transcript's speakers ("Customer", "Rep")` },
    ]);
  });
});

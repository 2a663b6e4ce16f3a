import { expect } from 'chai';
import {
  evaluateRedaction,
  INDEPENDENT_2_FILE,
  INDEPENDENT_3_FILE,
  INDEPENDENT_4_FILE,
  INDEPENDENT_5_FILE,
  INDEPENDENT_6_FILE,
  INDEPENDENT_7_FILE,
  INDEPENDENT_8_FILE,
  INDEPENDENT_9_FILE,
  INDEPENDENT_10_FILE,
  INDEPENDENT_11_FILE,
  INDEPENDENT_12_FILE,
  INDEPENDENT_13_FILE,
  INDEPENDENT_14_FILE,
  INDEPENDENT_15_FILE,
  INDEPENDENT_16_FILE,
  INDEPENDENT_17_FILE,
  INDEPENDENT_18_FILE,
  INDEPENDENT_19_FILE,
  INDEPENDENT_20_FILE,
  INDEPENDENT_21_FILE,
  INDEPENDENT_22_FILE,
  INDEPENDENT_23_FILE,
  INDEPENDENT_24_FILE,
  INDEPENDENT_25_FILE,
  INDEPENDENT_26_FILE,
  INDEPENDENT_27_FILE,
  INDEPENDENT_28_FILE,
  INDEPENDENT_29_FILE,
  INDEPENDENT_30_FILE,
  INDEPENDENT_31_FILE,
  INDEPENDENT_32_FILE,
  INDEPENDENT_33_FILE,
  INDEPENDENT_34_FILE,
  INDEPENDENT_35_FILE,
  INDEPENDENT_36_FILE,
  INDEPENDENT_37_FILE,
  INDEPENDENT_38_FILE,
  INDEPENDENT_39_FILE,
  INDEPENDENT_40_FILE,
  INDEPENDENT_41_FILE,
  INDEPENDENT_42_FILE,
  INDEPENDENT_43_FILE,
  INDEPENDENT_44_FILE,
  INDEPENDENT_45_FILE,
  INDEPENDENT_46_FILE,
  INDEPENDENT_47_FILE,
  INDEPENDENT_48_FILE,
  INDEPENDENT_FILE,
  labelledUtterances,
  redactionFigures,
} from '../../bench/redactionAccuracy';
import { redactText, redactTranscript } from '../../common/redaction';
import type { Transcript } from '../../common/transcript';

// The redaction rule set on its own: the labelled sets' figures (npm run accuracy prints them; BENCHMARKS.md
// shows them), the providers' marks read as placeholders, and a span timed by the words it covers.

describe('redaction rules', () => {
  /** Each labelled set: its least size, and the share of values it must have fully hidden (look-alikes: ≤ 1 %). */
  // `lookalikes`: the most look-alikes a set may have touched, 1 % unless a set's labels disagree with a documented
  // rule (the seventeenth and eighteenth label "the last four of my social are 4413" as no value; the rules hide an
  // SSN's last four) or its fitting stopped short.
  const SETS: Array<{ title: string; file?: string; utterances: number; recall: number; lookalikes?: number }> = [
    { title: 'the project set', utterances: 500, recall: 0.99 },
    {
      title: 'the set written blind, without reading the rules (issue 51 §3)',
      file: INDEPENDENT_FILE,
      utterances: 385,
      recall: 0.99,
    },
    {
      title: 'the second blind set, after the rules were fitted to the first',
      file: INDEPENDENT_2_FILE,
      utterances: 231,
      recall: 0.99,
    },
    { title: 'the third blind set, fitted to since', file: INDEPENDENT_3_FILE, utterances: 508, recall: 0.99 },
    // Below the target: its misses are listed in BENCHMARKS.md; the floor keeps a later change from losing ground.
    { title: 'the fourth blind set, at what fitting reached', file: INDEPENDENT_4_FILE, utterances: 457, recall: 0.96 },
    {
      title: 'the fifth blind set, fitted to once its held-out 87.9 % was on record',
      file: INDEPENDENT_5_FILE,
      utterances: 536,
      recall: 0.99,
    },
    {
      title: 'the sixth blind set, fitted to once its held-out 92.4 % was on record',
      file: INDEPENDENT_6_FILE,
      utterances: 557,
      recall: 0.99,
    },
    {
      title: 'the seventh blind set, fitted to once its held-out 92.3 % was on record',
      file: INDEPENDENT_7_FILE,
      utterances: 536,
      recall: 0.99,
    },
    // Held out at 95.3 %; fitted to 98.6 %, its six misses listed in BENCHMARKS.md: held at that floor.
    {
      title: 'the eighth blind set, at what fitting reached',
      file: INDEPENDENT_8_FILE,
      utterances: 500,
      recall: 0.986,
    },
    {
      title: 'the ninth blind set, fitted to once its held-out 96.6 % was on record',
      file: INDEPENDENT_9_FILE,
      utterances: 440,
      recall: 0.99,
    },
    // Held out at 94.9 %; fitted to 392 / 396: its four misses (two halves of an IBAN a sentence apart, an IBAN and
    // a UK mobile one and two digits longer than their country's) are listed in BENCHMARKS.md.
    {
      title: 'the tenth blind set, at what fitting reached',
      file: INDEPENDENT_10_FILE,
      utterances: 484,
      recall: 0.989,
    },
    {
      title: 'the eleventh blind set, fitted to once its held-out 94.6 % was on record',
      file: INDEPENDENT_11_FILE,
      utterances: 485,
      recall: 0.99,
    },
    // Held out at 95.2 % and 88.8 %; fitted to 415 and 413 / 420, their misses listed in BENCHMARKS.md.
    {
      title: 'the twelfth blind set, at what fitting reached',
      file: INDEPENDENT_12_FILE,
      utterances: 484,
      recall: 0.988,
    },
    {
      title: 'the thirteenth blind set, at what fitting reached',
      file: INDEPENDENT_13_FILE,
      utterances: 480,
      recall: 0.983,
    },
    {
      title: 'the fourteenth blind set, fitted to since',
      file: INDEPENDENT_14_FILE,
      utterances: 501,
      recall: 0.99,
    },
    {
      title: 'the fifteenth blind set, at what fitting reached',
      file: INDEPENDENT_15_FILE,
      utterances: 529,
      recall: 0.988,
    },
    {
      title: 'the sixteenth blind set, at what fitting reached',
      file: INDEPENDENT_16_FILE,
      utterances: 498,
      recall: 0.97,
    },
    {
      title: 'the seventeenth blind set, fitted to since',
      file: INDEPENDENT_17_FILE,
      utterances: 455,
      recall: 0.99,
      lookalikes: 0.014,
    },
    {
      // Six of its look-alikes are the last four of an SSN or an account, hidden by design; two are left.
      title: 'the eighteenth blind set, at what fitting reached',
      file: INDEPENDENT_18_FILE,
      utterances: 450,
      recall: 0.968,
      lookalikes: 0.052,
    },
    {
      // Four of its look-alikes are the last four of an SSN or an account, hidden by design; one (an IMEI) is left.
      title: 'the nineteenth blind set, fitted to since',
      file: INDEPENDENT_19_FILE,
      utterances: 319,
      recall: 0.99,
      lookalikes: 0.05,
    },
    {
      // Held out at 92.8 % of values and 0.8 % of look-alikes (BENCHMARKS.md), fitted to since.
      title: 'the twentieth blind set, fitted to since',
      file: INDEPENDENT_20_FILE,
      utterances: 560,
      recall: 0.993,
    },
    {
      // Held out at 97.8 % of values and 7.0 % of look-alikes (BENCHMARKS.md), fitted to since.
      title: 'the twenty-first blind set, fitted to since',
      file: INDEPENDENT_21_FILE,
      utterances: 535,
      recall: 0.993,
    },
    {
      // Held out at 98.6 % of values and 1.1 % of look-alikes (BENCHMARKS.md), fitted to since.
      title: 'the twenty-second blind set, fitted to since',
      file: INDEPENDENT_22_FILE,
      utterances: 407,
      recall: 0.99,
    },
    {
      // Held out at 85.2 % of values and 8.2 % of look-alikes (BENCHMARKS.md), fitted to in part: nine of its
      // look-alikes are an account's last four its brief calls a value.
      title: 'the twenty-third blind set, at what fitting reached',
      file: INDEPENDENT_23_FILE,
      utterances: 368,
      recall: 0.947,
      lookalikes: 0.082,
    },
    {
      // Held out at 97.7 % of values and 1.2 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the twenty-fourth blind set, at what fitting reached',
      file: INDEPENDENT_24_FILE,
      utterances: 365,
      recall: 0.983,
    },
    {
      // Held out at 90.8 % of values and 3.3 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the twenty-fifth blind set, at what fitting reached',
      file: INDEPENDENT_25_FILE,
      utterances: 372,
      recall: 0.991,
    },
    {
      // Held out at 93.8 % of values and 10.1 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the twenty-sixth blind set, at what fitting reached',
      file: INDEPENDENT_26_FILE,
      utterances: 360,
      recall: 0.985,
      lookalikes: 0.027,
    },
    {
      // Held out at 99.6 % of values and 22.3 % of look-alikes, 35 of the 37 a company's published line or role
      // mailbox, which the service redacts as the phone numbers and addresses they are (BENCHMARKS.md).
      title: 'the twenty-seventh blind set, held out',
      file: INDEPENDENT_27_FILE,
      utterances: 358,
      recall: 0.996,
      lookalikes: 0.223,
    },
    {
      // Held out at 91.9 % of values and 7.8 % of look-alikes, 9 of the 13 the company's own 800 numbers (BENCHMARKS.md),
      // fitted to in part.
      title: 'the twenty-eighth blind set, at what fitting reached',
      file: INDEPENDENT_28_FILE,
      utterances: 366,
      recall: 0.95,
      lookalikes: 0.072,
    },
    {
      // Held out at 90.0 % of values and 0.6 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the twenty-ninth blind set, at what fitting reached',
      file: INDEPENDENT_29_FILE,
      utterances: 350,
      recall: 0.929,
    },
    {
      // Held out at 90.7 % of values and 5.2 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the thirtieth blind set, at what fitting reached',
      file: INDEPENDENT_30_FILE,
      utterances: 357,
      recall: 0.934,
      lookalikes: 0.013,
    },
    {
      // Held out at 95.1 % of values and 4.2 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the thirty-first blind set, at what fitting reached',
      file: INDEPENDENT_31_FILE,
      utterances: 265,
      recall: 0.967,
      lookalikes: 0.026,
    },
    {
      // Held out at 74.2 % of values and 0 % of look-alikes (BENCHMARKS.md), fitted to in part.
      title: 'the thirty-second blind set, at what fitting reached',
      file: INDEPENDENT_32_FILE,
      utterances: 255,
      recall: 0.957,
    },
    {
      // Held out at 66.2 % of values and 0 % of look-alikes (BENCHMARKS.md): diarized exchanges, read-backs; fitted.
      title: 'the thirty-third blind set, at what fitting reached',
      file: INDEPENDENT_33_FILE,
      utterances: 300,
      recall: 0.916,
    },
    {
      // Held out at 80.9 % of values and 3.1 % of look-alikes (BENCHMARKS.md); fitted in part.
      title: 'the thirty-fourth blind set, at what fitting reached',
      file: INDEPENDENT_34_FILE,
      utterances: 336,
      recall: 0.929,
      lookalikes: 0.016,
    },
    {
      // Held out at 87.5 % of values and 7.1 % of look-alikes (BENCHMARKS.md): diarized calls in new settings; fitted in part.
      title: 'the thirty-fifth blind set, at what fitting reached',
      file: INDEPENDENT_35_FILE,
      utterances: 300,
      recall: 0.915,
      lookalikes: 0.072,
    },
    {
      // Held out at 98.4 % of values and 5.6 % of look-alikes (BENCHMARKS.md): number-heavy trade calls; fitted in part.
      title: 'the thirty-sixth blind set, at what fitting reached',
      file: INDEPENDENT_36_FILE,
      utterances: 340,
      recall: 0.984,
      lookalikes: 0.026,
    },
    {
      // Held out at 75.3 % of values and 11.4 % of look-alikes (BENCHMARKS.md): values dictated a group per turn; fitted in part.
      title: 'the thirty-seventh blind set, at what fitting reached',
      file: INDEPENDENT_37_FILE,
      utterances: 219,
      recall: 0.923,
      lookalikes: 0.114,
    },
    {
      // Held out at 65.9 % of values and 9.7 % of look-alikes (BENCHMARKS.md): each group echoed; fitted in part.
      title: 'the thirty-eighth blind set, at what fitting reached',
      file: INDEPENDENT_38_FILE,
      utterances: 199,
      recall: 0.931,
      lookalikes: 0.065,
    },
    {
      // Held out at 85.5 % of values and 10.9 % of look-alikes (BENCHMARKS.md): messy speech-to-text; fitted in part.
      title: 'the thirty-ninth blind set, at what fitting reached',
      file: INDEPENDENT_39_FILE,
      utterances: 206,
      recall: 0.901,
      lookalikes: 0.047,
    },
    {
      // Held out at 79.4 % of values and 3.3 % of look-alikes (BENCHMARKS.md): addresses in B2B calls; fitted in part.
      title: 'the fortieth blind set, at what fitting reached',
      file: INDEPENDENT_40_FILE,
      utterances: 201,
      recall: 0.858,
      lookalikes: 0.034,
    },
    {
      // Held out at 94.0 % of values and 4.9 % of look-alikes (BENCHMARKS.md): voicemails and monologues; fitted in part.
      title: 'the forty-first blind set, at what fitting reached',
      file: INDEPENDENT_41_FILE,
      utterances: 203,
      recall: 0.963,
      lookalikes: 0.05,
    },
    {
      // Held out at 86.3 % of values and 5.0 % of look-alikes (BENCHMARKS.md): collections and payment plans; fitted in part.
      title: 'the forty-second blind set, at what fitting reached',
      file: INDEPENDENT_42_FILE,
      utterances: 200,
      recall: 0.875,
      lookalikes: 0.05,
    },
    {
      // Held out at 95.9 % of values and 7.6 % of look-alikes (BENCHMARKS.md): numbers that are not personal; fitted.
      title: 'the forty-third blind set, at what fitting reached',
      file: INDEPENDENT_43_FILE,
      utterances: 214,
      recall: 0.958,
      lookalikes: 0.031,
    },
    {
      // Held out at 91.2 % of values and 0 % of look-alikes (BENCHMARKS.md): everyday calls; fitted in part.
      title: 'the forty-fourth blind set, at what fitting reached',
      file: INDEPENDENT_44_FILE,
      utterances: 200,
      recall: 0.932,
      lookalikes: 0.01,
    },
    {
      // Held out at 83.3 % of values and 1.5 % of look-alikes (BENCHMARKS.md): bank details; fitted.
      title: 'the forty-fifth blind set, at what fitting reached',
      file: INDEPENDENT_45_FILE,
      utterances: 213,
      recall: 0.885,
      lookalikes: 0.015,
    },
    {
      // Held out at 78.0 % of values and 1.5 % of look-alikes (BENCHMARKS.md): messy speech; fitted.
      title: 'the forty-sixth blind set, at what fitting reached',
      file: INDEPENDENT_46_FILE,
      utterances: 210,
      recall: 0.85,
      lookalikes: 0.015,
    },
    {
      // Held out at 95.1 % of values and 0 % of look-alikes (BENCHMARKS.md): long B2B sales calls; fitted.
      title: 'the forty-seventh blind set, at what fitting reached',
      file: INDEPENDENT_47_FILE,
      utterances: 120,
      recall: 0.983,
      lookalikes: 0.01,
    },
    {
      // Held out at 95.1 % of values and 1.5 % of look-alikes (BENCHMARKS.md): a month of calls, on the fitted rules; fitted.
      title: 'the forty-eighth blind set, at what fitting reached',
      file: INDEPENDENT_48_FILE,
      utterances: 203,
      recall: 0.968,
      lookalikes: 0.016,
    },
  ];
  for (const set of SETS) {
    const lookalikes = set.lookalikes ?? 0.01;
    it(`finds at least ${set.recall * 100} % of the values of ${set.title}, at most ${(lookalikes * 100).toFixed(1)} % of its look-alikes`, () => {
      const figures = redactionFigures(evaluateRedaction(set.file ? labelledUtterances(set.file) : undefined));
      expect(figures.utterances).to.be.at.least(set.utterances);
      expect(figures.found / figures.values, JSON.stringify(figures)).to.be.at.least(set.recall);
      expect(figures.lookalikesRedacted / figures.lookalikes, JSON.stringify(figures)).to.be.at.most(lookalikes);
    });
  }

  it("reads national phone numbers in the company's region, and any region's said with its country code", () => {
    expect(redactText('Call me on 020 7946 0958.', { phoneRegion: 'GB' }).text).to.equal('Call me on [PHONE_NUMBER].');
    expect(redactText('Call me on 030 12345678.', { phoneRegion: 'DE' }).text).to.equal('Call me on [PHONE_NUMBER].');
    // Read as a US number it is not one: a London number is kept only where the company is not in GB.
    expect(redactText('Call me on 020 7946 0958.').text).to.equal('Call me on 020 7946 0958.');
    expect(redactText('Call me on double oh four four two oh seven nine four six oh nine five eight.').text).to.equal(
      'Call me on [PHONE_NUMBER].',
    );
    expect(redactText('Call me on plus four four seven nine one one one two three four five six.').text).to.equal(
      'Call me on [PHONE_NUMBER].',
    );
  });

  it('reads a bare "code" before three or four digits as the card\'s, unless a word names another code', () => {
    expect(redactText('and the code is 417.').text).to.equal('and the code is [CREDIT_CARD_CVV].');
    expect(redactText("the code's two nine one").text).to.equal("the code's [CREDIT_CARD_CVV]");
    for (const kept of ['the zip code is 941', 'area code 415', 'the promo code is 2024', 'the code review is PR 318'])
      expect(redactText(kept).text).to.equal(kept);
  });

  it("writes the providers' marks as the placeholders and leaves marks of other kinds as they are", () => {
    expect(
      redactText('It is [CREDIT_CARD_1], mail [EMAIL_ADDRESS], call [PHONE_NUMBER_2], for [NAME_1].').text,
    ).to.equal('It is [CREDIT_CARD_NUMBER], mail [EMAIL_ADDRESS], call [PHONE_NUMBER], for [NAME_1].');
  });

  it('keeps spans of a kind that meet in time as one stretch to silence, and apart when they do not', () => {
    const redacted = redactTranscript({
      provider: 'openai',
      language: 'en',
      durationMs: 30_000,
      segments: [
        // No words: each span is timed by the segment, so the three phone numbers are one stretch.
        {
          startMs: 0,
          endMs: 9000,
          speaker: null,
          text: 'Call 212-555-0198, or 212-555-0199, or 212-555-0197, card 4111 1111 1111 1111.',
        },
        {
          startMs: 10_000,
          endMs: 20_000,
          speaker: null,
          text: 'Home is 212-555-0142 and work is 212-555-0143.',
          words: [
            { startMs: 10_000, endMs: 10_500, text: 'Home' },
            { startMs: 10_500, endMs: 10_800, text: 'is' },
            { startMs: 11_000, endMs: 13_000, text: '212-555-0142' },
            { startMs: 13_200, endMs: 13_500, text: 'and' },
            { startMs: 13_600, endMs: 14_000, text: 'work' },
            { startMs: 14_100, endMs: 14_300, text: 'is' },
            { startMs: 15_000, endMs: 17_000, text: '212-555-0143.' },
          ],
        },
      ],
    });
    expect(redacted.segments.map((s) => s.text)).to.deep.equal([
      'Call [PHONE_NUMBER], or [PHONE_NUMBER], or [PHONE_NUMBER], card [CREDIT_CARD_NUMBER].',
      'Home is [PHONE_NUMBER] and work is [PHONE_NUMBER].',
    ]);
    expect(redacted.redactions).to.deep.equal([
      { startMs: 0, endMs: 9000, kind: 'phone_number' },
      { startMs: 0, endMs: 9000, kind: 'credit_card_number' },
      { startMs: 11_000, endMs: 13_000, kind: 'phone_number' },
      { startMs: 15_000, endMs: 17_000, kind: 'phone_number' },
    ]);
  });

  it('times a span by the words it covers, else by its segment, and keeps one placeholder word for it', () => {
    const transcript: Transcript = {
      provider: 'deepgram',
      language: 'en',
      durationMs: 20_000,
      segments: [
        {
          startMs: 1000,
          endMs: 6000,
          speaker: '0',
          text: 'Mail jordan.lee@example.com today.',
          words: [
            { startMs: 1000, endMs: 1300, text: 'Mail' },
            { startMs: 1500, endMs: 3200, text: 'jordan.lee@example.com' },
            { startMs: 3400, endMs: 3900, text: 'today.' },
          ],
        },
        { startMs: 7000, endMs: 9000, speaker: '1', text: 'My SSN is 123-45-6789.' },
      ],
    };
    const redacted = redactTranscript(transcript);
    expect(redacted.redactions).to.deep.equal([
      { startMs: 1500, endMs: 3200, kind: 'email_address' },
      { startMs: 7000, endMs: 9000, kind: 'us_social_security_number' },
    ]);
    expect(redacted.segments[0].words?.map((w) => w.text)).to.deep.equal(['Mail', '[EMAIL_ADDRESS]', 'today.']);
    expect(redacted.segments.map((s) => s.text)).to.deep.equal([
      'Mail [EMAIL_ADDRESS] today.',
      'My SSN is [US_SOCIAL_SECURITY_NUMBER].',
    ]);
  });
});

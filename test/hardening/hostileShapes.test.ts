import { expect } from 'chai';
import fc from 'fast-check';
import { WebVTTParser, type TreeNode } from 'webvtt-parser';
import { mergeChannelTranscripts } from '../../activities/stt/channels';
import { parseListenAnswer } from '../../activities/stt/deepgram';
import { parseAssemblyAiTranscript } from '../../activities/stt/assemblyai';
import { parseVerboseJson } from '../../activities/stt/openai';
import { joinPieces } from '../../activities/stt/overlap';
import { ApiError } from '../../api/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../api/middleware/jsonBody';
import { escapeVtt } from '../../common/views/transcripts';
import { RecordingSubmission } from '../../api/schemas/recordings';
import { assertValid, check, compile, MAX_REPORTED_PROBLEMS, PARTIAL_CHECK_ITEMS } from '../../api/validation';
import { toSubmittedTranscript, TranscriptProblems } from '../../common/transcript';
import {
  MAX_CUE_TAG_DEPTH,
  MAX_SPEAKER_CHARS,
  MAX_TIMING_SETTINGS,
  MAX_TRANSCRIPT_TEXT_CHARS,
} from '../../common/transcriptLimits';
import { webVttLimitProblem } from '../../common/webVttLimits';
import { expectLinearGrowth } from '../support/growth';

// Issue 49: the API-side paths that read a caller's (or a provider's) text, fed the shapes that made them
// super-linear, growing tenfold: CPU time may grow at most ~20x (best of three runs), and what is refused
// is refused by a limit, never by a RangeError. The HTTP answers to the same shapes: requestLimits.test.ts.

const submission = (transcript: unknown): Record<string, unknown> => ({
  userUniqueIdentifier: 'rep-1',
  userName: 'Rep One',
  storeRecording: false,
  transcript,
});

/** The 400 the API would answer for this body, as its JSON text; null when the body is valid. */
function answerTo(body: unknown): { text: string; error: ApiError } | null {
  const checked = check('body', RecordingSubmission, body);
  try {
    assertValid(checked.problems, checked.complete);
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const text = JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } });
    return { text, error: err };
  }
}

/** The transcript parsed, or the problem that refused it: anything else (a RangeError) fails the test. */
function submitted(transcript: string | Array<{ speaker: string; start: number; end: number; text: string }>) {
  try {
    return toSubmittedTranscript(transcript, undefined);
  } catch (err) {
    if (err instanceof TranscriptProblems) return err;
    throw err;
  }
}

const junkItem = fc.constantFrom<unknown>({}, [], null, 'x', 7, { speaker: 1 }, { text: {} }, { extra: true });
const name = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/);
const two = (n: number): string => String(n).padStart(2, '0');
/** Cue `i` from second i to i + 1: in order, as the parser wants them. */
const cueTime = (i: number): string =>
  `${two(Math.floor(i / 3600))}:${two(Math.floor(i / 60) % 60)}:${two(i % 60)}.000 --> ${two(Math.floor((i + 1) / 3600))}:${two(Math.floor((i + 1) / 60) % 60)}:${two((i + 1) % 60)}.000`;

describe('hostile shapes (issue 49)', function () {
  this.timeout(120_000);

  describe('validation', () => {
    it('an array of junk items costs linear time, and its 400 stays a few KB', () => {
      fc.assert(
        fc.property(junkItem, (item) => {
          // 400 items: every one checked (the full check); 4,000 and up: arrays checked in part.
          expectLinearGrowth(
            `transcript: [${JSON.stringify(item)}, …]`,
            (n) => submission(Array.from({ length: n }, () => item)),
            (body) => answerTo(body),
            400,
          );
          const big = answerTo(submission(Array.from({ length: 350_000 }, () => item)));
          expect(big).to.not.equal(null);
          // Memory: the errors ajv built for a 1 MiB body (a few per item, 264 MB, before the cut).
          expect(compile(RecordingSubmission).errors?.length ?? 0).to.be.at.most(10 * PARTIAL_CHECK_ITEMS);
          expect(big!.text.length).to.be.below(16_000);
          expect(big!.error.details.length).to.be.at.most(MAX_REPORTED_PROBLEMS);
        }),
        { numRuns: 4 },
      );
    });

    it('counts every problem of a small body and says how many were not listed', () => {
      const answer = answerTo(submission(Array.from({ length: 100 }, () => ({}))));
      expect(answer!.error.details).to.have.length(MAX_REPORTED_PROBLEMS);
      // 100 segments, each without its 4 fields.
      expect(answer!.error.message).to.match(/^The request has 400 problems: /);
      expect(answer!.error.message).to.match(/; and 350 more not listed\.$/);
    });

    it('says a large body was checked in part, and still reports what made the whole of it invalid', () => {
      const answer = answerTo(submission(Array.from({ length: 30_000 }, () => ({}))));
      expect(answer!.error.message).to.match(/^The request has at least \d+ problems \(a large invalid body/);
      expect(answer!.error.details.map((d) => d.message)).to.include('transcript must NOT have more than 20000 items');
    });

    it('quotes at most 200 characters of a field the caller named', () => {
      const answer = answerTo({ ...submission('WEBVTT'), ['k'.repeat(100_000)]: 1 });
      expect(answer!.text.length).to.be.below(2_000);
    });
  });

  describe('JSON nesting', () => {
    const nested = fc.record({
      open: fc.array(fc.constantFrom('[', '{"a":', '{"[{":'), { minLength: 1, maxLength: 5 }),
      noise: fc.constantFrom('"[[[["', '"\\"[{"', '"\\\\"', '0'),
    });
    const build = (open: string[], noise: string, depth: number): string => {
      const opens: string[] = [];
      for (let i = 0; i < depth; i++) opens.push(open[i % open.length]);
      const closes = opens.map((o) => (o === '[' ? ']' : '}')).reverse();
      return opens.join('') + noise + closes.join('');
    };

    it('measures depth as JSON.parse nests it, brackets in strings aside', () => {
      fc.assert(
        fc.property(nested, fc.integer({ min: 1, max: 100 }), ({ open, noise }, depth) => {
          const text = build(open, noise, depth);
          JSON.parse(text); // the generator makes JSON
          expect(nestsDeeperThan(text, MAX_JSON_DEPTH)).to.equal(depth > MAX_JSON_DEPTH);
        }),
      );
    });

    it('costs linear time however deep the text nests', () => {
      fc.assert(
        fc.property(nested, ({ open, noise }) => {
          expectLinearGrowth(
            'nesting',
            (n) => build(open, noise, n),
            (text) => nestsDeeperThan(text, Number.MAX_SAFE_INTEGER),
            10_000,
          );
        }),
        { numRuns: 3 },
      );
    });
  });

  describe('WebVTT transcripts', () => {
    /** Cue bodies of the shapes that made the parser (or what follows it) super-linear, each within the limits. */
    const shapes: Record<string, (n: number, voice: string) => string> = {
      'cues at the nesting limit': (n, voice) =>
        Array.from(
          { length: n },
          (_, i) => `${cueTime(i)}\n${`<v ${voice}>`.repeat(MAX_CUE_TAG_DEPTH)}hi${'</v>'.repeat(MAX_CUE_TAG_DEPTH)}`,
        ).join('\n\n'),
      'timing lines at the settings limit': (n, voice) =>
        Array.from(
          { length: n },
          (_, i) => `${cueTime(i)} ${'align:start '.repeat(MAX_TIMING_SETTINGS)}\n<v ${voice}>hi`,
        ).join('\n\n'),
      'many tiny cues': (n, voice) =>
        Array.from({ length: n }, () => `00:00:00.000 --> 00:00:01.000\n<v ${voice}>a`).join('\n\n'),
      'long voices': (n, voice) =>
        Array.from(
          { length: n },
          (_, i) => `${cueTime(i)}\n<v ${voice.repeat(MAX_SPEAKER_CHARS).slice(0, MAX_SPEAKER_CHARS)}>a`,
        ).join('\n\n'),
      // One cue's line growing to just under its limit (18,000 characters at 10x).
      'one huge token': (n, voice) => `00:00:00.000 --> 00:00:01.000\n<v ${voice}>${'y'.repeat(n * 4.5)}`,
      'non-breaking spaces': (n, voice) =>
        Array.from({ length: n }, () => `00:00:00.000 --> 00:00:01.000\n<v ${voice}>\u00a0\u00a0\u00a0 x \u00a0`).join(
          '\n\n',
        ),
    };

    for (const [shape, cues] of Object.entries(shapes)) {
      it(`${shape}: linear time, parsed or refused by a limit`, () => {
        fc.assert(
          fc.property(name, (voice) => {
            expectLinearGrowth(shape, (n) => `WEBVTT\n\n${cues(n, voice)}\n`, submitted, 400);
          }),
          { numRuns: 2 },
        );
      });
    }

    const overLimit: Record<string, [string, number, RegExp]> = {
      'a line': [`00:00.000 --> 00:01.000\n${'z'.repeat(MAX_TRANSCRIPT_TEXT_CHARS + 1)}`, 4, /20000 are allowed/],
      "a cue's text": [`00:00.000 --> 00:01.000\n${'z\n'.repeat(MAX_TRANSCRIPT_TEXT_CHARS / 2 + 1)}`, 4, /20000/],
      // Named where the 33rd tag opens: line 4 is the cue's first, `x`.
      nesting: [`00:00.000 --> 00:01.000\nx\n${'<c>\n'.repeat(MAX_CUE_TAG_DEPTH + 1)}`, 37, /nest more than 32/],
      settings: [
        `00:00.000 --> 00:01.000${' size:10%'.repeat(MAX_TIMING_SETTINGS + 1)}\nx`,
        3,
        /more than 16 settings/,
      ],
      'a voice': [`00:00.000 --> 00:01.000\n<v ${'n'.repeat(MAX_SPEAKER_CHARS + 1)}>x`, 4, /longer than 255/],
    };
    for (const [what, [cue, line, message]] of Object.entries(overLimit)) {
      it(`refuses ${what} over its limit naming the line`, () => {
        const problem = submitted(`WEBVTT\n\n${cue}\n`);
        expect(problem).to.be.instanceOf(TranscriptProblems);
        expect((problem as TranscriptProblems).problems[0].message).to.match(new RegExp(`^line ${line}: `));
        expect((problem as TranscriptProblems).problems[0].message).to.match(message);
      });
    }

    /** The deepest tag and the longest voice of a parsed cue tree, walked without recursion. */
    function treeExtent(children: TreeNode[]): { depth: number; voice: number } {
      let depth = 0;
      let voice = 0;
      const stack = children.map((node) => ({ node, level: 1 }));
      while (stack.length > 0) {
        const { node, level } = stack.pop()!;
        if (node.type !== 'object') continue;
        depth = Math.max(depth, level);
        if (node.name === 'v') voice = Math.max(voice, String(node.value).trim().length);
        for (const child of node.children as TreeNode[]) stack.push({ node: child, level: level + 1 });
      }
      return { depth, voice };
    }

    it('lets through no cue the parser would nest deeper, or voice longer, than the limits', () => {
      const token = fc.oneof(
        fc.constantFrom('<c>', '<i>', '<b.loud>', '<u>', '<ruby>', '<rt>', '</rt>', '</ruby>', '<lang en>'),
        fc.constantFrom('</c>', '</i>', '</b>', '</u>', '</v>', '</lang>', '<x>', '</x>', '<>', '</>', '<00:00.500>'),
        fc.constantFrom('a', ' ', '\n', '&amp;', '<v', '>', '<c\n>', '<v \n a\tb >'),
        fc.integer({ min: 250, max: 260 }).map((n) => `<v ${'w'.repeat(n)}>`),
        fc.integer({ min: 120, max: 130 }).map((n) => `<v ${'w '.repeat(n)}>`),
      );
      fc.assert(
        fc.property(fc.array(token, { maxLength: 150 }), (tokens) => {
          const text = `WEBVTT\n\n00:00.000 --> 00:01.000\n${tokens.join('')}\n`;
          if (webVttLimitProblem(text) !== null) return;
          const parsed = new WebVTTParser().parse(text, 'metadata');
          for (const cue of parsed.cues) {
            const extent = treeExtent(cue.tree.children);
            expect(extent.depth).to.be.at.most(MAX_CUE_TAG_DEPTH);
            expect(extent.voice).to.be.at.most(MAX_SPEAKER_CHARS);
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('segment transcripts', () => {
    it('many tiny segments cost linear time', () => {
      fc.assert(
        fc.property(name, (speaker) => {
          expectLinearGrowth(
            'segments',
            (n) => Array.from({ length: n }, (_, i) => ({ speaker, start: n - i, end: n - i + 1, text: ' a ' })),
            submitted,
            1_000,
          );
        }),
        { numRuns: 2 },
      );
    });

    it('refuses a segment text over the limit by its schema', () => {
      const answer = answerTo(
        submission([{ speaker: 'A', start: 0, end: 1, text: 'x'.repeat(MAX_TRANSCRIPT_TEXT_CHARS + 1) }]),
      );
      expect(answer!.error.details.map((d) => d.message)).to.include(
        'transcript.0.text must NOT have more than 20000 characters',
      );
    });
  });

  describe('speech-to-text answers and the transcript view', () => {
    const many = 150_000; // past the ~124k arguments a spread may pass

    it('parses provider answers of 150,000 segments', () => {
      const verbose = parseVerboseJson({
        segments: Array.from({ length: many }, (_, i) => ({ start: i, end: i + 1, text: 'a' })),
      });
      expect(verbose.durationMs).to.equal(many * 1000);
      const deepgram = parseListenAnswer(
        {
          results: { utterances: Array.from({ length: many }, (_, i) => ({ start: i, end: i + 2, transcript: 'a' })) },
        },
        null,
      );
      expect(deepgram.durationMs).to.equal((many + 1) * 1000);
      const assembly = parseAssemblyAiTranscript({
        utterances: Array.from({ length: many }, (_, i) => ({ start: i, end: i + 3, text: 'a', speaker: 'A' })),
      });
      expect(assembly.durationMs).to.equal(many + 2);
      const merged = mergeChannelTranscripts({ left: verbose, right: deepgram });
      expect(merged.segments).to.have.length(2 * many);
      const joined = joinPieces([
        { startMs: 0, durationMs: many * 1000, segments: verbose.segments },
        { startMs: many * 1000, durationMs: 1000, segments: verbose.segments },
      ]);
      expect(joined.length).to.be.above(many);
      const cues = submitted(
        Array.from({ length: 20_000 }, (_, i) => ({ speaker: 'A', start: i, end: i + 1, text: 'a' })),
      );
      expect(cues).to.not.be.instanceOf(TranscriptProblems);
    });

    it('escapes voices and text in linear time, leaving no line break', () => {
      const run = fc.constantFrom('\u00a0', ' ', '\t', '\n', '\r\n', '\u2003', 'a', '&', '<');
      fc.assert(
        fc.property(fc.array(run, { minLength: 1, maxLength: 8 }), (unit) => {
          const piece = unit.join('');
          // Sizes in characters: 20 KB to 200 KB, where the cost of a string's allocation grows with it.
          expectLinearGrowth('escapeVtt', (n) => piece.repeat(Math.ceil(n / piece.length)), escapeVtt, 20_000);
          const escaped = escapeVtt(piece.repeat(50));
          expect(escaped).to.not.match(/[\n\r<>]/);
        }),
        { numRuns: 5 },
      );
      expectLinearGrowth('escapeVtt of non-breaking spaces', (n) => '\u00a0'.repeat(n), escapeVtt, 10_000);
    });
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { joinLines } from '../../common/views/transcripts';

// The WebVTT view joins a cue's lines without a backtracking pattern (common/views/transcripts.ts).

/** The pattern it replaces, kept here as the oracle. */
const byPattern = (text: string): string => text.replace(/\s*\n\s*/g, ' ');

const cpuMs = (f: () => void): number => {
  let best = Infinity;
  for (let run = 0; run < 5; run += 1) {
    const start = process.cpuUsage();
    f();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
};

describe('views: joining a cue’s lines', () => {
  it('gives what /\\s*\\n\\s*/g → " " gives, for any text', () => {
    const pieces = fc.constantFrom('a', 'b c', ' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(joinLines(text), JSON.stringify(text)).to.equal(byPattern(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes time linear in a long run of blanks', () => {
    const text = (n: number): string => `a${' '.repeat(n)}b`.repeat(4) + '\n';
    const small = cpuMs(() => joinLines(text(20_000)));
    const large = cpuMs(() => joinLines(text(200_000)));
    expect(large, `${small} ms at 1x, ${large} ms at 10x`).to.be.at.most(Math.max(15 * small, 5));
  });
});

import { expect } from 'chai';
import { expectLinearGrowth } from '../support/growth';
import fc from 'fast-check';
import { loggedAudioFacts } from '../../activities/media/probe';
import { integrationEmail } from '../../activities/resolveRecordingUser';
import { email } from '../../cli/options';
import { mailDomainOf, withoutTrailingSlashes } from '../../common/textEdges';

// Issue 49 §1: the patterns eslint-plugin-regexp found super-linear were rewritten to keep their behaviour.
// Each rewrite is checked against the pattern it replaced (on small generated inputs, where the old one is
// cheap) and for linear growth on the input that made the old one rescan.

const SEED = 49;
const RUNS = 400;

/** CPU time at 10× the size is at most ~20× the time at 1× (with a floor against timer noise). */
function expectLinear(label: string, make: (n: number) => string, run: (s: string) => unknown, n = 20_000): void {
  // A floor of 2 ms at 1x (30 ms at 10x) keeps timer granularity from failing a cheap pattern.
  expectLinearGrowth(label, make, (s) => void run(s), n, undefined, 2);
}

// A few characters that matter to the patterns, mixed with ordinary ones.
const textOf = (chars: string[]): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...chars), { maxLength: 24 }).map((a) => a.join(''));

describe('hardening: super-linear patterns rewritten, behaviour kept', () => {
  it('trailing slashes: the same as /\\/+$/ replaced, linear in a run of slashes', () => {
    fc.assert(
      fc.property(textOf(['/', 'a', ':', ' ', '.']), (s) => {
        expect(withoutTrailingSlashes(s)).to.equal(s.replace(/\/+$/, ''));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expectLinear('slashes then a letter', (n) => `${'/'.repeat(n)}x`, withoutTrailingSlashes);
  });

  it("MAIL_FROM's domain: what /@([^>\\s]+)>?\\s*$/ captured, linear in a run of @", () => {
    const old = (s: string): string | undefined => /@([^>\s]+)>?\s*$/.exec(s)?.[1];
    fc.assert(
      fc.property(textOf(['@', '>', '<', ' ', '\n', 'a', 'b', '.']), (s) => {
        expect(mailDomainOf(s), JSON.stringify(s)).to.equal(old(s));
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
    expect(mailDomainOf('Sales Practice <noreply@mail.example.com>')).to.equal('mail.example.com');
    expect(mailDomainOf('noreply@example.com  ')).to.equal('example.com');
    expect(mailDomainOf('a@b@c')).to.equal('b@c');
    expect(mailDomainOf('noreply@ >')).to.equal(undefined);
    expectLinear('@ then a space', (n) => `${'@'.repeat(n)} `, mailDomainOf);
  });

  it('the CLI email check: the same as /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/, linear in a run of dots', () => {
    const old = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const accepts = (s: string): boolean => {
      try {
        email(s);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(textOf(['@', '.', ' ', 'a', 'b']), (s) => {
        expect(accepts(s), JSON.stringify(s)).to.equal(old.test(s));
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
    expectLinear('dots after the @', (n) => `a@${'.'.repeat(n)}@`, accepts);
  });

  it("an integration user's email slug: the same as /^-+|-+$/ removed, linear in a run of separators", () => {
    const oldSlug = (id: string): string =>
      id
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40) || 'user';
    fc.assert(
      fc.property(textOf(['-', ' ', '!', 'a', 'B', '7', 'é']), (id) => {
        expect(integrationEmail(id).split('+')[0]).to.equal(oldSlug(id));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expectLinear('separators then a letter', (n) => `${'- '.repeat(n)}x`, integrationEmail);
  });

  it("ffmpeg's input block: streams and bit rate read as before, linear in blank lines and digits", () => {
    const log = (stream: string): string =>
      [
        "Input #0, mp3, from 'call.mp3':",
        '  Duration: 00:01:02.50, start: 0.025057, bitrate: 64 kb/s',
        stream,
        'Stream mapping:',
      ].join('\n');
    const facts = loggedAudioFacts(log('  Stream #0:0(eng): Audio: mp3, 16000 Hz, mono, fltp, 64 kb/s'));
    expect(facts).to.deep.include({ container: 'mp3', durationMs: 62_500, channels: 1, bitRate: 64_000 });
    expect(
      loggedAudioFacts(log('  Stream #0:12: Audio: mp3 (mp3float), 44100 Hz, stereo, fltp, 128 kb/s')),
    ).to.have.property('bitRate', 128_000);
    expect(loggedAudioFacts(log('  Stream #0:0: Video: h264'))).to.equal(undefined);
    expectLinear('blank lines', (n) => log(`${'\n'.repeat(n)}x`), loggedAudioFacts);
    expectLinear(
      'digits without kb/s',
      (n) => log(`  Stream #0:0: Audio: mp3, mono, ${'1'.repeat(n)} kb`),
      loggedAudioFacts,
    );
  });
});

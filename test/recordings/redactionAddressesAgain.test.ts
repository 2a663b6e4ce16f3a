import { expect } from 'chai';
import fc from 'fast-check';
import { redactText } from '../../common/redaction';
import { redactTranscript } from '../../common/redaction/transcript';

// An address said again in part after it was said whole, as the fortieth blind set said it (BENCHMARKS.md): its local
// part in words ("so d volkov"), a piece with "dot" ("cc jordan dot ellis"), spelled ("K A I T L I N"), with the start
// of its host ("tyler dot brooks at greyfield partners"); in the same turn or a later one (common/redaction/addressesAgain.ts).

const NAMES = ['jordan', 'keisha', 'tyler', 'harriet', 'felix', 'imani', 'oluwaseun', 'bella'];
const SURNAMES = ['ellis', 'johnson', 'brooks', 'lindgren', 'baumann', 'okafor', 'russo', 'volkov'];
const HOSTS = ['greyfield partners', 'cobalt ridge', 'linden bio', 'stratus components'];

describe('redaction: an address said again in part', () => {
  it('hides the local part said again, in words, with "dot", or spelled, and the start of its host', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES),
        fc.constantFrom(...SURNAMES),
        fc.constantFrom(...HOSTS),
        fc.integer({ min: 0, max: 3 }),
        (name, surname, host, form) => {
          const again = [
            `${name} dot ${surname}`,
            `${name} dot ${surname} at ${host}`,
            `${name[0]} ${surname}`,
            surname.toUpperCase().split('').join(' '),
          ][form];
          const local = form === 2 ? `${name[0]} dot ${surname}` : `${name} dot ${surname}`;
          const said = `${local} at ${host} dot com`;
          const turns: Array<[string, string]> = [
            ['agent', 'What email should the onboarding packet go to?'],
            ['caller', `It's ${said}.`],
            ['agent', `So ${again}, with a dot in between?`],
          ];
          const out = redactTranscript({
            provider: 'submitted',
            language: 'en',
            durationMs: 12_000,
            segments: turns.map(([speaker, text], i) => ({ startMs: i * 4000, endMs: i * 4000 + 3900, speaker, text })),
          }).segments.map((s) => s.text);
          expect(out, JSON.stringify(out)).to.deep.equal([
            turns[0][1],
            "It's [EMAIL_ADDRESS].",
            'So [EMAIL_ADDRESS], with a dot in between?',
          ]);
          // In one text too (the two may be one placeholder: "So" restates).
          const one = redactText(`It's ${said}. So ${again}, with a dot in between?`).text;
          expect(one).to.match(/^It's \[EMAIL_ADDRESS\](?:\. So \[EMAIL_ADDRESS\])?, with a dot in between\?$/);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps a name said again alone, and words that only share letters with the address', () => {
    for (const text of [
      "It's keisha dot johnson at ridgeway health dot org. Keisha will join the demo at ten.",
      'Send it to tyler dot brooks at greyfield partners dot com. Tyler and Brooks are both on the thread.',
      'It is ap at northwind dot io. We are at northwind on Tuesday, the dot matrix printer is broken.',
    ])
      expect(redactText(text).text).to.equal(
        text.replace(/^(It's |Send it to |It is )(.*? dot (?:org|com|io))/, '$1[EMAIL_ADDRESS]'),
      );
  });
});

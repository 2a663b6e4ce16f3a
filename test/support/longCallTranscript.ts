import type { Transcript } from '../../common/transcript';

// A long call's transcript as the speech providers give one (a two-second segment after another, two
// speakers): a 4-hour call is about 1 MB of JSON, several MB as objects. What the export's memory is held
// against by item size (test/exports/exportLongCalls.test.ts, `npm run bench -- export --by-item-size`).

export function longCallTranscript(n: number, hours: number): Transcript {
  const segments = Array.from({ length: (hours * 3600) / 2 }, (_, i) => ({
    startMs: i * 2000,
    endMs: i * 2000 + 1900,
    text: `Call ${n}, line ${i}: so what does your team use today for the quarterly pipeline review, and who signs?`,
    speaker: i % 2 === 0 ? 'A' : 'B',
  }));
  return { provider: 'openai', language: 'en', durationMs: hours * 3600_000, segments };
}

import type { Silence } from './silences';

// Where to cut a recording into chunks the provider takes: each at most `maxSeconds` long, cut in
// the middle of the pause closest before that limit (never mid-word), or at the limit itself when
// a stretch of speech runs longer than the search window.

export interface ChunkSpan {
  startMs: number;
  endMs: number;
}

/** How far back from the limit a pause is looked for. */
const WINDOW_SHARE = 0.25;

export function planChunks(durationMs: number, maxSeconds: number, silences: Silence[]): ChunkSpan[] {
  const maxMs = Math.max(1000, Math.floor(maxSeconds * 1000));
  const cuts: number[] = [];
  let at = 0;
  while (durationMs - at > maxMs) {
    const limit = at + maxMs;
    const earliest = at + maxMs * (1 - WINDOW_SHARE);
    const pauses = silences
      .map((s) => Math.round(((s.start + s.end) / 2) * 1000))
      .filter((mid) => mid > earliest && mid <= limit);
    const cut = pauses.length > 0 ? pauses[pauses.length - 1] : limit;
    cuts.push(cut);
    at = cut;
  }
  const bounds = [0, ...cuts, durationMs];
  return bounds.slice(1).map((end, i) => ({ startMs: bounds[i], endMs: end }));
}

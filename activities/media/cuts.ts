// Where to cut a long recording: at the middle of a pause near each chunk's end, never mid-word
// when a pause exists. Pure, so the same audio always gives the same pieces (a restarted worker that
// has to cut again gets exactly the pieces whose answers are already kept).

export interface Pause {
  startMs: number;
  endMs: number;
}

/**
 * Cut points (ms) splitting `durationMs` into pieces of at most `maxMs`. Each cut is the middle of the
 * latest pause whose middle falls in the second half of the piece; a piece with no pause there is cut
 * at `maxMs` (speech without a half-chunk-long gap is rare in a call; the alternative is a failure).
 */
export function chooseCuts(durationMs: number, pauses: Pause[], maxMs: number): number[] {
  const cuts: number[] = [];
  let from = 0;
  while (durationMs - from > maxMs) {
    const limit = from + maxMs;
    const earliest = from + maxMs / 2;
    let cut = limit;
    for (const p of pauses) {
      const middle = Math.round((p.startMs + p.endMs) / 2);
      if (middle > earliest && middle <= limit) cut = middle;
      if (middle > limit) break;
    }
    // A pause chosen exactly where the last piece ended would make an empty piece.
    if (cut <= from) cut = limit;
    cuts.push(cut);
    from = cut;
  }
  return cuts;
}

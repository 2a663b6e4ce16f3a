import type { TranscriptSegment } from './transcript';

// Pieces of one side put back on the recording's timeline. A provider that labels speakers per request
// and takes no known speakers (Deepgram, AssemblyAI, when a call is longer than their own limits) gets
// pieces that overlap: each piece after the first starts some seconds before the previous one ends.
// The words both pieces heard in that overlap tell which label of the later piece is which speaker
// of the earlier one (labels matched by the words they share, most shared first, one to one); the
// overlap itself is kept from the earlier piece. Pieces that do not overlap keep their labels as given.

export interface PlacedPiece {
  startMs: number;
  durationMs: number;
  segments: TranscriptSegment[];
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

function bagOf(segments: TranscriptSegment[], label: string, fromMs: number, toMs: number): Map<string, number> {
  const bag = new Map<string, number>();
  for (const s of segments) {
    if (s.speaker !== label || s.endMs <= fromMs || s.startMs >= toMs) continue;
    for (const w of wordsOf(s.text)) bag.set(w, (bag.get(w) ?? 0) + 1);
  }
  return bag;
}

function shared(a: Map<string, number>, b: Map<string, number>): number {
  let n = 0;
  for (const [w, count] of a) n += Math.min(count, b.get(w) ?? 0);
  return n;
}

/** The later piece's labels as the earlier pieces' labels, matched over the window both heard. */
export function matchLabels(
  earlier: TranscriptSegment[],
  later: TranscriptSegment[],
  fromMs: number,
  toMs: number,
  taken: Set<string>,
  pieceIndex: number,
): Map<string, string> {
  const labels = (segments: TranscriptSegment[]) => [
    ...new Set(segments.map((s) => s.speaker).filter((l): l is string => l !== null)),
  ];
  const known = labels(earlier);
  const fresh = labels(later);
  const pairs = fresh
    .flatMap((f) =>
      known.map((k) => ({ f, k, score: shared(bagOf(later, f, fromMs, toMs), bagOf(earlier, k, fromMs, toMs)) })),
    )
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score);
  const mapping = new Map<string, string>();
  const used = new Set<string>();
  for (const p of pairs) {
    if (mapping.has(p.f) || used.has(p.k)) continue;
    mapping.set(p.f, p.k);
    used.add(p.k);
  }
  // A speaker the overlap did not hear is someone new: a label no earlier piece used.
  for (const f of fresh) if (!mapping.has(f)) mapping.set(f, taken.has(f) ? `${f}-${pieceIndex}` : f);
  return mapping;
}

/** The side's segments on the recording's timeline, overlaps resolved and labels carried across pieces. */
export function joinPieces(pieces: PlacedPiece[]): TranscriptSegment[] {
  const joined: TranscriptSegment[] = [];
  const taken = new Set<string>();
  let previousEnd = 0;
  pieces.forEach((piece, index) => {
    const absolute = piece.segments.map((s) => ({
      ...s,
      startMs: s.startMs + piece.startMs,
      endMs: s.endMs + piece.startMs,
    }));
    const overlapEnd = index > 0 ? previousEnd : piece.startMs;
    let kept = absolute;
    if (overlapEnd > piece.startMs) {
      const mapping = matchLabels(joined, absolute, piece.startMs, overlapEnd, taken, index);
      kept = absolute
        .filter((s) => s.startMs >= overlapEnd)
        .map((s) => ({ ...s, speaker: s.speaker === null ? null : (mapping.get(s.speaker) ?? s.speaker) }));
    }
    for (const s of kept) if (s.speaker !== null) taken.add(s.speaker);
    // A loop: `push(...kept)` passes every segment as an argument, a RangeError past ~124k of them.
    for (const s of kept) joined.push(s);
    previousEnd = piece.startMs + piece.durationMs;
  });
  return joined;
}

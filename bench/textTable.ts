// Plain-text tables of the bench's printed report: first column left-aligned, the others right-aligned.

/** A number with `digits` decimals (NaN and infinities as words). */
export const f = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

const row = (cells: string[], widths: number[]): string =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [row(header, widths), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => row(r, widths))].join(
    '\n',
  );
}

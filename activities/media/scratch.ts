import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// One scratch directory per recording under SCRATCH_DIR, for the copy of the original and the
// rendition chunks. The workflow removes it when the recording ends (completed, failed or
// cancelled); a worker that starts removes what a killed one left, and stale `.partial` files of
// interrupted downloads in STORAGE_DIR.

export function scratchRoot(configured: string): string {
  return configured ? path.resolve(configured) : path.join(os.tmpdir(), 'sales-practice-scratch');
}

export const scratchDirFor = (root: string, recordingId: string): string => path.join(root, recordingId);

export async function removeScratch(root: string, recordingId: string): Promise<void> {
  await fs.rm(scratchDirFor(root, recordingId), { recursive: true, force: true });
}

/** A `.partial` file untouched this long belongs to a download that died (a live one writes continuously). */
const STALE_PARTIAL_MS = 60_000;

/**
 * Start-up sweep: SCRATCH_DIR belongs to this worker (one worker per SCRATCH_DIR), so anything in it
 * is a leftover; `.partial` files in STORAGE_DIR are removed only when stale, since storage may be shared.
 */
export async function sweepLeftovers(scratch: string, storageDir: string, now = Date.now()): Promise<{ scratch: number; partial: number }> {
  const leftovers = await fs.readdir(scratch).catch(() => [] as string[]);
  for (const entry of leftovers) await fs.rm(path.join(scratch, entry), { recursive: true, force: true });
  let partial = 0;
  const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.partial')) continue;
    const file = path.join(e.parentPath, e.name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_PARTIAL_MS) {
      await fs.rm(file, { force: true });
      partial += 1;
    }
  }
  return { scratch: leftovers.length, partial };
}

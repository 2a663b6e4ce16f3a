import fs from 'node:fs/promises';
import path from 'node:path';

// Scratch space of the media step: SCRATCH_DIR/worker-<pid>/<recordingId>/. Each worker process has
// its own folder, so a starting worker can remove what dead workers left without touching the files
// of a live one sharing the machine. A recording's folder is removed when its workflow ends.

export function recordingScratchDir(scratchRoot: string, recordingId: string): string {
  return path.resolve(scratchRoot, `worker-${process.pid}`, recordingId);
}

export async function removeRecordingScratch(scratchRoot: string, recordingId: string): Promise<void> {
  await fs.rm(recordingScratchDir(scratchRoot, recordingId), { recursive: true, force: true });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes the scratch folders of worker processes that no longer run; returns how many. */
export async function sweepScratch(scratchRoot: string): Promise<number> {
  const entries = await fs.readdir(scratchRoot).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const pid = /^worker-(\d+)$/.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid || alive(Number(pid))) continue;
    await fs.rm(path.join(scratchRoot, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Temporary files of uploads a killed worker never finished (`*.partial`, untouched for `olderThanMs`). */
export async function sweepPartialUploads(storageDir: string, olderThanMs: number): Promise<number> {
  let removed = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.partial')) {
        const stat = await fs.stat(full).catch(() => undefined);
        // A live upload keeps writing, so its mtime stays fresh.
        if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
          await fs.rm(full, { force: true });
          removed += 1;
        }
      }
    }
  };
  await walk(storageDir);
  return removed;
}

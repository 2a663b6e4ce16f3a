import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// Scratch space of the media step: SCRATCH_DIR/worker-<host>-<pid>-<start>/<recordingId>/. Each worker
// process has its own folder, named by its machine (the host name: a container's own), its pid and a
// token of this start: every container's process is PID 1, so a pid alone names the same folder on every
// machine sharing a volume, and the same folder again after a container restarts. A starting worker
// removes what stopped workers of its own machine left and never touches the folder of a live one, nor
// any folder of another machine (it cannot tell whether that process lives).
//
// Nothing in scratch outlives an activity: the cut's files go to the recording store (storedPieces.ts)
// and a piece that must be heard first is fetched into a folder of its own attempt and removed after it
// (withAttemptScratch); otherwise it streams from the store to the provider.

// Host names may hold characters a folder name should not; `-` separates the parts, so it goes too.
const HOST = os.hostname().replace(/[^A-Za-z0-9.]/g, '_') || 'host';
const START = randomBytes(4).toString('hex');
const OWN = `worker-${HOST}-${process.pid}-${START}`;

/** This process's scratch folder under `scratchRoot`. */
export function workerScratchDir(scratchRoot: string): string {
  return path.resolve(scratchRoot, OWN);
}

export function recordingScratchDir(scratchRoot: string, recordingId: string): string {
  return path.join(workerScratchDir(scratchRoot), recordingId);
}

export async function removeRecordingScratch(scratchRoot: string, recordingId: string): Promise<void> {
  await fs.rm(recordingScratchDir(scratchRoot, recordingId), { recursive: true, force: true });
}

/**
 * Runs `use` with a folder of its own in this worker's scratch space (beside the recordings' cut folders,
 * which a cut removes when it ends), removed afterwards whatever happens.
 */
export async function withAttemptScratch<T>(
  scratchRoot: string,
  recordingId: string,
  use: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = path.join(workerScratchDir(scratchRoot), `${recordingId}.attempt-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether the folder `name` belongs to a worker of this machine that no longer runs. */
function leftByStoppedWorker(name: string): boolean {
  if (name === OWN) return false;
  const current = /^worker-(.+)-(\d+)-([0-9a-f]+)$/.exec(name);
  if (current) {
    const [, host, pid] = current;
    if (host !== HOST) return false;
    // Our own pid under another start token: an earlier life of this container (PID 1 again).
    return Number(pid) === process.pid || !alive(Number(pid));
  }
  // Folders of builds before the host name was part of it: `worker-<pid>`, this machine's as far as it can tell.
  const legacy = /^worker-(\d+)$/.exec(name)?.[1];
  return legacy !== undefined && Number(legacy) !== process.pid && !alive(Number(legacy));
}

/** Removes the scratch folders of this machine's worker processes that no longer run; returns how many. */
export async function sweepScratch(scratchRoot: string): Promise<number> {
  const entries = await fs.readdir(scratchRoot).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    if (!leftByStoppedWorker(name)) continue;
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
      if (entry.isDirectory()) {
        await walk(full);
        // A key's folder of temporary files (common/storage/localStorage.ts), once nothing is left in it.
        if (entry.name.endsWith('.partial')) await fs.rmdir(full).catch(() => undefined);
      } else if (entry.name.endsWith('.partial')) {
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

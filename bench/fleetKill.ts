import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { WorkerProcess } from './stack';

// The worker killed mid-run of `npm run bench:recording -- --kill`: the one whose scratch folder shows it
// holding the target recording at the chosen stage, killed with SIGKILL (no shutdown, as a machine dies).
// A worker's scratch is SCRATCH_DIR/worker-…/ holding <recordingId>/ while it downloads and cuts that
// recording (the download is <recordingId>/original, ffmpeg's outputs beside it) and
// <recordingId>.attempt-…/ while it sends one of its pieces (activities/media/scratch.ts).

export type KillStage = 'download' | 'cut' | 'piece';
export const KILL_STAGES: KillStage[] = ['download', 'cut', 'piece'];

interface Held {
  /** Recordings being downloaded or cut. */
  cuts: string[];
  /** What the worker holds of the target, if anything. */
  stage?: KillStage;
}

async function heldBy(scratch: string, target: string): Promise<Held> {
  const held: Held = { cuts: [] };
  for (const own of await readdir(scratch).catch(() => [])) {
    for (const entry of await readdir(path.join(scratch, own)).catch(() => [])) {
      if (entry.startsWith(`${target}.attempt-`)) held.stage ??= 'piece';
      if (entry.includes('.attempt-')) continue;
      held.cuts.push(entry);
      if (entry !== target) continue;
      const files = await readdir(path.join(scratch, own, entry)).catch(() => []);
      held.stage = files.some((f) => f !== 'original') ? 'cut' : 'download';
    }
  }
  return held;
}

export interface Killed {
  worker: number;
  /** Other recordings' downloads or cuts on that worker when it died (theirs are repeated too). */
  otherCutsHeld: number;
  /** ms from the first POST of the run. */
  atMs: number;
}

export interface Killer {
  done: Promise<Killed | undefined>;
  stop(): void;
}

/**
 * Kills the worker holding `target()` at `stage` once it holds no other recording's download or cut
 * (or after 30 s of holding it), so the cost seen is that one recording's.
 */
export function killHolder(
  workers: WorkerProcess[],
  scratch: string[],
  stage: KillStage,
  target: () => string | undefined,
): Killer {
  let stopped = false;
  const started = Date.now();
  const done = (async (): Promise<Killed | undefined> => {
    let heldSince: number | undefined;
    while (!stopped) {
      const id = target();
      if (id) {
        const held = await Promise.all(scratch.map((s) => heldBy(s, id)));
        const holder = held.findIndex((h) => h.stage === stage);
        if (holder >= 0) {
          heldSince ??= Date.now();
          const others = held[holder].cuts.filter((c) => c !== id).length;
          if (others === 0 || Date.now() - heldSince > 30_000) {
            process.kill(workers[holder].pid, 'SIGKILL');
            console.error(
              `[bench] killed worker ${holder} (pid ${workers[holder].pid}) at ${id}'s ${stage}, holding ${others} other download(s) or cut(s)`,
            );
            return { worker: holder, otherCutsHeld: others, atMs: Date.now() - started };
          }
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return undefined;
  })();
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
}

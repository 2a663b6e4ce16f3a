import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// What every bench entry (npm run bench, bench:settings, bench:recording) ends with: its results written as
// JSON where it was told, and the process's exit status.

/** The machine a run had, for its results: cores, CPU model and the load average when it started. */
export function machine(loadAverageAtStart: number): { nproc: number; cpu: string; loadAverageAtStart: number } {
  return { nproc: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? 'unknown', loadAverageAtStart };
}

/** Writes `results` to `<dir>/<name>` and logs where, with the CPU profiles' folder when there is one. */
export async function writeResults(
  dir: string,
  name: string,
  results: unknown,
  log: (line: string) => void,
  cpuProfileDir?: string,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`written ${file}${cpuProfileDir ? `; CPU profiles in ${cpuProfileDir}` : ''}`);
}

/** Runs a bench entry: exit status 0 when it ends, 1 with the error's stack when it fails. */
export function runEntry(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );
}

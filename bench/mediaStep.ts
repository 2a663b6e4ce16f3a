import fs from 'node:fs/promises';
import path from 'node:path';
import { cutRecording } from '../activities/media/pieces';
import { observeTools } from '../activities/media/ffmpeg';
import { loadConfig } from '../common/config';
import { createOutboundAgent } from '../common/outbound';
import { createLocalStorage } from '../common/storage/localStorage';
import type { RecordingRow } from '../db/queries/recordings';

// One run of the worker's media step (copy from storage, probe, rendition, pauses, cut) on a stored
// file, in a process of its own so its peak RSS is the step's: `--idle` loads the same modules and
// does no media work (the baseline). Prints one JSON line: wall time, peak RSS, the ffmpeg commands run.

async function main(): Promise<void> {
  const [storageDir, key, scratchDir, idle] = process.argv.slice(2);
  const config = loadConfig({}, { STORAGE_DIR: storageDir, SCRATCH_DIR: scratchDir, LOG_LEVEL: 'silent' });
  const commands: Array<{ command: string; args: string[] }> = [];
  observeTools((command, args) => commands.push({ command, args: [...args] }));
  const started = process.hrtime.bigint();
  let pieces = 0;
  if (idle !== '--idle') {
    const recording = {
      id: 'bench-media',
      storageKey: key,
      sourceUrl: null,
      repChannel: null,
    } as unknown as RecordingRow;
    const cut = await cutRecording(
      { config, storage: createLocalStorage(storageDir), outbound: createOutboundAgent({ allowPrivate: true }) },
      recording,
      new AbortController().signal,
    );
    pieces = cut.pieces.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await fs.rm(path.join(scratchDir), { recursive: true, force: true });
  // VmHWM, not resourceUsage().maxRSS: Linux keeps ru_maxrss across fork and exec, so a child of a large
  // process (the bench after a long run) would report its parent's size.
  const hwm = /^VmHWM:\s+(\d+)\s+kB/m.exec(await fs.readFile('/proc/self/status', 'utf8'));
  process.stdout.write(`${JSON.stringify({ seconds, peakRssMiB: Number(hwm?.[1] ?? 0) / 1024, pieces, commands })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});

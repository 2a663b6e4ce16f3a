import { readFileSync } from 'node:fs';
import os from 'node:os';

// How much memory the worker has, for sizing its workflow cache and task slots (worker/tuning.ts):
// WORKER_MEMORY_LIMIT_MB when set; else the container's limit (cgroup v2 memory.max, or v1's
// memory.limit_in_bytes); else the machine's total memory, which the worker shares with whatever else
// runs there.

export type MemorySource = 'WORKER_MEMORY_LIMIT_MB' | 'cgroup' | 'machine';

export interface MemoryLimit {
  mib: number;
  source: MemorySource;
}

const CGROUP_FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];

/**
 * A cgroup limit file's value in MiB, or undefined when it sets no limit: v2 writes `max`, v1 a number
 * near 2^63; anything at or above the machine's memory limits nothing either.
 */
export function parseCgroupLimit(text: string, machineBytes: number): number | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return undefined;
  const bytes = Number(value);
  return bytes > 0 && bytes < machineBytes ? bytes / 2 ** 20 : undefined;
}

export function workerMemoryLimit(settingMiB: number): MemoryLimit {
  if (settingMiB > 0) return { mib: settingMiB, source: 'WORKER_MEMORY_LIMIT_MB' };
  for (const file of CGROUP_FILES) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // not this cgroup version (or no cgroup filesystem at all)
    }
    const mib = parseCgroupLimit(text, os.totalmem());
    if (mib !== undefined) return { mib, source: 'cgroup' };
  }
  return { mib: os.totalmem() / 2 ** 20, source: 'machine' };
}

import { readdirSync, readFileSync } from 'node:fs';

// Processes as /proc shows them: who started whom, what runs, how much memory it holds. For the tests
// that check which process starts ffmpeg and that nothing outlives the process that wanted it.

export interface ProcEntry {
  pid: number;
  ppid: number;
  /** The executable's name (`ffmpeg`, `node`), at most 15 characters. */
  comm: string;
}

function entry(pid: number): ProcEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    // After "pid (comm) ": the state, then the parent's pid.
    return { pid, ppid: Number(stat.slice(close + 2).split(' ')[1]), comm: stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The live processes whose parent is `pid`. */
export function childrenOf(pid: number): ProcEntry[] {
  const all = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  return all.map((name) => entry(Number(name))).filter((p): p is ProcEntry => p !== undefined && p.ppid === pid);
}

/** Whether `pid` still runs (a zombie, dead but not yet reaped, counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resident set size in MiB (VmRSS). */
export function rssMiB(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb[1]) / 1024;
}

export const cmdline = (pid: number): string =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

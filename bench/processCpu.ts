import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

// CPU time of the processes a run involves, from /proc: a process's own user+system time plus what its
// reaped children spent (cutime+cstime: ffmpeg and ffprobe once waited for), plus its live descendants'
// (a long-lived helper is reaped only when it exits, so until then its time is only in its own stat).
// A child that exits between two readings moves from "live descendant" to its parent's cutime, so the
// difference of two readings is the tree's CPU over the interval either way.

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime + cutime + cstime of one process, in seconds; undefined once it is gone. */
async function ownSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces and parentheses): state is field 3, utime field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return (utime + stime + cutime + cstime) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const tasks = await readdir(`/proc/${pid}/task`);
    const lists = await Promise.all(
      tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')),
    );
    return lists.flatMap((l) => l.split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** CPU seconds of a process and its live descendants, reaped children included. */
export async function treeCpuSeconds(pid: number): Promise<number> {
  const own = (await ownSeconds(pid)) ?? 0;
  const children = await childrenOf(pid);
  const theirs = await Promise.all(children.map((c) => treeCpuSeconds(c)));
  return own + theirs.reduce((a, b) => a + b, 0);
}

/** Pids whose command line (arguments joined by spaces) or command name passes `match`. */
export async function findPids(match: (cmdline: string, comm: string) => boolean): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d)).map(Number);
  const found: number[] = [];
  for (const pid of pids) {
    const [cmdline, comm] = await Promise.all([
      readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
      readFile(`/proc/${pid}/comm`, 'utf8').catch(() => ''),
    ]);
    if (match(cmdline.split('\0').join(' ').trim(), comm.trim())) found.push(pid);
  }
  return found;
}

/** The MariaDB (or MySQL) server on this machine: the process named mariadbd or mysqld. */
export async function findDatabaseServer(): Promise<number | undefined> {
  return (await findPids((_, comm) => comm === 'mariadbd' || comm === 'mysqld'))[0];
}

/** The Temporal dev server serving `address` (`temporal server start-dev … --port N`), when it runs here. */
export async function findTemporalDevServer(address: string): Promise<number | undefined> {
  const [host, port] = address.split(':');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) return undefined;
  return (
    await findPids((cmdline) => / start-dev /.test(`${cmdline} `) && new RegExp(`--port ${port}( |$)`).test(cmdline))
  )[0];
}

/** PostgreSQL's postmaster (its backends are its children): a Temporal cluster's persistence here. */
export async function findPostgresServer(): Promise<number | undefined> {
  return (await findPids((cmdline, comm) => comm === 'postgres' && / -D /.test(cmdline)))[0];
}

export type CpuReading = Record<string, number>;

/** One reading of each named process tree (a process that is missing reads 0). */
export async function readCpu(pids: Record<string, number | undefined>): Promise<CpuReading> {
  const entries = await Promise.all(
    Object.entries(pids).map(async ([name, pid]) => [name, pid === undefined ? 0 : await treeCpuSeconds(pid)] as const),
  );
  return Object.fromEntries(entries);
}

/** Per process: CPU seconds between two readings divided by `recordings`, and the total of them (less those `apart`). */
export function cpuPerRecording(
  before: CpuReading,
  after: CpuReading,
  recordings: number,
  apart: string[] = [],
): Record<string, number> & { total: number } {
  const per: Record<string, number> = {};
  for (const name of Object.keys(after)) per[name] = Math.max(0, after[name] - (before[name] ?? 0)) / recordings;
  const total = Object.entries(per)
    .filter(([name]) => !apart.includes(name))
    .reduce((a, [, b]) => a + b, 0);
  return { ...per, total };
}

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { runTool } from '../activities/media/ffmpeg';
import { toolHostPid } from '../activities/media/toolHostClient';

// `npm run bench:spawn`: what starting a child costs the process that starts it. A process grown to the
// worker's size (~300 MiB resident) runs `ffprobe -version` N times spawned directly, as the worker did,
// and N times through the tool host (activities/media/toolHost.ts), in alternating rounds; for each: the
// starting process's own CPU (process.cpuUsage: its main thread and libuv's) and wall time per run, and
// the host's CPU from /proc. ffprobe's own CPU is the same either way and counted in neither.

const RUNS = 200;
const ROUNDS = 4;
const TARGET_RSS_MIB = 300;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Kept for the whole run (read at the end) so the collector cannot give it back. */
const ballast: Array<Buffer | object[]> = [];

function grow(): void {
  // Half off-heap (Buffers, as streams and the gRPC client hold) and half V8 heap (objects, as caches and workflow state hold).
  while (process.memoryUsage().rss < TARGET_RSS_MIB * 1024 * 1024) {
    ballast.push(Buffer.alloc(1024 * 1024, 1));
    ballast.push(Array.from({ length: 8_000 }, (_, i) => ({ id: i, name: `row-${i}`, at: [i, i + 1] })));
  }
}

/** The worker's old runTool: spawn from this process, stdout and stderr read. */
function directSpawn(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && out.length > 0 ? resolve() : reject(new Error(`ffprobe exited with ${code}`)),
    );
  });
}

const viaHost = async (args: string[]): Promise<void> => {
  await runTool('ffprobe', args);
};

function hostCpuMs(): number {
  const pid = toolHostPid();
  if (pid === undefined) return 0;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Tally {
  cpuUserMs: number;
  cpuSystemMs: number;
  wallMs: number;
  hostCpuMs: number;
}

async function timeRuns(run: (args: string[]) => Promise<void>, n: number, into: Tally): Promise<void> {
  const host = hostCpuMs();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await run(['-version']);
  const used = process.cpuUsage(cpu);
  into.wallMs += Number(process.hrtime.bigint() - started) / 1e6;
  into.cpuUserMs += used.user / 1000;
  into.cpuSystemMs += used.system / 1000;
  into.hostCpuMs += hostCpuMs() - host;
}

async function main(): Promise<void> {
  grow();
  const rssMiB = process.memoryUsage().rss / 2 ** 20;
  const hostStart = process.hrtime.bigint();
  await viaHost(['-version']);
  const hostStartMs = Number(process.hrtime.bigint() - hostStart) / 1e6;
  for (let i = 0; i < 10; i++) {
    await directSpawn(['-version']);
    await viaHost(['-version']);
  }
  const direct: Tally = { cpuUserMs: 0, cpuSystemMs: 0, wallMs: 0, hostCpuMs: 0 };
  const hosted: Tally = { cpuUserMs: 0, cpuSystemMs: 0, wallMs: 0, hostCpuMs: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    await timeRuns(directSpawn, RUNS / ROUNDS, direct);
    await timeRuns(viaHost, RUNS / ROUNDS, hosted);
  }
  const hostPid = toolHostPid();
  const hostRssMiB =
    hostPid === undefined
      ? 0
      : Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${hostPid}/status`, 'utf8'))?.[1]) / 1024;
  const perRun = (ms: number): string => (ms / RUNS).toFixed(2);
  console.log(
    `starting process: ${rssMiB.toFixed(0)} MiB resident (${ballast.length} ballast blocks); tool host: ${hostRssMiB.toFixed(0)} MiB, first start ${hostStartMs.toFixed(0)} ms`,
  );
  console.log(`${RUNS} runs of ffprobe -version each, per run (ms):`);
  console.log('                 parent CPU (user+sys)   parent sys   wall    host CPU');
  for (const [name, t] of [
    ['direct spawn', direct],
    ['via tool host', hosted],
  ] as const) {
    console.log(
      `  ${name.padEnd(15)}${perRun(t.cpuUserMs + t.cpuSystemMs).padStart(10)}${perRun(t.cpuSystemMs).padStart(22)}${perRun(t.wallMs).padStart(8)}${perRun(t.hostCpuMs).padStart(11)}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

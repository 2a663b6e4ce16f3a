import { treeCpuSeconds } from './processCpu';

// The Temporal server's CPU while a backlog waits (issue 50 §5): a run that waits for a place should cost the
// server nothing (it sleeps on a signal, no timer or poll), so the server's CPU should follow the places' work,
// not the length of the queue. Read from /proc (bench/processCpu.ts) every few seconds between the end of the
// submissions and the last completion; an idle reading before the backlog gives the floor to compare against.

export interface CpuWindow {
  /** CPU seconds over the window divided by its wall seconds: cores in use. */
  meanCores: number;
  /** The busiest sampling interval's cores. */
  peakCores: number;
  cpuSeconds: number;
  wallSeconds: number;
}

export interface CpuSampler {
  stop(): Promise<CpuWindow>;
}

/** Samples `pid`'s process tree every `intervalMs` until stopped. */
export async function sampleCpu(pid: number, intervalMs = 5_000): Promise<CpuSampler> {
  const first = { cpu: await treeCpuSeconds(pid), at: performance.now() };
  let last = first;
  let peakCores = 0;
  const tick = async (): Promise<void> => {
    const now = { cpu: await treeCpuSeconds(pid), at: performance.now() };
    peakCores = Math.max(peakCores, (now.cpu - last.cpu) / ((now.at - last.at) / 1000));
    last = now;
  };
  let pending: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(tick);
  }, intervalMs);
  return {
    async stop(): Promise<CpuWindow> {
      clearInterval(timer);
      await pending;
      await tick();
      const wallSeconds = (last.at - first.at) / 1000;
      const cpuSeconds = last.cpu - first.cpu;
      return { meanCores: cpuSeconds / wallSeconds, peakCores, cpuSeconds, wallSeconds };
    },
  };
}

/** Cores `pid`'s tree uses over `ms` with nothing submitted: the floor the backlog's reading is read against. */
export async function idleCores(pid: number, ms: number): Promise<number> {
  const sampler = await sampleCpu(pid, ms);
  await new Promise((r) => setTimeout(r, ms));
  return (await sampler.stop()).meanCores;
}

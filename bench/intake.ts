import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Config } from '../common/config';
import { startRecordingWorkflow } from '../common/workflowStarts/recording';
import { createTemporalClient } from '../common/temporalClient';
import {
  cpuPerRequest,
  hit,
  medianFigures,
  percentile,
  type CpuSources,
  type Figures,
  type LoadSettings,
  type LoadTarget,
} from './load';
import { readCpu } from './processCpu';
import type { SidesCpu } from './reads';

// Part 3: POST /api/recording acceptances per second against the bare Temporal client starting the
// same workflow with the API's own start function (startRecordingWorkflow), on the same dev server
// and task queue, at the same concurrency. No worker polls that queue meanwhile, so the workflows
// only queue up; what is measured is acceptance, not processing.

export interface IntakeComparison {
  service: Figures;
  baseline: Figures;
}

/**
 * `concurrency` loops, each starting one workflow after another, for `seconds`. With `cpu`: CPU ms per start of
 * those processes (Temporal's) plus this process's own (the client doing the API's part).
 */
async function bareStarts(
  client: Client,
  config: Config,
  companyId: string,
  concurrency: number,
  seconds: number,
  cpu?: CpuSources,
): Promise<Figures> {
  const latencies: number[] = [];
  const cpuBefore = cpu && (await readCpu(cpu.pids));
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await startRecordingWorkflow(
        client,
        config,
        { id: companyId, fairnessWeight: 1 },
        {
          id: randomUUID(),
          companyId,
          storeRecording: false,
          roleplayId: null,
        },
      );
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  let measured: ReturnType<typeof cpuPerRequest> | undefined;
  if (cpu && cpuBefore) {
    const after = await readCpu(cpu.pids);
    measured = cpuPerRequest(
      cpu,
      { ...cpuBefore, client: 0 },
      { ...after, client: (own.user + own.system) / 1e6 },
      latencies.length,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    timeouts: 0,
    ...measured,
  };
}

export interface IntakeInput {
  serviceUrl: string;
  apiKey: string;
  companyId: string;
  /** The service's configuration (address, namespace, task queue, webhook retry). */
  config: Config;
  /** External ids of existing users, rotated over the submissions. */
  externalIds: string[];
  /**
   * The bare client's settings when they differ from the service's: the same transport (address, TLS), without
   * what the service adds on top (payload encryption, tracing).
   */
  bareConfig?: Config;
  /** Measure CPU per request: the service's processes, and Temporal's for the bare starts. */
  cpu?: SidesCpu;
}

/** POST /api/recording with a fresh body per request (users rotated, unique URLs). */
export function intakeTarget(serviceUrl: string, apiKey: string, externalIds: string[], cpu?: CpuSources): LoadTarget {
  let n = 0;
  return {
    ...(cpu ? { cpu } : {}),
    url: `${serviceUrl}/api/recording`,
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: () => {
      n += 1;
      return JSON.stringify({
        userUniqueIdentifier: externalIds[n % externalIds.length],
        userName: 'Bench Caller',
        recordingPresignedUrl: `https://files.example.com/calls/${n}.mp3?X-Amz-Signature=${randomUUID()}`,
        storeRecording: false,
      });
    },
  };
}

export async function runIntake(input: IntakeInput, s: LoadSettings): Promise<IntakeComparison> {
  const service = intakeTarget(input.serviceUrl, input.apiKey, input.externalIds, input.cpu?.service);
  // The API's own client (same deadline interceptor) and the API's own start function.
  const bareConfig = input.bareConfig ?? input.config;
  const client = createTemporalClient(bareConfig);
  try {
    const bare = () =>
      bareStarts(client, bareConfig, input.companyId, s.connections, s.roundSeconds, input.cpu?.baseline);
    await hit(service, s.connections, s.warmupSeconds);
    await bareStarts(client, bareConfig, input.companyId, s.connections, s.warmupSeconds);
    const runs = { service: [] as Figures[], baseline: [] as Figures[] };
    for (let round = 0; round < s.rounds; round += 1) {
      if (round % 2 === 0) {
        runs.service.push(await hit(service, s.connections, s.roundSeconds));
        runs.baseline.push(await bare());
      } else {
        runs.baseline.push(await bare());
        runs.service.push(await hit(service, s.connections, s.roundSeconds));
      }
    }
    return { service: medianFigures(runs.service), baseline: medianFigures(runs.baseline) };
  } finally {
    await client.connection.close();
  }
}

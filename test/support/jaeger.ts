import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './temporalServer';

// A real trace store: Jaeger all-in-one v1.76.0 (the OpenTelemetry-collector based Jaeger v2 binary that
// scripts/ensure-jaeger.sh builds once), traces in memory, every listener on a free loopback port: OTLP/HTTP
// for the service's exporters, the query API the test reads traces back from. Its default configuration
// binds a dozen fixed ports (4317, 4318, 16686, 8888, 5778, 13133, …); this one binds three.

export const JAEGER_VERSION = '1.76.0';

/** Where scripts/ensure-jaeger.sh puts the binary (JAEGER_BIN, exported by scripts/test.sh, wins). */
export function jaegerPath(): string {
  if (process.env.JAEGER_BIN) return process.env.JAEGER_BIN;
  const cache =
    process.env.SALES_PRACTICE_TOOLS_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'sales-practice-tools');
  const bin = path.join(cache, `jaeger-${JAEGER_VERSION}`);
  if (!existsSync(bin)) throw new Error(`Jaeger not found at ${bin}: run scripts/ensure-jaeger.sh (builds it once)`);
  return bin;
}

export interface JaegerTag {
  key: string;
  type: string;
  value: unknown;
}

export interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: Array<{ refType: string; traceID: string; spanID: string }>;
  tags: JaegerTag[];
  logs: Array<{ timestamp: number; fields: JaegerTag[] }>;
  processID: string;
}

export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string; tags: JaegerTag[] }>;
}

export interface Jaeger {
  /** OTEL_EXPORTER_OTLP_ENDPOINT for the service. */
  otlpUrl: string;
  queryUrl: string;
  /** Its process (the bench reports its CPU time apart). */
  pid: number;
  /** The trace as Jaeger's query API answers it, or undefined while it does not know it. */
  trace(traceId: string): Promise<JaegerTrace | undefined>;
  /** Every trace Jaeger holds with a span of `service` (its search API, the last hour). */
  traces(service: string): Promise<JaegerTrace[]>;
  stop(): Promise<void>;
}

/** A span's tag value, if it has the tag. */
export function tag(span: JaegerSpan, key: string): unknown {
  return span.tags.find((t) => t.key === key)?.value;
}

function config(ports: { otlp: number; http: number; grpc: number }): string {
  return `service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
extensions:
  jaeger_storage:
    backends:
      memstore:
        memory:
          max_traces: 10000
  jaeger_query:
    # Jaeger traces its own queries to 127.0.0.1:4317 unless told not to (another Jaeger may listen there).
    enable_tracing: false
    storage:
      traces: memstore
    http:
      endpoint: 127.0.0.1:${ports.http}
    grpc:
      endpoint: 127.0.0.1:${ports.grpc}
receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:${ports.otlp}
processors:
  batch:
    timeout: 100ms
exporters:
  jaeger_storage_exporter:
    trace_storage: memstore
`;
}

class PortTaken extends Error {}

/** Starts Jaeger on free ports; a port taken meanwhile by another process means trying again on others. */
export async function startJaeger(): Promise<Jaeger> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePorts();
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 5) throw err;
    }
  }
}

async function startOnFreePorts(): Promise<Jaeger> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-jaeger-'));
  const ports = { otlp: await freePort(), http: await freePort(), grpc: await freePort() };
  const configFile = path.join(dir, 'jaeger.yaml');
  await fs.writeFile(configFile, config(ports));
  const child: ChildProcess = spawn(jaegerPath(), ['--config', configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  const otlpUrl = `http://127.0.0.1:${ports.otlp}`;
  const queryUrl = `http://127.0.0.1:${ports.http}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      const message = `jaeger exited early: ${stderr}`;
      throw /address already in use/.test(stderr) ? new PortTaken(message) : new Error(message);
    }
    // Ready when both the query API and the OTLP receiver answer (an empty export is a valid one).
    const answers = await Promise.all([
      fetch(`${queryUrl}/api/services`).then(
        (r) => r.ok,
        () => false,
      ),
      fetch(`${otlpUrl}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        (r) => r.ok,
        () => false,
      ),
    ]);
    if (answers.every(Boolean)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`jaeger did not come up within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    otlpUrl,
    queryUrl,
    pid: child.pid ?? 0,
    async trace(traceId) {
      const res = await fetch(`${queryUrl}/api/traces/${traceId}`);
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`jaeger answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { data?: JaegerTrace[] };
      return body.data?.[0];
    },
    async traces(service) {
      const query = new URLSearchParams({ service, limit: '10000', lookback: '1h' });
      const res = await fetch(`${queryUrl}/api/traces?${query.toString()}`);
      if (!res.ok) throw new Error(`jaeger answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data?: JaegerTrace[] | null }).data ?? [];
    },
    stop,
  };
}

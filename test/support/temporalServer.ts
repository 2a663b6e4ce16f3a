import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Connection } from '@temporalio/client';
import { searchAttributeDefinitions } from '../../common/temporal';
import { temporalCliPath } from '../../common/temporalCli';
import { FAIRNESS_SETTING } from '../../common/workflowStarts/priority';

export interface TemporalDevServer {
  address: string;
  /** The server's Prometheus endpoint (`--metrics-port`): its `action` counter is what bench/cost.ts reads. */
  metricsUrl: string;
  /** What the server logged (errors only) since the last call: the root hooks add it to a failed test. */
  takeLog(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

class PortTaken extends Error {}

export interface DevServerOptions {
  /** Task queue fairness (matching.enableFairness); on unless false (the fairness bench prices it off). */
  fairness?: boolean;
  /** Further dynamic config values (`--dynamic-config-value key=value`), such as a low suggestContinueAsNew. */
  dynamicConfig?: Record<string, string | number | boolean>;
}

/**
 * A real Temporal dev server (in-memory SQLite) on free ports (or gRPC on `grpcPort`), with the project's
 * search attributes. A port found free can be taken by another process before the server binds it (two
 * suites at once on one machine): then it starts again on other ports.
 */
export async function startTemporalDevServer(
  grpcPort?: number,
  options: DevServerOptions = {},
): Promise<TemporalDevServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnPorts(grpcPort, options);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 5) throw err;
    }
  }
}

async function startOnPorts(grpcPort: number | undefined, options: DevServerOptions): Promise<TemporalDevServer> {
  const port = grpcPort ?? (await freePort());
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--headless',
    '--log-level',
    'error',
  ];
  // Task queue fairness (docs/operations.md, "Fairness"), as in every server the project runs.
  if (options.fairness !== false) args.push('--dynamic-config-value', `${FAIRNESS_SETTING}=true`);
  for (const [key, value] of Object.entries(options.dynamicConfig ?? {}))
    args.push('--dynamic-config-value', `${key}=${JSON.stringify(value)}`);
  const metricsPort = await freePort();
  args.push('--http-port', String(await freePort()), '--metrics-port', String(metricsPort));
  for (const sa of searchAttributeDefinitions) args.push('--search-attribute', `${sa.name}=${sa.type}`);
  const child: ChildProcess = spawn(temporalCliPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let logged = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    logged = (logged + chunk.toString()).slice(-8000);
  });
  const address = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `temporal dev server exited early: ${stderr}`;
      // Only ports this function picked may be picked again; a caller's grpcPort stays an error.
      throw /address already in use/.test(stderr) && (grpcPort === undefined || !stderr.includes(`:${grpcPort}:`))
        ? new PortTaken(message)
        : new Error(message);
    }
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      break;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`temporal dev server did not come up: ${String(err)} ${stderr}`, { cause: err });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  logged = '';
  return {
    address,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    takeLog() {
      const taken = logged;
      logged = '';
      return taken;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

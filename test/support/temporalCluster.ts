import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import type { Config } from '../../common/config';
import { temporalConnection } from '../../common/temporalConnection';
import { FAIRNESS_SETTING } from '../../common/workflowStarts/priority';
import {
  issueCertificate,
  makeCertificateAuthority,
  type CertificateAuthority,
  type IssuedCertificate,
} from './certificates';
import { freePort } from './temporalServer';

// A real Temporal cluster as production runs it, for test/cluster/: the server built from
// go.temporal.io/server (scripts/ensure-temporal-server.sh), all four services in one process on free
// ports, persistence in this machine's PostgreSQL (a database pair of its own, made by the server's
// own sql tool from the module's schema files and dropped afterwards), and a frontend that requires a
// client certificate signed by the cluster's CA (made by openssl in a temporary directory).

const VERSION = 'v1.29.1';
const run = promisify(execFile);

/** The name in the frontend's certificate; clients set it as TEMPORAL_TLS_SERVER_NAME. */
export const CLUSTER_SERVER_NAME = 'temporal.test';

export interface TemporalCluster {
  address: string;
  dir: string;
  ca: CertificateAuthority;
  /** The frontend's certificate (for 127.0.0.1 and CLUSTER_SERVER_NAME); a test's TLS proxy may present it too. */
  serverCertificate: IssuedCertificate;
  clientCertificate: IssuedCertificate;
  /** The settings a process of the service needs to reach the cluster over mutual TLS. */
  clientSettings: Partial<Config>;
  /** How long creating the databases and starting the server took. */
  startupMs: number;
  /** The server's process (the bench reads its CPU time). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

function goBin(): string {
  return path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'bin');
}

/** The server, its sql tool and the PostgreSQL schema directory, as scripts/ensure-temporal-server.sh exports them. */
function installation(): { server: string; sqlTool: string; schemaDir: string } {
  const server = process.env.TEMPORAL_SERVER_BIN ?? path.join(goBin(), `temporal-server-${VERSION}`);
  const sqlTool = process.env.TEMPORAL_SQL_TOOL_BIN ?? path.join(goBin(), `temporal-sql-tool-${VERSION}`);
  const modCache = process.env.GOMODCACHE ?? path.join(path.dirname(goBin()), 'pkg', 'mod');
  const schemaDir =
    process.env.TEMPORAL_SERVER_SCHEMA_DIR ??
    path.join(modCache, 'go.temporal.io', `server@${VERSION}`, 'schema', 'postgresql', 'v12');
  for (const file of [server, sqlTool, schemaDir])
    if (!existsSync(file)) throw new Error(`${file} is missing: run scripts/ensure-temporal-server.sh`);
  return { server, sqlTool, schemaDir };
}

const POSTGRES = { host: '127.0.0.1', port: '5432', user: 'postgres' };

async function sqlTool(tool: string, database: string, ...command: string[]): Promise<void> {
  const args = ['--ep', POSTGRES.host, '-p', POSTGRES.port, '-u', POSTGRES.user, '--pl', 'postgres12'];
  await run(tool, [...args, '--db', database, ...command], { env: { PATH: process.env.PATH } });
}

function datastore(databaseName: string, maxConns: number): Record<string, unknown> {
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${POSTGRES.host}:${POSTGRES.port}`,
      connectProtocol: 'tcp',
      user: POSTGRES.user,
      password: '',
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  };
}

/**
 * A free port below 32768: the SQL stores keep membership ports in a smallint column (cluster_membership.rpc_port),
 * so the kernel's ephemeral ports (32768 and up, what freePort() gets) make the server exit.
 */
async function freeMembershipPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

interface Ports {
  frontend: number;
  history: number;
  matching: number;
  worker: number;
  membership: [number, number, number, number];
}

/** The server's configuration (YAML; JSON is YAML) after config/development-postgres12.yaml of the module. */
function serverConfig(
  dir: string,
  databases: [string, string],
  ports: Ports,
  certs: Record<string, string>,
  tls: boolean,
): string {
  const rpc = (grpcPort: number, membershipPort: number): Record<string, unknown> => ({
    rpc: { grpcPort, membershipPort, bindOnLocalHost: true },
  });
  const clientOfFrontend = { serverName: CLUSTER_SERVER_NAME, rootCaFiles: [certs['ca']] };
  return JSON.stringify(
    {
      log: { stdout: true, level: 'warn' },
      persistence: {
        defaultStore: 'default',
        visibilityStore: 'visibility',
        numHistoryShards: 4,
        datastores: { default: datastore(databases[0], 10), visibility: datastore(databases[1], 4) },
      },
      global: {
        membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
        ...(tls && {
          tls: {
            // External clients: mutual TLS, certificates of the cluster's CA only.
            frontend: {
              server: {
                certFile: certs['serverCert'],
                keyFile: certs['serverKey'],
                requireClientAuth: true,
                clientCaFiles: [certs['ca']],
              },
              client: clientOfFrontend,
            },
            // The system worker (schedules, namespace deletion) is a client of the frontend like any other.
            systemWorker: { certFile: certs['workerCert'], keyFile: certs['workerKey'], client: clientOfFrontend },
          },
        }),
      },
      services: {
        frontend: rpc(ports.frontend, ports.membership[0]),
        history: rpc(ports.history, ports.membership[1]),
        matching: rpc(ports.matching, ports.membership[2]),
        worker: rpc(ports.worker, ports.membership[3]),
      },
      clusterMetadata: {
        enableGlobalNamespace: false,
        failoverVersionIncrement: 10,
        masterClusterName: 'active',
        currentClusterName: 'active',
        clusterInformation: {
          active: {
            enabled: true,
            initialFailoverVersion: 1,
            rpcName: 'frontend',
            rpcAddress: `127.0.0.1:${ports.frontend}`,
          },
        },
      },
      dcRedirectionPolicy: { policy: 'noop' },
      dynamicConfigClient: { filepath: path.join(dir, 'dynamicconfig.yaml'), pollInterval: '10s' },
    },
    null,
    2,
  );
}

// A namespace registered by a test is seen by every service within a second instead of ten; task queue
// fairness on, as in every server the project runs (docs/operations.md, "Fairness").
const DYNAMIC_CONFIG = JSON.stringify({
  'system.namespaceCacheRefreshInterval': [{ value: '1s' }],
  [FAIRNESS_SETTING]: [{ value: true }],
});

/**
 * Creates the database pair, the certificates and the configuration, starts the server and waits for it.
 * `tls: false` is the same server with plaintext gRPC (the benchmark's like-for-like reference for mTLS).
 */
export async function startTemporalCluster(options: { tls?: boolean } = {}): Promise<TemporalCluster> {
  const tls = options.tls ?? true;
  const started = Date.now();
  const { server, sqlTool: tool, schemaDir } = installation();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-temporal-cluster-'));
  const base = `sp_temporal_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databases: [string, string] = [base, `${base}_visibility`];
  const dropDatabases = async (): Promise<void> => {
    await Promise.allSettled(databases.map((db) => sqlTool(tool, db, 'drop-database', '-f')));
  };
  try {
    const ca = await makeCertificateAuthority(dir, 'cluster');
    const [serverCertificate, clientCertificate, workerCertificate] = await Promise.all([
      issueCertificate(ca, 'frontend', [CLUSTER_SERVER_NAME, 'localhost', '127.0.0.1']),
      issueCertificate(ca, 'sales-practice'),
      issueCertificate(ca, 'system-worker'),
    ]);
    await Promise.all(
      (
        [
          [databases[0], 'temporal'],
          [databases[1], 'visibility'],
        ] as const
      ).map(async ([db, schema]) => {
        await sqlTool(tool, db, 'create-database');
        await sqlTool(tool, db, 'setup-schema', '-v', '0.0');
        await sqlTool(tool, db, 'update-schema', '-d', path.join(schemaDir, schema, 'versioned'));
      }),
    );
    const certs = {
      ca: ca.certPath,
      serverCert: serverCertificate.certPath,
      serverKey: serverCertificate.keyPath,
      workerCert: workerCertificate.certPath,
      workerKey: workerCertificate.keyPath,
    };
    for (let attempt = 1; ; attempt += 1) {
      const ports: Ports = {
        frontend: await freePort(),
        history: await freePort(),
        matching: await freePort(),
        worker: await freePort(),
        membership: [
          await freeMembershipPort(),
          await freeMembershipPort(),
          await freeMembershipPort(),
          await freeMembershipPort(),
        ],
      };
      await fs.mkdir(path.join(dir, 'config'), { recursive: true });
      await fs.writeFile(path.join(dir, 'config', 'development.yaml'), serverConfig(dir, databases, ports, certs, tls));
      await fs.writeFile(path.join(dir, 'dynamicconfig.yaml'), DYNAMIC_CONFIG);
      const address = `127.0.0.1:${ports.frontend}`;
      const clientSettings: Partial<Config> = tls
        ? {
            TEMPORAL_ADDRESS: address,
            TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca.certPath,
            TEMPORAL_TLS_SERVER_NAME: CLUSTER_SERVER_NAME,
            TEMPORAL_TLS_CLIENT_CERT_PATH: clientCertificate.certPath,
            TEMPORAL_TLS_CLIENT_KEY_PATH: clientCertificate.keyPath,
          }
        : { TEMPORAL_ADDRESS: address };
      const child = startServer(server, dir);
      try {
        await untilServing(child, clientSettings);
      } catch (err) {
        await child.stop();
        // Another process took one of the ports between freePort() and the server binding it.
        if (attempt < 3 && /address already in use/.test(child.output())) continue;
        throw err;
      }
      return {
        address,
        dir,
        ca,
        serverCertificate,
        clientCertificate,
        clientSettings,
        startupMs: Date.now() - started,
        pid: child.process.pid ?? 0,
        output: child.output,
        async stop() {
          await child.stop();
          await dropDatabases();
          await fs.rm(dir, { recursive: true, force: true });
        },
      };
    }
  } catch (err) {
    await dropDatabases();
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

interface ServerProcess {
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function startServer(server: string, dir: string): ServerProcess {
  // The server reads TEMPORAL_* variables of its own (TEMPORAL_ROOT, ...): it gets none of the test's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TEMPORAL_')));
  const child = spawn(
    server,
    ['--root', dir, '--config', 'config', '--env', 'development', '--allow-no-auth', 'start'],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const collect = (chunk: Buffer): void => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Until a client with the cluster's client certificate gets answers from the frontend and the system namespace. */
async function untilServing(server: ServerProcess, settings: Partial<Config>): Promise<void> {
  const { options } = temporalConnection(settings);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.process.exitCode !== null) throw new Error(`the Temporal server exited:\n${server.output()}`);
    try {
      const connection = await Connection.connect({ ...options, connectTimeout: 2000 });
      try {
        await connection.workflowService.getSystemInfo({});
        await connection.workflowService.describeNamespace({ namespace: 'temporal-system' });
      } finally {
        await connection.close();
      }
      return;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`the Temporal server did not come up: ${String(err)}\n${server.output()}`, { cause: err });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

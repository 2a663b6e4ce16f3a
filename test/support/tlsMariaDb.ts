import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { issueCertificate, makeCertificateAuthority, type IssuedCertificate } from './certificates';
import { freePort } from './temporalServer';

// A MariaDB of its own for a test, configured as managed MySQL services are: TLS with a certificate for
// 127.0.0.1 and localhost signed by a CA made here with openssl (test/support/certificates.ts), and --require-secure-transport=ON, so
// a client without TLS is turned away. Everything lives in a temporary folder (data directory, socket,
// keys), removed by stop(); the installed MariaDB's own mariadb-install-db and mariadbd run it.

const run = promisify(execFile);

export interface TlsMariaDb {
  /** `mysql://…@127.0.0.1:<port>/<database>` without options; tests append `?ssl-mode=…`. */
  url(database: string, host?: string): string;
  /** The CA that signed the server's certificate, and one that did not (PEM file paths). */
  caFile: string;
  otherCaFile: string;
  /** A client certificate and key signed by the server's CA (for ssl-cert/ssl-key). */
  clientCertFile: string;
  clientKeyFile: string;
  user: string;
  password: string;
  port: number;
  /** mariadbd's process (the bench reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

export interface TlsMariaDbOptions {
  /** Turn away clients without TLS (default, as managed services do); the bench turns it off to compare both on one server. */
  requireSecureTransport?: boolean;
  /** InnoDB buffer pool (default 32 MiB; the bench gives it the machine's MariaDB's 128 MiB). */
  bufferPoolMiB?: number;
}

interface Certificates {
  ca: string;
  otherCa: string;
  server: IssuedCertificate;
  client: IssuedCertificate;
}

/** A CA, the server's certificate (SAN 127.0.0.1, localhost), a client certificate, and an unrelated CA. */
async function makeCertificates(dir: string): Promise<Certificates> {
  const ca = await makeCertificateAuthority(dir, 'mysql');
  const other = await makeCertificateAuthority(dir, 'other');
  return {
    ca: ca.certPath,
    otherCa: other.certPath,
    server: await issueCertificate(ca, 'localhost', ['127.0.0.1', 'localhost']),
    client: await issueCertificate(ca, 'sales-practice'),
  };
}

async function waitForSocket(socketPath: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mariadbd exited (${child.exitCode}): ${log()}`);
    try {
      const c = await mysql.createConnection({ socketPath, user: 'root' });
      await c.end();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`mariadbd did not come up: ${String(err)} ${log()}`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function startTlsMariaDb(options: TlsMariaDbOptions = {}): Promise<TlsMariaDb> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-tls-mariadb-'));
  const datadir = path.join(dir, 'data');
  const socketPath = path.join(dir, 'mysqld.sock');
  const file = (name: string): string => path.join(dir, name);
  const user = 'sales_practice';
  const password = 'tls-test-password';
  let child: ChildProcess | undefined;
  const stop = async (): Promise<void> => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const certs = await makeCertificates(dir);
    const processUser = os.userInfo().username;
    await run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--user=${processUser}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
    // A port found free can be taken before mariadbd binds it (parallel suites): then another port.
    let port = 0;
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      let log = '';
      child = spawn(
        '/usr/sbin/mariadbd',
        [
          '--no-defaults',
          `--datadir=${datadir}`,
          `--socket=${socketPath}`,
          `--port=${port}`,
          '--bind-address=127.0.0.1',
          `--pid-file=${file('mysqld.pid')}`,
          `--user=${processUser}`,
          '--skip-log-bin',
          `--innodb-buffer-pool-size=${options.bufferPoolMiB ?? 32}M`,
          '--character-set-server=utf8mb4',
          '--collation-server=utf8mb4_unicode_ci',
          `--ssl-ca=${certs.ca}`,
          `--ssl-cert=${certs.server.certPath}`,
          `--ssl-key=${certs.server.keyPath}`,
          `--require-secure-transport=${options.requireSecureTransport === false ? 'OFF' : 'ON'}`,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      child.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
      try {
        await waitForSocket(socketPath, child, () => log);
        break;
      } catch (err) {
        if (attempt >= 5 || !/Address already in use/.test(log)) throw err;
      }
    }
    // Over the socket (secure transport by definition): the service's own account, with a password, from anywhere.
    const admin = await mysql.createConnection({ socketPath, user: 'root' });
    try {
      await admin.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [user, password]);
      await admin.query(`GRANT ALL PRIVILEGES ON *.* TO ?@'%'`, [user]);
    } finally {
      await admin.end();
    }
    return {
      url: (database, host = '127.0.0.1') =>
        `mysql://${user}:${encodeURIComponent(password)}@${host}:${port}/${database}`,
      caFile: certs.ca,
      otherCaFile: certs.otherCa,
      clientCertFile: certs.client.certPath,
      clientKeyFile: certs.client.keyPath,
      user,
      password,
      port,
      pid: child.pid ?? 0,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

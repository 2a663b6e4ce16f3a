import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../common/config';
import { knexConfig } from '../../db/connection';
import { describeDatabaseFailure } from '../../db/databaseFailure';
import { DatabaseUrlError, mysqlSslOptions, parseDatabaseUrl } from '../../db/databaseUrl';

// DATABASE_URL's query parameters are MySQL's client options (ssl-mode, ssl-ca, ssl-cert, ssl-key); what
// they turn into for mysql2, and the one-line refusals. The same options against a server that requires
// TLS: test/operations/mysqlTls.test.ts.

const base = 'mysql://app:s3cr%40t@db.example.com:3306/sales_practice';

describe('DATABASE_URL: MySQL client options', () => {
  let dir: string;
  let pem: string;
  let ca: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sp-dburl-'));
    pem = path.join(dir, 'not-a-certificate.pem');
    await writeFile(pem, 'hello\n');
    ca = path.join(dir, 'ca.pem');
    const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'ca.key')];
    await promisify(execFile)('openssl', [...args, '-out', ca, '-days', '1', '-subj', '/CN=Unit CA']);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads host, port, user, password and database, and is plaintext without options (as before)', () => {
    expect(parseDatabaseUrl(base)).to.deep.equal({
      host: 'db.example.com',
      port: 3306,
      user: 'app',
      password: 's3cr@t',
      database: 'sales_practice',
      tls: { mode: 'DISABLED', ca: undefined, cert: undefined, key: undefined },
    });
    expect(knexConfig(base).connection).to.include({ ssl: undefined });
  });

  it('REQUIRED encrypts without verifying; VERIFY_CA checks the CA but not the name; VERIFY_IDENTITY both', () => {
    const ssl = (options: string): unknown => mysqlSslOptions(parseDatabaseUrl(`${base}?${options}`));
    expect(ssl('ssl-mode=REQUIRED')).to.include({ rejectUnauthorized: false, verifyIdentity: false });
    // Values are case-insensitive, as in the mysql client.
    expect(ssl('ssl-mode=verify_ca')).to.include({ rejectUnauthorized: true, verifyIdentity: false });
    expect(ssl('ssl-mode=VERIFY_IDENTITY')).to.include({ rejectUnauthorized: true, verifyIdentity: true });
    expect(ssl('ssl-mode=DISABLED')).to.equal(undefined);
    // Without ssl-ca, Node's bundled public CAs verify (managed services with publicly signed certificates).
    expect(ssl('ssl-mode=VERIFY_IDENTITY')).to.include({ ca: undefined });
  });

  it('a CA without ssl-mode means VERIFY_CA, certificates alone REQUIRED, and REQUIRED with a CA verifies against it', () => {
    expect(parseDatabaseUrl(`${base}?ssl-ca=/etc/ca.pem`).tls).to.include({ mode: 'VERIFY_CA', ca: '/etc/ca.pem' });
    expect(parseDatabaseUrl(`${base}?ssl-cert=/c.pem&ssl-key=/k.pem`).tls.mode).to.equal('REQUIRED');
    const withCa = mysqlSslOptions(parseDatabaseUrl(`${base}?ssl-mode=REQUIRED&ssl-ca=${encodeURIComponent(ca)}`));
    expect(withCa).to.include({ rejectUnauthorized: true, verifyIdentity: false });
    expect(withCa?.ca).to.contain('-----BEGIN CERTIFICATE-----');
  });

  it('refuses, naming the option: unknown ones, PREFERRED, other modes, repeats, conflicts, a lone cert', () => {
    for (const [options, message] of [
      ['sslmode=require', /unknown option "sslmode"; the options are ssl-mode, ssl-ca, ssl-cert, ssl-key/],
      ['ssl_mode=REQUIRED', /unknown option "ssl_mode"/],
      ['ssl-mode=PREFERRED', /PREFERRED is not supported \(the driver cannot fall back to plaintext\)/],
      ['ssl-mode=ON', /ssl-mode="ON" is not one of DISABLED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY/],
      ['ssl-mode=REQUIRED&ssl-mode=DISABLED', /ssl-mode is given more than once/],
      ['ssl-ca=', /ssl-ca is empty/],
      ['ssl-mode=DISABLED&ssl-ca=/etc/ca.pem', /ssl-ca given with ssl-mode=DISABLED/],
      ['ssl-mode=REQUIRED&ssl-cert=/c.pem', /ssl-cert and ssl-key go together/],
    ] as const) {
      expect(() => parseDatabaseUrl(`${base}?${options}`), options)
        .to.throw(DatabaseUrlError, message)
        .with.property('message')
        .that.does.not.contain('s3cr');
    }
  });

  it('reads the files at start: a missing or malformed one stops knexConfig, naming the option and the path', () => {
    expect(() => knexConfig(`${base}?ssl-mode=VERIFY_CA&ssl-ca=${dir}/missing.pem`)).to.throw(
      DatabaseUrlError,
      `DATABASE_URL ssl-ca=${dir}/missing.pem: cannot read the file (ENOENT)`,
    );
    expect(() => knexConfig(`${base}?ssl-mode=VERIFY_CA&ssl-ca=${pem}`)).to.throw(
      DatabaseUrlError,
      /DATABASE_URL ssl-ca: not usable \(/,
    );
  });

  it("names the server's answer and the settings in one line, never the password", () => {
    const target = parseDatabaseUrl(`${base}?ssl-mode=VERIFY_IDENTITY&ssl-ca=/etc/ca.pem`);
    const altname = Object.assign(
      new Error("Hostname/IP does not match certificate's altnames: Host: db.example.com"),
      {
        code: 'HANDSHAKE_SSL_ERROR',
      },
    );
    expect(describeDatabaseFailure(altname, target)).to.equal(
      "database db.example.com:3306/sales_practice (ssl-mode=VERIFY_IDENTITY, ssl-ca=/etc/ca.pem): the server's TLS certificate does not name this host: Hostname/IP does not match certificate's altnames: Host: db.example.com",
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(describeDatabaseFailure(refused, target)).to.match(/: cannot reach the server \(ECONNREFUSED\)$/);
  });

  it('a DATABASE_URL that is not a mysql URL is refused by the configuration without showing its password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app:s3cr3t@db/x' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('postgres://app:***@db/x')
      .and.does.not.contain('s3cr3t');
  });
});

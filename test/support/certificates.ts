import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

// Certificates made by `openssl` for a test, in its temporary directory (nothing is committed): a CA and
// certificates it signs, for servers (with their names) and for clients (mutual TLS).

const run = promisify(execFile);

export interface CertificateAuthority {
  name: string;
  certPath: string;
  keyPath: string;
  dir: string;
}

export interface IssuedCertificate {
  certPath: string;
  keyPath: string;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A self-signed CA named `name`, valid for two days. */
export async function makeCertificateAuthority(dir: string, name: string): Promise<CertificateAuthority> {
  const certPath = path.join(dir, `${name}-ca.pem`);
  const keyPath = path.join(dir, `${name}-ca.key`);
  await run('openssl', [
    'req',
    '-x509',
    ...EC_KEY,
    '-keyout',
    keyPath,
    '-out',
    certPath,
    '-days',
    '2',
    '-subj',
    `/CN=${name} test CA`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return { name, certPath, keyPath, dir };
}

/**
 * A certificate signed by `ca` for `commonName`; `names` become its subject alternative names (DNS names,
 * or IP addresses), so it serves as a server certificate for them; every certificate may also authenticate a client.
 */
export async function issueCertificate(
  ca: CertificateAuthority,
  commonName: string,
  names: string[] = [],
): Promise<IssuedCertificate> {
  const base = path.join(ca.dir, `${ca.name}-${commonName}`);
  const extensions = [
    'basicConstraints=critical,CA:FALSE',
    'keyUsage=critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage=serverAuth,clientAuth',
  ];
  if (names.length > 0)
    extensions.push(`subjectAltName=${names.map((n) => (/^[\d.]+$/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',')}`);
  await fs.writeFile(`${base}.ext`, `${extensions.join('\n')}\n`);
  await run('openssl', [
    'req',
    ...EC_KEY,
    '-keyout',
    `${base}.key`,
    '-out',
    `${base}.csr`,
    '-subj',
    `/CN=${commonName}`,
  ]);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    `${base}.csr`,
    '-CA',
    ca.certPath,
    '-CAkey',
    ca.keyPath,
    // A random serial of its own: -CAcreateserial shares one serial file per CA, which certificates issued
    // at once (a cluster's several) read and write over each other ("Unable to load number").
    '-set_serial',
    `0x${randomBytes(16).toString('hex')}`,
    '-out',
    `${base}.pem`,
    '-days',
    '2',
    '-extfile',
    `${base}.ext`,
  ]);
  return { certPath: `${base}.pem`, keyPath: `${base}.key` };
}

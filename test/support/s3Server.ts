import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Config } from '../../common/config';
import { createS3Client, type S3Settings } from '../../common/storage/s3Storage';
import { freePort } from './temporalServer';

// A real S3-compatible server on loopback: versitygw (built by scripts/ensure-s3.sh) over a temp
// directory. It checks SigV4 signatures and presigned-URL expiry like S3 and answers S3's XML errors.

export interface LoopbackS3 {
  endpoint: string;
  dataDir: string;
  /** Settings that point the service at `bucket` on this server. */
  settings(bucket: string): Partial<Config>;
  s3(bucket: string): S3Settings;
  createBucket(bucket: string): Promise<void>;
  close(): Promise<void>;
}

function versitygwPath(): string {
  if (process.env.VERSITYGW) return process.env.VERSITYGW;
  const candidate = path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'bin', 'versitygw');
  if (!existsSync(candidate)) throw new Error(`versitygw not found at ${candidate}; run scripts/ensure-s3.sh`);
  return candidate;
}

export async function startLoopbackS3(): Promise<LoopbackS3> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-s3-'));
  const port = await freePort();
  const accessKeyId = `AK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64url');
  const child: ChildProcess = spawn(versitygwPath(), ['--access', accessKeyId, '--secret', secretAccessKey, '--port', `127.0.0.1:${port}`, 'posix', dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const endpoint = `http://127.0.0.1:${port}`;
  const s3 = (bucket: string): S3Settings => ({
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: true,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  });
  const settings = (bucket: string): Partial<Config> => ({ STORAGE_BACKEND: 's3', ...s3(bucket) });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`versitygw exited early: ${stderr}`);
    const up = await fetch(endpoint).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`versitygw did not come up: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint,
    dataDir,
    settings,
    s3,
    async createBucket(bucket) {
      const client = createS3Client(s3(bucket));
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

import fs from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../../common/config';
import { verifySigV4 } from './s3SignatureCheck';
import { bucketVersions, type BucketVersions } from './s3Versions';

// A real S3-compatible server on 127.0.0.1: s3rver (an npm devDependency installed by scripts/install.sh)
// behind a SigV4 check (s3rver alone does not verify V4 signatures). It speaks the S3 REST protocol
// including multipart uploads and presigned GETs; see the docs/operations.md (Storage) for what it does not check.

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Request {
  method: string;
  path: string;
  /** Query parameter names (uploads, partNumber, uploadId, X-Amz-Signature, …). */
  queryKeys: string[];
  status: number;
}

export interface S3TestServer {
  url: string;
  bucket: string;
  /** Settings that point the service at this server. */
  config: Partial<Config>;
  /** Every request the server received, with the status it answered. */
  requests: S3Request[];
  /** With `versioning`: the bucket's versions (test/support/s3Versions.ts). */
  versions?: BucketVersions;
  close(): Promise<void>;
}

const errorXml = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startS3Server(
  bucket = 'recordings',
  options: { versioning?: boolean } = {},
): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const serveS3 = s3rver.callback();
  const requests: S3Request[] = [];
  const versions = options.versioning ? bucketVersions(directory, bucket) : undefined;
  const keys = { [S3_TEST_CREDENTIALS.accessKeyId]: S3_TEST_CREDENTIALS.secretAccessKey };

  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const entry: S3Request = {
      method: req.method ?? '',
      path: url.pathname,
      queryKeys: [...url.searchParams.keys()],
      status: 0,
    };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    verifySigV4(req, keys).then(
      (verdict) => {
        if (verdict.ok) {
          if (!versions) return serveS3(req, res);
          return versions.handle(req, res, url).then((handled) => (handled ? undefined : serveS3(req, res)));
        }
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' }).end(errorXml(verdict.code, verdict.message));
      },
      (err: unknown) =>
        res.writeHead(400, { 'content-type': 'application/xml' }).end(errorXml('InvalidRequest', String(err))),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    requests,
    versions,
    config: {
      STORAGE_BACKEND: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: url,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

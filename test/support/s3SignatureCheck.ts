import type { IncomingMessage } from 'node:http';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

// s3rver accepts any SigV4 signature from a known access key ("V4 calculation is unimplemented"), so the
// test S3 server puts this check in front of it: the request is signed again with the server's secret
// and compared, as S3 does, for both the Authorization header and presigned query strings.

export type SignatureVerdict =
  { ok: true } | { ok: false; code: 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'AccessDenied'; message: string };

const parseAmzDate = (value: string): Date =>
  new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

function signerFor(accessKeyId: string, secretAccessKey: string, region: string): SignatureV4 {
  // S3 signs the path as sent (already encoded), hence uriEscapePath: false, like the SDK's S3 client.
  return new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId, secretAccessKey },
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
    applyChecksum: false,
  });
}

export async function verifySigV4(req: IncomingMessage, keys: Record<string, string>): Promise<SignatureVerdict> {
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const [hostname, port] = String(req.headers.host).split(':');
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const header = req.headers.authorization;
  const presigned = query['X-Amz-Algorithm'] !== undefined;
  if (!header && !presigned) return { ok: true }; // anonymous: s3rver answers AccessDenied for private buckets itself

  const credential = header ? /Credential=([^,]+)/.exec(header)?.[1] : query['X-Amz-Credential'];
  const [accessKeyId, , region] = (credential ?? '').split('/');
  const secret = keys[accessKeyId];
  if (!secret)
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  const mismatch: SignatureVerdict = {
    ok: false,
    code: 'SignatureDoesNotMatch',
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  };
  const signer = signerFor(accessKeyId, secret, region);

  if (header) {
    const signedHeaders = (/SignedHeaders=([^,]+)/.exec(header)?.[1] ?? '').split(';');
    const given = /Signature=([0-9a-f]{64})/.exec(header)?.[1];
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) headers[name] = String(req.headers[name] ?? '');
    const signed = await signer.sign(
      {
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname,
        port: Number(port),
        path: url.pathname,
        query,
        headers,
      },
      { signingDate: parseAmzDate(String(req.headers['x-amz-date'])) },
    );
    const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
    return given && given === expected ? { ok: true } : mismatch;
  }

  const given = query['X-Amz-Signature'];
  const signingDate = parseAmzDate(query['X-Amz-Date']);
  const expiresIn = Number(query['X-Amz-Expires']);
  // presign() adds the five auth parameters itself and hoists x-amz-* headers (the SDK's
  // X-Amz-Content-Sha256=UNSIGNED-PAYLOAD) back into the query, so those go in as headers.
  const AUTH = new Set([
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ]);
  const rest: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (AUTH.has(k)) continue;
    if (k.startsWith('X-Amz-')) headers[k] = v;
    else rest[k] = v;
  }
  for (const name of (query['X-Amz-SignedHeaders'] ?? 'host').split(';'))
    headers[name] = String(req.headers[name] ?? '');
  const signed = await signer.presign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname,
      port: Number(port),
      path: url.pathname,
      query: rest,
      headers,
    },
    { signingDate, expiresIn },
  );
  if (given !== signed.query?.['X-Amz-Signature']) return mismatch;
  if (Date.now() > signingDate.getTime() + expiresIn * 1000)
    return { ok: false, code: 'AccessDenied', message: 'Request has expired' };
  return { ok: true };
}

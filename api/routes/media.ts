import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { verifyMediaLink } from '../../common/mediaLinks';
import { createLocalStorage } from '../../common/storage/localStorage';
import { forbidden, gone, notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';

const MediaParams = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{1,2048}$', description: 'Storage key, base64url-encoded.' }) },
  { additionalProperties: false },
);
const MediaQuery = Type.Object(
  {
    expires: Type.Integer({ minimum: 0, description: 'Expiry, epoch milliseconds.' }),
    signature: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'HMAC-SHA256 of the key and expiry, hex.' }),
  },
  { additionalProperties: false },
);

/** Media types the recording pipeline stores; anything else is served as opaque bytes. */
const MEDIA_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
  '.weba': 'audio/webm',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};

export const mediaOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'downloadRecording',
      method: 'get',
      path: '/media/{token}',
      summary: 'Download a stored recording through a signed link',
      description:
        'The audioUrl/videoUrl links of session results point here. No credential: the signature is the permission. A changed link answers 403, an expired one (15 minutes) 410.',
      tags: ['Sessions'],
      auth: 'none',
      scope: null,
      params: MediaParams,
      query: MediaQuery,
      response: undefined,
      errors: [403, 404, 410],
    },
    async ({ params, query, deps, ctx }) => {
      const check = verifyMediaLink(deps.config.MEDIA_URL_SECRET, params.token, query.expires, query.signature);
      if (!check.ok && check.reason === 'expired') throw gone('link_expired', 'This recording link has expired; fetch the session again for a fresh one.');
      if (!check.ok) throw forbidden('invalid_signature', 'This recording link is not valid: it was changed or signed with another secret.');
      // get() rejects only for a key outside the storage root, which no signed link of ours names.
      const file = await createLocalStorage(deps.config.STORAGE_DIR)
        .get(check.key)
        .catch(() => undefined);
      if (!file) throw notFound('Recording');
      ctx.status = 200;
      ctx.type = MEDIA_TYPES[path.extname(check.key).toLowerCase()] ?? 'application/octet-stream';
      ctx.length = file.sizeBytes;
      ctx.set('cache-control', 'private, no-store');
      ctx.set('x-content-type-options', 'nosniff');
      ctx.body = file.stream;
    },
  ),
];

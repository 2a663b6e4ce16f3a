import { Type } from '@sinclair/typebox';
import { nowOn } from '../../common/clock';
import { mediaLinkSecrets, verifyMediaLink } from '../../common/mediaLinks';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { mediaTypeOfKey } from '../../common/storage/mediaTypes';
import { forbidden, gone, notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';

// An expired link says how to get a fresh one, which depends on what it served: an export's archive is stored
// as exports/<companyId>/<exportId>.zip (activities/companyExport/storeKeys.ts), a recording under its company.
const EXPORT_ARCHIVE_KEY = /^exports\/[^/]+\/([^/]+)\.zip$/;

export function expiredLinkMessage(key: string): string {
  const exportId = EXPORT_ARCHIVE_KEY.exec(key)?.[1];
  return exportId
    ? `This export's download link has expired; GET /api/exports/${exportId} again for a fresh one.`
    : 'This recording link has expired; GET the session result (/api/roleplay/session/{id}) again for a fresh one.';
}

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

export const mediaOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'downloadRecording',
      method: 'get',
      path: '/media/{token}',
      summary: 'Download a stored recording through a signed link',
      description:
        'The audioUrl/videoUrl links of session results and the downloadUrl of a completed export point here. No credential: the signature is the permission. A changed link answers 403, an expired one (MEDIA_URL_TTL, 15 minutes by default) 410 `link_expired`, whose message says what to GET again for a fresh link: the session result, or the export.',
      tags: ['Sessions'],
      auth: 'none',
      scope: null,
      params: MediaParams,
      query: MediaQuery,
      response: undefined,
      errors: [403, 404, 410],
    },
    async ({ params, query, deps, ctx }) => {
      const check = verifyMediaLink(
        deps.mediaLinkSecrets ?? mediaLinkSecrets(deps.config),
        params.token,
        query.expires,
        query.signature,
        nowOn(deps).getTime(),
      );
      if (!check.ok && check.reason === 'expired') throw gone('link_expired', expiredLinkMessage(check.key));
      if (!check.ok)
        throw forbidden(
          'invalid_signature',
          'This recording link is not valid: it was changed or signed with another secret.',
        );
      // get() rejects for a key outside the storage root, which no signed link of ours names, or an
      // unreachable bucket; either way there is nothing to serve.
      const file = await recordingStorageFor(deps.config)
        .get(check.key)
        .catch(() => undefined);
      if (!file) throw notFound('Recording');
      ctx.status = 200;
      ctx.type = mediaTypeOfKey(check.key);
      ctx.length = file.sizeBytes;
      ctx.set('cache-control', 'private, no-store');
      ctx.set('x-content-type-options', 'nosniff');
      ctx.body = file.stream;
    },
  ),
];

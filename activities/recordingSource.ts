import path from 'node:path';
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { findBlockedAddressError, parseOutboundUrl, UnsupportedUrlError } from '../common/outbound';
import { asPeer } from '../common/tracing/peer';
import { excerpt, FailureTypes, httpFailure, permanent } from './failures';

// Opens the caller's recording URL for streaming: through the outbound agent (internal addresses are
// refused at connect time unless OUTBOUND_ALLOW_PRIVATE), following at most MAX_REDIRECTS redirects by
// hand so that every hop is checked again, and accepting only audio or video.

const MAX_REDIRECTS = 5;

/** File extensions accepted when the host labels the file only as generic binary data. */
const MEDIA_EXTENSIONS = new Set([
  'mp3',
  'mpga',
  'mpeg',
  'wav',
  'm4a',
  'mp4',
  'm4v',
  'aac',
  'ogg',
  'oga',
  'opus',
  'webm',
  'flac',
  'mov',
  'mkv',
  'amr',
  '3gp',
  'wma',
  'avi',
]);

const EXTENSION_BY_TYPE: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/ogg': 'ogv',
  'video/3gpp': '3gp',
};

const GENERIC_BINARY = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

export interface RecordingSource {
  stream: Readable;
  /** The media type as served, or derived from the extension for generic binary answers. */
  contentType: string;
  extension: string;
  contentLength: number | null;
}

function urlExtension(url: URL): string {
  return path.posix.extname(url.pathname).replace(/^\./, '').toLowerCase();
}

/**
 * Which media the answer is, or undefined when it is not audio/video: audio/* and video/* are
 * taken at their word; generic binary (or no Content-Type) is accepted only with a media extension.
 */
export function classifyMedia(
  contentTypeHeader: string,
  url: URL,
): { contentType: string; extension: string } | undefined {
  const type = contentTypeHeader.split(';')[0].trim().toLowerCase();
  const fromUrl = urlExtension(url);
  if (type.startsWith('audio/') || type.startsWith('video/')) {
    const ext =
      EXTENSION_BY_TYPE[type] ??
      (MEDIA_EXTENSIONS.has(fromUrl)
        ? fromUrl
        : type
            .split('/')[1]
            .replace(/[^a-z0-9]/g, '')
            .slice(0, 8) || 'bin');
    return { contentType: type, extension: ext };
  }
  if (GENERIC_BINARY.has(type) && MEDIA_EXTENSIONS.has(fromUrl)) {
    const derived =
      Object.entries(EXTENSION_BY_TYPE).find(([, ext]) => ext === fromUrl)?.[0] ?? 'application/octet-stream';
    return { contentType: derived, extension: fromUrl };
  }
  return undefined;
}

/** Drops a response body we will not read (an undici body destroyed unread emits an AbortError). */
export function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function parseUrl(value: string | URL): URL {
  try {
    return parseOutboundUrl(value);
  } catch (err) {
    if (err instanceof UnsupportedUrlError)
      throw permanent(FailureTypes.InvalidUrl, `The recording URL cannot be fetched: ${err.message}`);
    throw err;
  }
}

/** Opens the recording for reading; the caller must consume or destroy `stream`. */
export async function openRecordingSource(
  sourceUrl: string,
  dispatcher: Dispatcher,
  options: { maxBytes: number; signal?: AbortSignal },
): Promise<RecordingSource> {
  let url = parseUrl(sourceUrl);
  for (let hop = 0; ; hop += 1) {
    let res: Dispatcher.ResponseData;
    try {
      const hopUrl = url;
      res = await asPeer('file-host', () =>
        request(hopUrl, {
          dispatcher,
          method: 'GET',
          signal: options.signal,
          headersTimeout: 60_000,
          bodyTimeout: 120_000,
        }),
      );
    } catch (err) {
      const blocked = findBlockedAddressError(err);
      if (blocked) throw permanent(FailureTypes.BlockedAddress, `The recording URL was refused: ${blocked.message}`);
      throw err; // network trouble: retried by the activity's retry policy
    }
    const { statusCode, headers, body } = res;
    if (statusCode >= 300 && statusCode < 400 && header(headers, 'location')) {
      discard(body);
      if (hop >= MAX_REDIRECTS)
        throw permanent(FailureTypes.SourceRejected, `The recording URL redirected more than ${MAX_REDIRECTS} times`);
      url = parseUrl(new URL(header(headers, 'location'), url));
      continue;
    }
    if (statusCode < 200 || statusCode >= 300) {
      const detail = statusCode >= 500 ? '' : excerpt(await body.text().catch(() => ''), 200);
      discard(body);
      throw httpFailure('The recording host', statusCode, headers, detail, {
        retryable: FailureTypes.SourceUnavailable,
        permanent: FailureTypes.SourceRejected,
      });
    }
    const media = classifyMedia(header(headers, 'content-type'), url);
    if (!media) {
      discard(body);
      const served = header(headers, 'content-type') || 'no Content-Type';
      throw permanent(FailureTypes.NotMedia, `The recording URL did not serve audio or video (${served})`);
    }
    const length = header(headers, 'content-length');
    const contentLength = /^\d+$/.test(length) ? Number(length) : null;
    if (contentLength !== null && contentLength > options.maxBytes) {
      discard(body);
      throw permanent(
        FailureTypes.TooLarge,
        `The recording is ${contentLength} bytes, more than the ${options.maxBytes}-byte limit`,
      );
    }
    return { stream: body, contentType: media.contentType, extension: media.extension, contentLength };
  }
}

import path from 'node:path';

/** Media types the recording pipeline stores, by file extension; anything else is opaque bytes. */
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
  // A company export's archive (POST /api/exports), served by the same signed links.
  '.zip': 'application/zip',
};

export function mediaTypeOfKey(key: string): string {
  return MEDIA_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

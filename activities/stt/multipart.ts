import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

// multipart/form-data written as a stream: the file part is piped through, so a recording is sent to
// the provider without ever being held in memory (FormData would need a Blob of known content).

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  stream: Readable;
}

const quote = (value: string): string => value.replace(/["\r\n\\]/g, '_');

export function multipartStream(
  fields: Array<[string, string]>,
  file: MultipartFile,
): { body: Readable; contentType: string } {
  const boundary = `----sales-practice-${randomBytes(12).toString('hex')}`;
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of fields) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
    }
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.filename)}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    );
    for await (const chunk of file.stream) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body: Readable.from(parts()), contentType: `multipart/form-data; boundary=${boundary}` };
}

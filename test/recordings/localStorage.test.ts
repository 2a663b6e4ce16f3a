import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { createLocalStorage } from '../../common/storage/localStorage';
import { StorageLimitError, type RecordingStorage } from '../../common/storage/recordingStorage';
import { filesUnder } from '../support/recordingFixtures';

// The local directory backend (STORAGE_BACKEND=local), including the two copies it makes without the bytes
// passing through JavaScript: a whole file stored (putFile) and a stored file copied out (copyToFile).

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('recordings: local directory storage', () => {
  let root: string;
  let scratch: string;
  let storage: RecordingStorage;
  const body = randomBytes(3 * 1024 * 1024 + 17);

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-local-store-'));
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-local-scratch-'));
    storage = createLocalStorage(root);
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('stores a stream and a whole file alike, and copies a stored file out byte for byte', async () => {
    const file = path.join(scratch, 'side.mp3');
    await fs.writeFile(file, body);
    expect(await storage.put('c/streamed.mp3', Readable.from([body]), { maxBytes: body.length })).to.deep.equal({
      sizeBytes: body.length,
    });
    expect(await storage.putFile!('pieces/r/mono-0000.mp3', file, { maxBytes: body.length })).to.deep.equal({
      sizeBytes: body.length,
    });
    expect(await filesUnder(root)).to.have.members(['c/streamed.mp3', 'pieces/r/mono-0000.mp3']);
    expect((await readAll((await storage.get('pieces/r/mono-0000.mp3'))!.stream)).equals(body)).to.equal(true);

    const out = path.join(scratch, 'original');
    expect(await storage.copyToFile!('c/streamed.mp3', out)).to.equal(true);
    expect((await fs.readFile(out)).equals(body)).to.equal(true);
  });

  it('deleting a key also deletes what an unfinished write of it has written so far', async () => {
    // A write still open, as a worker killed in the middle of it leaves one.
    const open = new Readable({ read() {} });
    open.push(body.subarray(0, 1024 * 1024));
    const writing = storage.put('exports/c/users/3.ndjson', open, { maxBytes: body.length }).catch((e: unknown) => e);
    while ((await filesUnder(root)).length === 0) await new Promise((r) => setTimeout(r, 10));
    await storage.delete('exports/c/users/3.ndjson');
    expect(await filesUnder(root)).to.deep.equal([]);
    open.destroy(new Error('the writer is gone'));
    expect(await writing).to.be.instanceOf(Error);
    expect(await filesUnder(root)).to.deep.equal([]);
  });

  it('refuses a file past maxBytes with StorageLimitError and leaves nothing behind, streamed or whole', async () => {
    const file = path.join(scratch, 'side.mp3');
    await fs.writeFile(file, body);
    const limit = body.length - 1;
    expect(await storage.putFile!('a/whole.mp3', file, { maxBytes: limit }).catch((e: unknown) => e)).to.be.instanceOf(
      StorageLimitError,
    );
    expect(
      await storage.put('a/streamed.mp3', Readable.from([body]), { maxBytes: limit }).catch((e: unknown) => e),
    ).to.be.instanceOf(StorageLimitError);
    expect(await filesUnder(root)).to.deep.equal([]);
  });

  it('answers false for a missing file to copy, and refuses a key outside its directory', async () => {
    expect(await storage.copyToFile!('c/none.mp3', path.join(scratch, 'x'))).to.equal(false);
    await fs.access(path.join(scratch, 'x')).then(
      () => expect.fail('a file was written for a missing key'),
      (err: NodeJS.ErrnoException) => expect(err.code).to.equal('ENOENT'),
    );
    await fs.writeFile(path.join(scratch, 'x'), 'x');
    for (const key of ['../outside.mp3', 'c/../../outside.mp3'])
      expect(
        await storage.putFile!(key, path.join(scratch, 'x'), { maxBytes: 1 }).catch((e: Error) => e.message),
      ).to.match(/escapes the storage root/);
  });
});

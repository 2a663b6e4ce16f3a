import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTRACT_PINS, FETCHED_CONTRACTS_DIR } from '../test/support/contractPins';

// `npm run contracts:fetch`: the providers' published OpenAPI documents the tests validate against,
// downloaded from the providers' public repositories at the pinned commits into .contracts/ (ignored
// by git; the tests read it when ../shared/contracts is absent), each checked against its sha256.
// CONTRACTS_DIR names another folder. A file already there with the right sha256 is kept.

async function sha256Of(file: string): Promise<string | null> {
  try {
    return createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const dir = process.env.CONTRACTS_DIR ? path.resolve(process.env.CONTRACTS_DIR) : FETCHED_CONTRACTS_DIR;
  await mkdir(dir, { recursive: true });
  for (const pin of Object.values(CONTRACT_PINS)) {
    const target = path.join(dir, pin.file);
    if ((await sha256Of(target)) === pin.sha256) {
      console.log(`${pin.file}: already there`);
      continue;
    }
    const url = `https://raw.githubusercontent.com/${pin.repository}/${pin.commit}/${pin.path}`;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== pin.sha256) throw new Error(`${url} has sha256 ${sha}, not the pinned ${pin.sha256}: nothing written`);
    await writeFile(`${target}.part`, bytes);
    await rename(`${target}.part`, target);
    console.log(`${pin.file}: ${pin.repository}@${pin.commit.slice(0, 12)} (${bytes.length} bytes)`);
  }
  console.log(
    `The providers' API documents are in ${dir}${process.env.CONTRACTS_DIR ? ' (set CONTRACTS_DIR to it when running the tests)' : ''}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The workflow code is bundled (webpack) in a short-lived child process, not in the worker: bundling
// peaks at ~100 MiB more than the worker ever needs afterwards, and a process's resident set does not
// shrink back once grown (measured: 337 MiB idle with in-process bundling, 235 MiB without; BENCHMARKS.md).
// The worker then loads the finished bundle (`workflowBundle: { code }`), as Temporal's docs suggest for production.

const run = promisify(execFile);

export async function bundleWorkflowsApart(workflowsPath: string): Promise<{ code: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-workflow-bundle-'));
  const out = path.join(dir, 'bundle.js');
  try {
    await run(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bundleWorkflows.ts'), workflowsPath, out], { maxBuffer: 16 * 1024 * 1024 });
    return { code: await readFile(out, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

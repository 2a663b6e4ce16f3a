import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Where the worker's workflow code comes from.
// - The build (`npm run build`, scripts/build.sh) bundles it once into dist/workflow-bundle.js; the compiled
//   worker (dist/worker/main.js) loads that file (`workflowBundle: { codePath }`), as Temporal's docs
//   advise for production: no webpack at start, and the code that runs is the code that was built.
// - Run from its TypeScript (`npm run dev`, the tests), the worker bundles workflows/ itself, in a
//   short-lived child process: bundling peaks at ~100 MiB more than the worker ever needs afterwards,
//   and a process's resident set does not shrink back once grown (337 MiB idle with in-process
//   bundling, 235 MiB without; BENCHMARKS.md).

const run = promisify(execFile);

export const BUNDLE_FILE = 'workflow-bundle.js';

/** True when this module is the compiled JavaScript under dist/ (not the TypeScript run by tsx). */
export const runningCompiled = path.extname(__filename) === '.js';

export type WorkflowBundle = { code: string } | { codePath: string };

export async function workflowBundle(): Promise<WorkflowBundle> {
  if (!runningCompiled) return bundleWorkflowsApart(require.resolve('../workflows'));
  const codePath = path.join(__dirname, '..', BUNDLE_FILE);
  try {
    await access(codePath);
  } catch {
    throw new Error(
      `the workflow bundle ${codePath} is missing: run \`npm run build\` (it writes dist/ and the bundle together)`,
    );
  }
  return { codePath };
}

/** For the start log line: the prebuilt file, or that workflows/ was bundled at start. */
export function describeBundle(bundle: WorkflowBundle): string {
  return 'codePath' in bundle ? path.relative(process.cwd(), bundle.codePath) : 'bundled from workflows/ at start';
}

export async function bundleWorkflowsApart(workflowsPath: string): Promise<{ code: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-workflow-bundle-'));
  const out = path.join(dir, 'bundle.js');
  try {
    await run(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bundleWorkflows.ts'), workflowsPath, out], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: await readFile(out, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

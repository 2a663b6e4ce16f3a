import { writeFile } from 'node:fs/promises';
import { bundleWorkflowCode } from '@temporalio/worker';

// `node --import tsx worker/bundleWorkflows.ts <workflowsPath> <out>`: run by worker/workflowBundle.ts.
async function main(): Promise<void> {
  const [workflowsPath, out] = process.argv.slice(2);
  if (!workflowsPath || !out) throw new Error('usage: bundleWorkflows.ts <workflowsPath> <out>');
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error } });
  await writeFile(out, code);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});

import { writeFile } from 'node:fs/promises';
import { bundleWorkflowCode } from '@temporalio/worker';
import { failureConverterPath } from '../common/failureConverter';
import { WORKFLOW_INTERCEPTOR_MODULES } from './tracing';

// `bundleWorkflows <workflowsPath> <out>`: webpack's bundle of the workflow code, written to <out>,
// with the failure converter that encodes failure messages (common/failureConverter.ts) and the tracing
// interceptors (workflows/tracing.ts, worker/tracing.ts).
// Run by worker/workflowBundle.ts (a worker started from TypeScript) and by scripts/build.sh (once, into dist/).
async function main(): Promise<void> {
  const [workflowsPath, out] = process.argv.slice(2);
  if (!workflowsPath || !out) throw new Error('usage: bundleWorkflows <workflowsPath> <out>');
  const { code } = await bundleWorkflowCode({
    workflowsPath,
    failureConverterPath,
    workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error },
  });
  await writeFile(out, code);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});

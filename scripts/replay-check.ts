import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import ms from 'ms';
import { loadConfig } from '../common/config';
import { dataConverterFor } from '../common/payloadCodec';
import { replayCheck } from './replayCheck';

// `npm run replay-check -- [--address] [--namespace] [--task-queue] [--since 7d] [--limit N]`: run it
// before deploying a workflow change (docs/operations.md, "Changing a workflow"). Exit 0: every recent
// history replays; exit 1: one line per failing execution, naming its workflow id; exit 2: the check could
// not run. Either way it prints, per patch id, the oldest open run that may still need its old branch.

function duration(value: string): number {
  const parsed = ms(value as ms.StringValue);
  if (typeof parsed !== 'number' || !Number.isFinite(parsed) || parsed <= 0)
    throw new InvalidArgumentError('expected a duration such as 7d or 12h');
  return parsed;
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return parsed;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const options = new Command()
    .name('replay-check')
    .description('Replays recent workflow histories from a Temporal server against the current workflow code.')
    .option('--address <host:port>', 'Temporal frontend address', config.TEMPORAL_ADDRESS)
    .option('--namespace <name>', 'Temporal namespace', config.TEMPORAL_NAMESPACE)
    .option('--task-queue <name>', 'only executions on this task queue', config.TEMPORAL_TASK_QUEUE)
    .option('--since <duration>', 'executions started within this time', duration, ms('7d'))
    .option('--limit <n>', 'most recent executions per workflow type', positiveInteger, 200)
    .option('--workflows-path <file>', 'workflows module to check', path.join(__dirname, '..', 'workflows', 'index.ts'))
    .parse(process.argv)
    .opts<{
      address: string;
      namespace: string;
      taskQueue: string;
      since: number;
      limit: number;
      workflowsPath: string;
    }>();

  const report = await replayCheck({
    // --address and --namespace win over TEMPORAL_ADDRESS/TEMPORAL_NAMESPACE; TLS and API key come from the environment.
    temporal: { ...config, TEMPORAL_ADDRESS: options.address, TEMPORAL_NAMESPACE: options.namespace },
    taskQueue: options.taskQueue,
    workflowsPath: path.resolve(options.workflowsPath),
    since: new Date(Date.now() - options.since),
    limitPerType: options.limit,
    dataConverter: dataConverterFor(config),
  });
  for (const [type, count] of Object.entries(report.replayed)) process.stdout.write(`${type}: ${count} replayed\n`);
  // The patches' lifecycle (docs/operations.md, "Patches"): what still keeps each old branch alive.
  for (const patch of report.patches) {
    const where = patch.oldest
      ? `${patch.openNeeding} open run(s) may need its old branch; oldest ${patch.oldest.workflowId} (${patch.oldest.workflowType}, run ${patch.oldest.runId}), started ${patch.oldest.startTime.toISOString()}`
      : 'no open run needs its old branch';
    process.stdout.write(`patch ${patch.id} (${patch.state}): ${where}\n`);
  }
  for (const failure of report.failures) {
    const kind = failure.nondeterminism ? 'nondeterminism' : 'replay error';
    process.stderr.write(
      `FAIL ${failure.workflowId} (${failure.workflowType}, run ${failure.runId}): ${kind}: ${failure.message}\n`,
    );
  }
  if (report.failures.length > 0) {
    process.stderr.write(
      `${report.failures.length} execution(s) would not replay on this code: put the change behind patched() (docs/operations.md, "Changing a workflow").\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write('replay-check: every history replays\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`replay-check could not run: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});

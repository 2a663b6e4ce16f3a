import type { Command } from 'commander';
import { runCommand } from '../run';
import { setUpTemporal } from '../temporalSetup';

export function registerTemporalCommands(program: Command): void {
  program
    .command('temporal:setup')
    .description(
      'Register the Temporal namespace (TEMPORAL_NAMESPACE, retention TEMPORAL_NAMESPACE_RETENTION) and the search attributes the workflows use, on the cluster the TEMPORAL_* settings name; what exists is left as it is. Where registering is not permitted (Temporal Cloud), names what is missing and exits 1.',
    )
    .action(() => runCommand(({ config }) => setUpTemporal(config)));
}

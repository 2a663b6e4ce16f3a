import { loadConfig } from '../common/config';
import { workerNodeFlags } from './tuning';

// Prints the worker's node flags (space-separated) for scripts/worker.sh; a bad setting fails here,
// with the same message worker/main.ts would give.
process.stdout.write(`${workerNodeFlags(loadConfig()).join(' ')}\n`);

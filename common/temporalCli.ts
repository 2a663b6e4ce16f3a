import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where scripts/ensure-temporal.sh puts the Temporal CLI (go install's default bin directory). */
export function temporalCliPath(): string {
  if (process.env.TEMPORAL_CLI) return process.env.TEMPORAL_CLI;
  const candidates = [
    path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'bin', 'temporal'),
    '/usr/local/bin/temporal',
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(`Temporal CLI not found (looked in ${candidates.join(', ')}); run scripts/ensure-temporal.sh`);
  return found;
}

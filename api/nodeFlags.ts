import type { Config } from '../common/config';
import { loadConfig } from '../common/config';

// The API process's node flags from its configuration (API_MAX_OLD_SPACE_MB → --max-old-space-size), which
// node only takes at start: scripts/api.sh (`npm start`, the Dockerfile, docker-compose) runs this file and
// starts node with what it prints, as scripts/worker.sh does for the worker (worker/nodeFlags.ts). A bad
// setting fails here, with the same message api/main.ts would give.

export function apiNodeFlags(config: Pick<Config, 'API_MAX_OLD_SPACE_MB'>): string[] {
  return config.API_MAX_OLD_SPACE_MB > 0 ? [`--max-old-space-size=${config.API_MAX_OLD_SPACE_MB}`] : [];
}

if (require.main === module) process.stdout.write(`${apiNodeFlags(loadConfig()).join(' ')}\n`);

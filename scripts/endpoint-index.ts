import { readFileSync } from 'node:fs';
import path from 'node:path';

// Prints docs/api.md's endpoint index (Markdown) from the committed openapi.json, so the index lists every
// operation the service serves and no other: `npx tsx scripts/endpoint-index.ts`
// (test/content/endpointIndex.test.ts keeps the page current; test/content/openapiFiles.test.ts keeps
// openapi.json current with the code).

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  'x-required-scope'?: string;
}

// The endpoints of the specification (../shared/spec/sales-practice-api.md, §4, and GET /api/team, which it
// refers to). The spec is fixed; every other endpoint is an extension, marked *ext*.
const SPEC = new Set([
  'GET /api/company/get-active-user-count',
  'GET /api/analytics/get-active-user-count',
  'GET /api/roleplay',
  'GET /api/roleplay/{id}',
  'PATCH /api/roleplay/{id}',
  'POST /api/user/invite',
  'PATCH /api/user/{userId}',
  'GET /api/user',
  'GET /api/user/{userId}',
  'GET /api/roleplay/session',
  'GET /api/roleplay/session/{id}',
  'GET /api/memorization/script',
  'GET /api/memorization/script/{scriptId}',
  'POST /api/recording',
  'GET /api/team',
]);

// Where each group of endpoints is explained beyond its summary (relative to docs/).
const GUIDE: Record<string, string> = {
  Operations: '[Operations](operations.md#start-up-and-shutdown)',
  Auth: '[Authentication](security.md#authentication)',
  'API keys': '[API key scopes](security.md#api-key-scopes)',
  Sessions: '[Sessions and scripts](#sessions-and-scripts)',
  Roleplays: '[Roleplays](#roleplays)',
  'Memorization scripts': '[Sessions and scripts](#sessions-and-scripts)',
  Users: '[Users, teams and counts](#users-teams-and-counts), [erasure](security.md#erasure-of-a-person)',
  Invitations: '[Invitations](#invitations)',
  Teams: '[Users, teams and counts](#users-teams-and-counts)',
  Counts: '[Users, teams and counts](#users-teams-and-counts)',
  Webhooks: '[Webhooks](webhooks.md)',
  Recordings: '[Recordings](recordings.md)',
  Exports: '[Company export](#company-export)',
};

function auth(op: Operation, route: string): string {
  const scheme = Object.keys(op.security?.[0] ?? {})[0];
  const scope = op['x-required-scope'] ? ` (\`${op['x-required-scope']}\`)` : '';
  if (scheme === 'apiKey') return `API key${scope}`;
  if (scheme === 'bearer') return `Bearer${scope}`;
  return /token/i.test(`${route} ${op.summary ?? ''}`) ? 'none (the link’s token)' : 'none';
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  tags?: Array<{ name: string }>;
}

export function endpointIndex(
  document: Document = JSON.parse(readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8')) as Document,
): string {
  const rows: string[] = [];
  for (const tag of (document.tags ?? []).map((t) => t.name)) {
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.tags?.[0] !== tag) continue;
        const name = `${method.toUpperCase()} ${route}`;
        const ext = SPEC.has(name) ? '' : ' *ext*';
        rows.push(
          `| ${tag} | ${method.toUpperCase()} | \`${route}\`${ext} | ${auth(op, route)} | ${op.summary ?? ''} | ${GUIDE[tag] ?? ''} |`,
        );
      }
    }
  }
  return `| Group | Method | Path | Auth (scope) | What | More |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`;
}

if (require.main === module) process.stdout.write(endpointIndex());

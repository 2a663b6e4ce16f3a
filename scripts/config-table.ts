import type { TSchema } from '@sinclair/typebox';
import { ConfigSchema } from '../common/config';

// Prints docs/configuration.md's table (Markdown) from ConfigSchema: every setting with its type, default
// and its `description`, which the schema holds and nothing else restates. `npx tsx scripts/config-table.ts`.
// A setting without a description is an error (test/foundation/configTable.test.ts fails on it too).

function describeType(schema: TSchema): string {
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as TSchema[]).map((s) => `\`${String(s.const)}\``).join(' \\| ');
  if (schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.includes('(ms|s|m|h|d|w)'))
    return 'duration (`500ms`, `15m`, `30d`)';
  if (schema.type === 'integer') {
    const bounds = [
      schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
      schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return bounds ? `integer (${bounds})` : 'integer';
  }
  return String(schema.type);
}

/** The table, one row per setting in the schema's order. */
export function configTable(): string {
  const rows = Object.entries(ConfigSchema.properties as Record<string, TSchema>).map(([name, schema]) => {
    if (typeof schema.description !== 'string' || schema.description === '')
      throw new Error(`${name} has no description in common/config.ts`);
    const def =
      schema.default === undefined ? '(unset)' : schema.default === '' ? '(empty)' : `\`${String(schema.default)}\``;
    return `| \`${name}\` | ${describeType(schema)} | ${def} | ${schema.description} |`;
  });
  return ['| Variable | Type | Default | Meaning |', '|---|---|---|---|', ...rows].join('\n') + '\n';
}

if (require.main === module) process.stdout.write(configTable());

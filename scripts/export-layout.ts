import type { TSchema } from '@sinclair/typebox';
import { MANIFEST_FILE } from '../activities/companyExport/archive';
import { EXPORT_KINDS } from '../activities/companyExport/kinds';
import { CURRENT_API_VERSION } from '../common/apiVersions';

// Prints docs/api.md's description of a company export's archive (Markdown): one line per file, and the
// fields of each kind from the same schemas the API answers with, so the page cannot drift from the code:
// `npx tsx scripts/export-layout.ts` (test/exports/exportDocs.test.ts keeps the page current).

function typeOf(schema: TSchema): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).map(typeOf).join(' or ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.type === 'array') return `array of ${typeOf(schema.items as TSchema)}`;
  if (schema.type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
  if (typeof schema.type === 'string') return schema.type;
  return 'any';
}

const oneLine = (text: unknown): string =>
  typeof text === 'string' ? text.replace(/\s+/g, ' ').replace(/\|/g, '\\|') : '';

function fields(schema: TSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .map(([name, field]) => {
      const optional = required.has(name) ? '' : ' (optional)';
      return `| \`${name}\` | ${typeOf(field)}${optional} | ${oneLine(field.description)} |`;
    })
    .join('\n');
}

export function exportLayout(): string {
  const files = [
    ...EXPORT_KINDS.map((k) => `- \`${k.file}\`: ${k.summary} One item per line, as \`${k.sameAs}\` answers it.`),
    '- `media/<recordingId>.<ext>` (with `"includeMedia": true`): the stored audio of each recording that has it, as stored. A file removed from the store while the export ran (the recordings\' retention, an erasure) is left out and listed in the manifest\'s `missing`.',
    `- \`${MANIFEST_FILE}\`: \`exportId\`, \`companyId\`, \`apiVersion\`, \`createdAt\`, \`includeMedia\` and \`files\`: per file its \`name\`, \`kind\`, \`items\` (lines; not for media), \`recordingId\` (media), \`bytes\` and \`sha256\` (hex); and \`missing\`: per media file left out, its \`kind\` (\`media\`), \`recordingId\` and \`reason\`.`,
  ];
  const kinds = EXPORT_KINDS.map(
    (k) => `#### \`${k.file}\`\n\n| Field | Type | |\n|---|---|---|\n${fields(k.schema(CURRENT_API_VERSION))}`,
  );
  return `${files.join('\n')}\n\n${kinds.join('\n\n')}\n`;
}

if (require.main === module) process.stdout.write(exportLayout());

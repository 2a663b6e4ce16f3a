import fs from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildOpenApi } from '../api/openapi';
import { operations } from '../api/routes';
import { ConfigSchema } from '../common/config';

// The committed API description and what is generated from it (issue 34 §5): `openapi.json` at the repository
// root, as the service serves it at /openapi.json with the default PUBLIC_URL, and the TypeScript client's
// types (clients/typescript/src/schema.d.ts, by openapi-typescript). `npm run openapi` writes both;
// test/content/openapiFiles.test.ts checks that the committed files are what these functions make.

export const ROOT = path.join(__dirname, '..');
export const OPENAPI_FILE = path.join(ROOT, 'openapi.json');
export const CLIENT_TYPES_FILE = path.join(ROOT, 'clients', 'typescript', 'src', 'schema.d.ts');

/** The PUBLIC_URL the committed document names as its server (the setting's default, `npm run dev`'s URL). */
export const DEFAULT_PUBLIC_URL = (ConfigSchema.properties as { PUBLIC_URL: { default: string } }).PUBLIC_URL.default;

/** openapi.json's text: the served document, formatted as the repository's Prettier settings say. */
export async function openApiText(): Promise<string> {
  return format(JSON.stringify(buildOpenApi(operations, DEFAULT_PUBLIC_URL)), {
    ...(await resolveConfig(OPENAPI_FILE)),
    filepath: OPENAPI_FILE,
  });
}

/** The client's types, generated from the document's text. */
export async function clientTypesText(documentText: string): Promise<string> {
  // ESM only in its typed form: imported as a module, not required.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0]);
  const header =
    '// Generated from openapi.json by openapi-typescript (`npm run openapi`); do not edit.\n' +
    '// test/content/openapiFiles.test.ts checks that it matches the document.\n\n';
  return format(header + astToString(ast), {
    ...(await resolveConfig(CLIENT_TYPES_FILE)),
    filepath: CLIENT_TYPES_FILE,
  });
}

async function main(): Promise<void> {
  const document = await openApiText();
  await fs.writeFile(OPENAPI_FILE, document);
  await fs.writeFile(CLIENT_TYPES_FILE, await clientTypesText(document));
  process.stdout.write(`wrote ${path.relative(ROOT, OPENAPI_FILE)} and ${path.relative(ROOT, CLIENT_TYPES_FILE)}\n`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import { CONTRACT_PINS, contractsDir, type ContractProvider } from './contractPins';

// Reading a provider's published OpenAPI document for the tests (providerContracts.ts): from the
// contracts folder, checked against its pinned sha256 (a missing or different file fails, saying how
// to get the right one), parsed, and prepared in memory for validation.
//
// Three readings of the documents differ from a literal JSON Schema reading, because the
// documents' generators (Stainless, Fern) mean unions and merged objects, and a literal reading
// refuses what the providers answer and accept:
// - `oneOf` is read as `anyOf`. OpenAI's transcription answer is a oneOf of json, diarized_json and
//   verbose_json whose branches do not exclude one another (every verbose_json answer is also a valid
//   json answer), and Deepgram's `model` is a oneOf of its model enum and any string.
//   createTranscription answers are additionally validated against the one shape their
//   response_format names (the `schema` each answer of openAiSttServer.ts names).
// - `additionalProperties: false` beside `allOf` becomes `unevaluatedProperties: false` (and members'
//   own `additionalProperties: false` is dropped): AssemblyAI's TranscriptParams is allOf [audio_url,
//   TranscriptOptionalParams], each closed, which read literally refuses every request.
// And OpenAPI 3.0's `nullable`, left in a few places of the OpenAI document, means what 3.1 spells as
// a `"null"` type (ajv refuses the keyword outside its 3.0 mode).

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function pointer(doc: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/'))
    node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(node) ? node : undefined;
}

/** The two readings described at the top, applied in place to the parsed (not yet dereferenced) document. */
export function readAsAuthored(doc: Json): void {
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if ('nullable' in node) {
      if (node.nullable === true && typeof node.type === 'string') node.type = [node.type, 'null'];
      delete node.nullable;
    }
    if (Array.isArray(node.oneOf)) {
      if (node.anyOf) node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { anyOf: node.oneOf }];
      else node.anyOf = node.oneOf;
      delete node.oneOf;
    }
    if (Array.isArray(node.allOf)) {
      const members = node.allOf.map((m: unknown) =>
        isObject(m) && typeof m.$ref === 'string' ? { ...(pointer(doc, m.$ref) ?? m) } : m,
      );
      const closed =
        node.additionalProperties === false || members.some((m) => isObject(m) && m.additionalProperties === false);
      if (closed) {
        for (const m of members) if (isObject(m) && m.additionalProperties === false) delete m.additionalProperties;
        delete node.additionalProperties;
        node.unevaluatedProperties = false;
        node.allOf = members;
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(doc);
}

/** OpenAPI's formats and the documents' own, so none is silently ignored. */
export function withFormats(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv);
  const within = (bits: number) => (n: number) => Number.isInteger(n) && n >= -(2 ** (bits - 1)) && n < 2 ** (bits - 1);
  ajv.addFormat('int32', { type: 'number', validate: within(32) });
  ajv.addFormat('int64', { type: 'number', validate: within(64) });
  for (const name of ['float', 'double'])
    ajv.addFormat(name, { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addFormat('unixtime', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 });
  for (const name of ['binary', 'password']) ajv.addFormat(name, true);
  // AssemblyAI writes `format: url` for what JSON Schema calls a URI.
  ajv.addFormat('url', ajv.formats.uri ?? true);
  return ajv;
}

export function readDocument(provider: ContractProvider): Json {
  const pin = CONTRACT_PINS[provider];
  const file = path.join(contractsDir(), pin.file);
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch {
    throw new Error(
      `The ${provider} API document is missing (${file}). The tests validate against the providers' published OpenAPI documents: ` +
        'run `npm run contracts:fetch` (downloads the pinned versions into .contracts/), or set CONTRACTS_DIR to the folder that holds them.',
    );
  }
  const sha = createHash('sha256').update(raw).digest('hex');
  if (sha !== pin.sha256) {
    throw new Error(
      `${file} is not the pinned ${pin.repository}@${pin.commit} document (sha256 ${sha}, expected ${pin.sha256}): run \`npm run contracts:fetch\``,
    );
  }
  const text = raw.toString('utf8');
  return (pin.file.endsWith('.yml') ? YAML.parse(text, { maxAliasCount: -1 }) : JSON.parse(text)) as Json;
}

import type { IncomingHttpHeaders } from 'node:http';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { isObject, readAsAuthored, readDocument, withFormats, type Json } from './contractDocuments';
import type { ContractProvider } from './contractPins';

// The providers' own published OpenAPI documents as the tests' oracle: every request an adapter sends
// to a stand-in, and every answer a stand-in gives, is validated against the named operation of the
// provider's document with openapi-backend (routing, path/query/header parameters, request bodies,
// responses by status), its schemas compiled by ajv's JSON Schema 2020-12 dialect (the dialect of
// OpenAPI 3.1, which all three documents are). Each document is read, checked against its pinned
// sha256 and prepared once per process; validators are compiled on first use (the OpenAI document is
// 3.4 MB and has hundreds of operations).
//
// How each document is read, checked and prepared: contractDocuments.ts.

export type { ContractProvider } from './contractPins';

export interface ContractRequest {
  method: string;
  /** The path as sent, e.g. `/v1/audio/transcriptions`. */
  path: string;
  query?: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** A JSON body parsed, multipart fields as an object (see formFields); undefined for raw bytes. */
  body?: unknown;
}

export interface RequestCheckOptions {
  /**
   * The body is raw bytes of a media type the document does not declare, which the provider's
   * documentation allows elsewhere (Deepgram takes audio bytes; its document lists only the JSON form).
   */
  bodyOutsideDocument?: boolean;
  /**
   * A request without a key is let through (one with a key must still present it as the document
   * says): the analysis model may be an OpenAI-compatible server that needs none (LLM_API_KEY empty).
   */
  keyOptional?: boolean;
}

export interface ProviderContract {
  provider: ContractProvider;
  /** Every way the request breaks the operation's contract; empty when it keeps it. */
  requestProblems(operationId: string, req: ContractRequest, options?: RequestCheckOptions): string[];
  /** Every way the answer breaks the operation's response for that status (errors: the provider's error schema). */
  responseProblems(operationId: string, status: number, body: unknown): string[];
  /** Problems of `value` against a named component schema of the document. */
  schemaProblems(component: string, value: unknown): string[];
  /** The operation's multipart/form-data schema properties (for typing form fields). */
  formProperties(operationId: string): Record<string, unknown>;
}

/** Where each document's paths start (OpenAI's server URL is https://api.openai.com/v1). */
const API_ROOT: Record<ContractProvider, string> = { openai: '/v1', deepgram: '/', assemblyai: '/' };
/** The component each provider's error bodies follow. */
const ERROR_SCHEMA: Record<ContractProvider, string> = {
  openai: 'ErrorResponse',
  deepgram: 'ErrorResponse',
  assemblyai: 'Error',
};

const listProblems = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map(
    (e) =>
      `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
  );

/** Header names of the security schemes the document requires of every operation. */
function securityHeaders(doc: Json): Array<{ header: string; prefix: string }> {
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const required = Array.isArray(doc.security) ? (doc.security as Json[]) : [];
  const first = required[0] ? Object.keys(required[0]) : [];
  return first.flatMap((name) => {
    const scheme = schemes[name];
    if (!isObject(scheme)) return [];
    if (scheme.type === 'http' && scheme.scheme === 'bearer') return [{ header: 'authorization', prefix: 'Bearer ' }];
    if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
      return [{ header: scheme.name.toLowerCase(), prefix: '' }];
    return [];
  });
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  const [type, sub] = declared.toLowerCase().split('/');
  const [aType, aSub] = actual.toLowerCase().split('/');
  return (type === '*' || type === aType) && (sub === '*' || sub === aSub);
}

async function load(provider: ContractProvider): Promise<ProviderContract> {
  const doc = readDocument(provider);
  readAsAuthored(doc);
  const auth = securityHeaders(doc);
  const api = new OpenAPIBackend({
    definition: doc as unknown as Document,
    apiRoot: API_ROOT[provider],
    // Lazy: validators are compiled per operation on first use, and the document is not re-validated
    // against the OpenAPI meta-schema (it is the provider's, pinned by sha256).
    quick: true,
    validate: true,
    customizeAjv: (_ajv, options) =>
      withFormats(new Ajv2020({ ...options, strict: false, allErrors: true, logger: false })),
  });
  await api.init();
  const definition = api.definition as unknown as Json;
  // Read before any validator is compiled: openapi-backend drops binary parts from `required` in place.
  const requiredFormParts = new Map<string, string[]>();
  for (const pathItem of Object.values(isObject(definition.paths) ? definition.paths : {})) {
    for (const op of Object.values(isObject(pathItem) ? pathItem : {})) {
      const content =
        isObject(op) && isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
      const form = content['multipart/form-data'];
      const required =
        isObject(form) && isObject(form.schema) && Array.isArray(form.schema.required) ? form.schema.required : [];
      if (isObject(op) && typeof op.operationId === 'string' && required.length > 0)
        requiredFormParts.set(op.operationId, [...(required as string[])]);
    }
  }
  const ajv = withFormats(new Ajv2020({ strict: false, allErrors: true, logger: false }));
  const compiled = new Map<string, ValidateFunction>();
  const component = (name: string): ValidateFunction => {
    let validate = compiled.get(name);
    if (!validate) {
      const schemas =
        isObject(definition.components) && isObject(definition.components.schemas) ? definition.components.schemas : {};
      const schema = schemas[name];
      if (!isObject(schema)) throw new Error(`The ${provider} document has no schema ${name}`);
      validate = ajv.compile(schema);
      compiled.set(name, validate);
    }
    return validate;
  };
  const operation = (operationId: string): Json => {
    const op = api.getOperation(operationId) as unknown as Json | undefined;
    if (!op) throw new Error(`The ${provider} document has no operation ${operationId}`);
    return op;
  };

  return {
    provider,
    requestProblems(operationId, req, options = {}) {
      const op = operation(operationId);
      const problems: string[] = [];
      const method = String(op.method).toUpperCase();
      if (req.method.toUpperCase() !== method) problems.push(`method ${req.method} is not the operation's ${method}`);
      const bare = req.path.split('?')[0];
      const matched = api.router.matchOperation({ method: req.method.toLowerCase(), path: bare, headers: {} });
      if (matched?.operationId !== operationId)
        problems.push(`path ${bare} is not the path of ${operationId} (${String(op.path)})`);
      for (const { header, prefix } of auth) {
        const value = req.headers[header];
        if (value === undefined && options.keyOptional) continue;
        if (typeof value !== 'string' || !value.startsWith(prefix) || value.length === prefix.length)
          problems.push(`header ${header} must carry the key${prefix ? ` as "${prefix}<key>"` : ''}`);
      }
      const contentType = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        .trim();
      const declared =
        isObject(op.requestBody) && isObject(op.requestBody.content) ? Object.keys(op.requestBody.content) : [];
      if (
        contentType &&
        declared.length > 0 &&
        !declared.some((d) => mediaTypeMatches(d, contentType)) &&
        !options.bodyOutsideDocument
      ) {
        problems.push(`content-type ${contentType} is none of the operation's ${declared.join(', ')}`);
      }
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(req.query?.keys() ?? [])) {
        const all = req.query?.getAll(key) ?? [];
        query[key] = all.length > 1 ? all : all[0];
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((e): e is [string, string | string[]] => e[1] !== undefined),
      );
      const result = api.validateRequest(
        { method: req.method.toLowerCase(), path: bare, query, headers, body: req.body },
        operationId,
      );
      problems.push(...listProblems(result.errors));
      // openapi-backend leaves required binary (file) parts out of its check; formFields puts them in the body.
      for (const name of requiredFormParts.get(operationId) ?? []) {
        if (isObject(req.body) && !(name in req.body))
          problems.push(`/requestBody must have required property '${name}'`);
      }
      return problems;
    },
    responseProblems(operationId, status, body) {
      // Error answers follow the provider's one error schema, the one every declared error response of
      // the three documents uses, except Deepgram's /v1/listen 400 ("Invalid Request"), whose schema
      // is the success body: a generator slip, not an error shape any client could read.
      if (status >= 400) {
        const validate = component(ERROR_SCHEMA[provider]);
        validate(body);
        return listProblems(validate.errors);
      }
      const op = operation(operationId);
      const responses = isObject(op.responses) ? op.responses : {};
      if (!(responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default))
        return [`${operationId} documents no ${status} answer`];
      return listProblems(api.validateResponse(body, operationId, status).errors);
    },
    schemaProblems(name, value) {
      const validate = component(name);
      validate(value);
      return listProblems(validate.errors);
    },
    formProperties(operationId) {
      const op = operation(operationId);
      const form =
        isObject(op.requestBody) && isObject(op.requestBody.content)
          ? op.requestBody.content['multipart/form-data']
          : undefined;
      return isObject(form) && isObject(form.schema) && isObject(form.schema.properties) ? form.schema.properties : {};
    },
  };
}

const loaded = new Map<ContractProvider, Promise<ProviderContract>>();

/** The provider's contract, read and prepared once per process. */
export function providerContract(provider: ContractProvider): Promise<ProviderContract> {
  let contract = loaded.get(provider);
  if (!contract) {
    contract = load(provider);
    loaded.set(provider, contract);
  }
  return contract;
}

const typesOf = (schema: unknown): string[] => {
  if (!isObject(schema)) return [];
  const own = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const branches = [schema.anyOf, schema.oneOf, schema.allOf].flatMap((b) => (Array.isArray(b) ? b : []));
  return [...own, ...branches.flatMap(typesOf)];
};

/**
 * multipart/form-data fields as the JSON object the operation's schema describes: `name[]` fields
 * (how OpenAI's SDKs send arrays) become arrays, numbers and booleans are read as the schema types
 * them, and each file part is present as a placeholder (its bytes are checked by the stand-in).
 */
export function formFields(contract: ProviderContract, operationId: string, form: FormData): Record<string, unknown> {
  const properties = contract.formProperties(operationId);
  const body: Record<string, unknown> = {};
  for (const [rawName, value] of form.entries()) {
    const isArray = rawName.endsWith('[]');
    const name = isArray ? rawName.slice(0, -2) : rawName;
    let field: unknown = typeof value === 'string' ? value : `(file ${value.name})`;
    const types = typesOf(isArray && isObject(properties[name]) ? (properties[name] as Json).items : properties[name]);
    if (typeof field === 'string' && !types.includes('string')) {
      if (
        (types.includes('number') || types.includes('integer')) &&
        field.trim() !== '' &&
        Number.isFinite(Number(field))
      )
        field = Number(field);
      else if (types.includes('boolean') && (field === 'true' || field === 'false')) field = field === 'true';
    }
    if (isArray) body[name] = [...(Array.isArray(body[name]) ? (body[name] as unknown[]) : []), field];
    else body[name] = field;
  }
  return body;
}

/**
 * Answers a stand-in gave that break the provider's contract, collected here and turned into a
 * failure of the running test by the root hook (an answer the real provider would never give makes
 * the test meaningless, whatever the service then did with it).
 */
const answerViolations: string[] = [];

export function recordAnswerProblems(what: string, problems: string[]): void {
  if (problems.length > 0) answerViolations.push(`${what}: ${problems.join('; ')}`);
}

export function takeAnswerViolations(): string[] {
  return answerViolations.splice(0, answerViolations.length);
}

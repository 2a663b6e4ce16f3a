import type { TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { compile } from '../../api/validation';
import { ErrorBody } from '../../api/schemas/common';
import type { Operation } from '../../api/operation';
import { operations } from '../../api/routes';

/** Fails the test when `value` does not match `schema`, listing every mismatch. */
export function assertSchema(schema: TSchema, value: unknown, label = 'response body'): void {
  const validate = compile(schema);
  const ok = validate(value);
  expect(
    ok,
    `${label} does not match its schema: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(value).slice(0, 2000)}`,
  ).to.equal(true);
}

const matchers = operations.map((op) => ({
  op,
  regex: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

export function operationFor(method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0];
  const m = method.toLowerCase();
  // Literal paths win over templated ones (/api/roleplay/session before /api/roleplay/{id}).
  const hits = matchers.filter((x) => x.op.method === m && x.regex.test(bare));
  hits.sort((a, b) => (a.op.path.match(/\{/g)?.length ?? 0) - (b.op.path.match(/\{/g)?.length ?? 0));
  return hits[0]?.op;
}

/** Validates a response against the operation's declared schema: the success schema or the error body. */
export function assertResponseSchema(
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType = 'application/json',
  apiVersion?: string,
): void {
  if (status >= 400) {
    assertSchema(ErrorBody, body, `${method} ${path} → ${status} error body`);
    return;
  }
  const op = operationFor(method, path);
  // A rendering the operation declares (text/vtt) is text, not the JSON schema's object.
  const rendering = Object.keys(op?.renderings ?? {}).find((type) => contentType.startsWith(type));
  if (rendering) expect(body, `${method} ${path} → ${status} as ${rendering}`).to.be.a('string');
  else {
    // An answer in an older API version is checked against that version's schema (api/operation.ts `versions`).
    const versioned = apiVersion ? op?.versions?.[apiVersion as keyof typeof op.versions]?.response : undefined;
    const schema = versioned ?? op?.response;
    if (schema) assertSchema(schema, body, `${method} ${path} → ${status}`);
  }
}

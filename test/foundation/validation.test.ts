import { Type, type TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { check } from '../../api/validation';

// A nullable field is a union in JSON Schema; ajv reports it once per branch. Callers get one detail.
const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Body = Type.Object(
  {
    title: Nullable(Type.String({ minLength: 1 })),
    limit: Nullable(Type.Integer({ minimum: 0 })),
    name: Type.String(),
  },
  { additionalProperties: false },
);

describe('validation details', () => {
  it('reports a wrong type on a nullable field once, naming both allowed types', () => {
    const details = check('body', Body, { title: 5, limit: 'x', name: 'ok' }).problems;
    expect(details).to.deep.equal([
      { in: 'body', field: 'title', message: 'title must be string or null' },
      { in: 'body', field: 'limit', message: 'limit must be integer or null' },
    ]);
  });

  it('reports the branch the value meant when only its bound is broken', () => {
    const details = check('body', Body, { title: '', limit: -1, name: 'ok' }).problems;
    expect(details.map((d) => d.message)).to.deep.equal([
      'title must NOT have fewer than 1 characters',
      'limit must be >= 0',
    ]);
  });

  it('still lists every problem, unknown fields included', () => {
    const details = check('body', Body, { title: null, limit: null, name: 3, extra: true }).problems;
    expect(details.map((d) => d.field).sort()).to.deep.equal(['extra', 'name']);
  });
});

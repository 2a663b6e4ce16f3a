import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { TestApi } from './api';

/** Every out-of-bounds or malformed offset/limit (spec section 8) is a 400 naming the parameter. */
export async function expectPageParamErrors(api: TestApi, path: string, apiKey: string): Promise<void> {
  const cases: Array<[string, string]> = [
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
    ['offset=1.5', 'offset'],
    ['offset=0&offset=1', 'offset'],
  ];
  for (const [query, param] of cases) {
    const res = await api.request<ErrorBody>('GET', `${path}?${query}`, { apiKey });
    expect(res.status, query).to.equal(400);
    expect(res.body.error.code, query).to.equal('validation_failed');
    expect(
      res.body.error.details.map((d) => `${d.in}:${d.field}`),
      query,
    ).to.deep.equal([`query:${param}`]);
    expect(res.body.error.message, query).to.contain(param);
  }
  const both = await api.request<ErrorBody>('GET', `${path}?offset=-5&limit=0`, { apiKey });
  expect(both.body.error.details.map((d) => d.field).sort()).to.deep.equal(['limit', 'offset']);
  for (const query of ['limit=1', 'limit=1000', 'offset=0', 'offset=1000000']) {
    expect((await api.request('GET', `${path}?${query}`, { apiKey })).status, query).to.equal(200);
  }
}

import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createCompany } from '../../db/queries/companies';
import { statement } from '../../db/statement';
import { testEnv } from '../support/env';

describe('statement (SQL built once by Knex, sent with each call’s values)', () => {
  const companyByName = statement<{ name: string }>(['name'], (q, { name }) =>
    q('companies').where({ name }).select('id', 'name').orderBy('id'),
  );
  const companyNamed = statement<{ id: string; name: string }>(['id', 'name'], (q, { id, name }) =>
    q('companies').where({ id }).andWhere({ name }).first('name'),
  );

  it('sends the query builder’s SQL text with placeholders, and the values of each call', async () => {
    expect(companyByName.sql).to.equal('select `id`, `name` from `companies` where `name` = ? order by `id` asc');
    const name = `statement ${randomUUID()}`;
    const a = await createCompany(testEnv().db, name);
    const b = await createCompany(testEnv().db, name);
    await createCompany(testEnv().db, `${name} other`);
    const rows = await companyByName.all<{ id: string; name: string }>(testEnv().db, { name });
    expect(rows).to.deep.equal([a, b].map((c) => ({ id: c.id, name })).sort((x, y) => x.id.localeCompare(y.id)));
    expect(await companyByName.all(testEnv().db, { name: `${name} missing` })).to.deep.equal([]);
  });

  it('keeps the builder’s own values (first() adds limit 1) and fills several arguments by name', async () => {
    expect(companyNamed.sql).to.match(/ limit \?$/);
    const name = `statement ${randomUUID()}`;
    const c = await createCompany(testEnv().db, name);
    expect(await companyNamed.first(testEnv().db, { name, id: c.id })).to.deep.equal({ name });
    expect(await companyNamed.first(testEnv().db, { name: 'someone else', id: c.id })).to.equal(undefined);
  });

  it('treats values as data, never as SQL', async () => {
    const rows = await companyByName.all(testEnv().db, { name: "x' or '1'='1" });
    expect(rows).to.deep.equal([]);
  });

  it('runs inside the caller’s transaction', async () => {
    const name = `statement ${randomUUID()}`;
    await testEnv().db.transaction(async (trx) => {
      await createCompany(trx, name);
      expect(await companyByName.all(trx, { name })).to.have.length(1);
      expect(await companyByName.all(testEnv().db, { name }), 'not visible outside before commit').to.have.length(0);
    });
    expect(await companyByName.all(testEnv().db, { name })).to.have.length(1);
  });

  it('refuses a statement that writes an argument into the SQL text or leaves one out', () => {
    expect(() =>
      statement<{ name: string }>(['name'], (q, { name }) => q('companies').whereRaw(`name = '${name}'`)),
    ).to.throw(/bound value/);
    expect(() =>
      statement<{ name: string; id: string }>(['name', 'id'], (q, { name }) => q('companies').where({ name })),
    ).to.throw(/bound value \(id\)/);
  });
});

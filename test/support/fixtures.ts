import { createCompany, type CompanyRow } from '../../db/queries/companies';
import { createApiKey } from '../../db/queries/credentials';
import { testEnv } from './env';

let counter = 0;

export interface TenantFixture {
  company: CompanyRow;
  apiKey: string;
  apiKeyId: string;
}

/** A company with an API key; pass a parent id to make it a child company. */
export async function createTenant(name?: string, parentCompanyId: string | null = null): Promise<TenantFixture> {
  counter += 1;
  const db = testEnv().db;
  const company = await createCompany(db, name ?? `Company ${counter}`, parentCompanyId);
  const { id, key } = await createApiKey(db, company.id);
  return { company, apiKey: key, apiKeyId: id };
}

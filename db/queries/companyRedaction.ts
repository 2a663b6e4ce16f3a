import type { Db } from '../connection';

// A company's default for redacting personal data from its recordings (companies.redact_pii).

/** undefined: no such company. */
export async function getCompanyRedactPii(db: Db, companyId: string): Promise<boolean | undefined> {
  const row = (await db('companies').select('redact_pii').where({ id: companyId }).first()) as
    { redact_pii: number | boolean } | undefined;
  return row ? Boolean(row.redact_pii) : undefined;
}

/** false: no such company. */
export async function setCompanyRedactPii(db: Db, companyId: string, redactPii: boolean): Promise<boolean> {
  const changed = await db('companies').where({ id: companyId }).update({ redact_pii: redactPii });
  return changed > 0;
}

import type { Knex } from 'knex';

// "A page plus its total", the shape of every paginated list: the page's rows and the number of rows
// the list's filter matches, from which the API builds `pagination`.

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A COUNT(*) value as a number: mysql2 hands BIGINT counts back as strings. */
export const countValue = (value: number | string | null | undefined): number => Number(value ?? 0);

/** How many rows `query` matches (its filters; give it one without select, order or limit). */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [row] = (await query.count({ n: '*' })) as Array<{ n: number | string }>;
  return countValue(row?.n);
}

/**
 * The page of `rows` (ordered by the caller; offset and limit are applied here) and `total`, read at the
 * same time: two statements whatever the page size.
 */
export async function pageWithTotal<T>(
  rows: Knex.QueryBuilder,
  total: Promise<number>,
  page: PageRequest,
): Promise<Page<T>> {
  const [list, count] = await Promise.all([rows.offset(page.offset).limit(page.limit) as Promise<T[]>, total]);
  return { rows: list, total: count };
}

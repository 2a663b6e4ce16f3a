import { createScript, getScript, listScripts } from '../../db/queries/scripts';
import { toScript } from '../../common/views/scripts';
import { notFound, type ErrorDetail } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { PageQuery, pagination } from '../schemas/common';
import { Script, ScriptCreate, ScriptPage, ScriptParams } from '../schemas/scripts';
import { assertValid } from '../validation';

/** JSON Schema cannot say "unique by order"; every repeat is reported like a schema problem. */
function duplicateOrders(segments: ScriptCreate['segments']): ErrorDetail[] {
  const seen = new Set<number>();
  const problems: ErrorDetail[] = [];
  segments.forEach((s, i) => {
    if (seen.has(s.order))
      problems.push({
        in: 'body',
        field: `segments.${i}.order`,
        message: `segments.${i}.order repeats order ${s.order}`,
      });
    seen.add(s.order);
  });
  return problems;
}

export const scriptOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listMemorizationScripts',
      method: 'get',
      path: '/api/memorization/script',
      summary: 'List memorization scripts',
      description: 'Newest first (ties broken by id).',
      tags: ['Memorization scripts'],
      auth: 'apiKey',
      scope: 'scripts:read',
      query: PageQuery,
      response: ScriptPage,
    },
    async ({ query, company, deps }) => {
      const { rows, total } = await listScripts(deps.db, company.id, query);
      const data = rows.map((r) => ({
        id: r.id,
        title: r.title,
        passingScore: r.passingScore,
        numLevels: r.numLevels,
        createdAt: r.createdAt.toISOString(),
        coverImageUrl: r.coverImageUrl,
      }));
      return { data, pagination: pagination(total, query.offset, query.limit, data.length) };
    },
  ),
  defineOperation(
    {
      operationId: 'createMemorizationScript',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/memorization/script',
      summary: 'Create a memorization script',
      description: 'Not in the specification: lets an integration set scripts up.',
      tags: ['Memorization scripts'],
      auth: 'apiKey',
      scope: 'scripts:write',
      body: ScriptCreate,
      response: Script,
      successStatus: 201,
    },
    async ({ body, company, deps }) => {
      assertValid(duplicateOrders(body.segments));
      return toScript(await createScript(deps.db, company.id, body));
    },
  ),
  defineOperation(
    {
      operationId: 'getMemorizationScript',
      method: 'get',
      path: '/api/memorization/script/{scriptId}',
      summary: 'Get a memorization script',
      description:
        "One script of the caller's company with its segments ordered by `order`. Another company's id is a 404.",
      tags: ['Memorization scripts'],
      auth: 'apiKey',
      scope: 'scripts:read',
      params: ScriptParams,
      response: Script,
      errors: [404],
    },
    async ({ params, company, deps }) => {
      const row = await getScript(deps.db, company.id, params.scriptId);
      if (!row) throw notFound('Memorization script');
      return toScript(row);
    },
  ),
];

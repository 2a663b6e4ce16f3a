import { Type } from '@sinclair/typebox';
import { defineOperation, type Operation } from '../operation';
import { unavailable } from '../errors';

const Health = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });
const Readiness = Type.Object(
  {
    status: Type.Literal('ready'),
    checks: Type.Object(
      { database: Type.Literal('ok'), temporal: Type.Literal('ok') },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'healthz',
      method: 'get',
      path: '/healthz',
      summary: 'The process is alive',
      description:
        'Liveness: answers 200 while the process runs, whatever its dependencies (see /readyz for those). Needs no credential.',
      tags: ['Operations'],
      auth: 'none',
      scope: null,
      response: Health,
    },
    async () => ({ status: 'ok' as const }),
  ),
  defineOperation(
    {
      operationId: 'readyz',
      method: 'get',
      path: '/readyz',
      summary: 'The database and Temporal are reachable',
      description: 'Answers 503 naming each dependency that does not answer.',
      tags: ['Operations'],
      auth: 'none',
      scope: null,
      response: Readiness,
      errors: [503],
    },
    async ({ deps }) => {
      const failing: string[] = [];
      await withTimeout(deps.db.raw('SELECT 1'), 2000).catch(() => failing.push('database'));
      await withTimeout(deps.temporal.workflowService.getSystemInfo({}), 2000).catch(() => failing.push('temporal'));
      if (failing.length > 0) throw unavailable('not_ready', `Not ready: ${failing.join(' and ')} unreachable.`);
      return { status: 'ready' as const, checks: { database: 'ok' as const, temporal: 'ok' as const } };
    },
  ),
];

import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** Every response carries x-request-id: the caller's own when it is sane, a fresh UUID otherwise. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}

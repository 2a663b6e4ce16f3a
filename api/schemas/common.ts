import { Type, type Static, type TSchema } from '@sinclair/typebox';

// Building blocks shared by every endpoint's schemas.

export const Uuid = Type.String({ format: 'uuid' });
export const DateTime = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'Stable machine-readable code.' }),
        message: Type.String({ minLength: 1, description: 'Human-readable sentence.' }),
        details: Type.Array(
          Type.Object(
            {
              in: Type.Union([
                Type.Literal('body'),
                Type.Literal('query'),
                Type.Literal('path'),
                Type.Literal('header'),
              ]),
              field: Type.String(),
              message: Type.String(),
            },
            { additionalProperties: false },
          ),
        ),
        requestId: Type.Optional(Type.String()),
        traceId: Type.Optional(
          Type.String({
            pattern: '^[0-9a-f]{32}$',
            description: 'The W3C trace id of the request, when the service traces (OpenTelemetry).',
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const Pagination = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    offset: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 1000 }),
    hasMore: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type Pagination = Static<typeof Pagination>;

/** offset/limit of the paginated lists (spec 4.8, 4.10, 4.12, section 8). */
export const PageQueryFields = {
  offset: Type.Integer({ minimum: 0, default: 0, description: 'Records to skip.' }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Maximum records returned.' }),
};
export const PageQuery = Type.Object(PageQueryFields, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuery>;

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), pagination: Pagination }, { additionalProperties: false });

export function pagination(total: number, offset: number, limit: number, returned: number): Pagination {
  return { total, offset, limit, hasMore: offset + returned < total };
}

/**
 * The Idempotency-Key request header (printable ASCII, as the IETF Idempotency-Key draft and common
 * APIs allow), described for the operation that reads it.
 */
export const IdempotencyKeyHeaders = (description: string) =>
  Type.Object({
    'Idempotency-Key': Type.Optional(
      Type.String({
        pattern: '^[\\x21-\\x7e][\\x20-\\x7e]{0,254}$',
        description,
        errorMessage: 'must be 1 to 255 printable ASCII characters',
      }),
    ),
  });

import { eventPosition, listEventLog } from '../../db/queries/eventLog';
import { notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { toCompanyEvents } from '../../common/views/events';
import { EventList, EventListQuery } from '../schemas/events';

// The company's events as they were sent (docs/webhooks.md, "Events and recovery"); recovering an endpoint's
// missed ones is an action on the endpoint (webhookActions.ts). GET /api/webhook-events stays the catalog of
// event types; this lists events.

const TAGS = ['Webhooks'];

export const eventOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listEvents',
      method: 'get',
      path: '/api/events',
      summary: "List the company's events",
      description:
        'Every event the service produced for the company (recording events whether or not an endpoint subscribed, and the events it sent), newest first, ' +
        'with the body as delivered and, per endpoint it was sent to, whether it was received. Paged by cursor: pass the last id as `starting_after`; ' +
        "new events never shift a page; a `starting_after` that is not one of the company's kept events is 404. Kept for WEBHOOK_EVENT_RETENTION (30 days by default).",
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      query: EventListQuery,
      response: EventList,
      errors: [404],
    },
    async ({ query, company, deps }) => {
      const after =
        query.starting_after === undefined ? undefined : await eventPosition(deps.db, company.id, query.starting_after);
      // As every id of another company's (or unknown), a cursor that is not one of the company's kept events is 404.
      if (query.starting_after !== undefined && !after) throw notFound('Event');
      const filter = {
        companyId: company.id,
        type: query.type,
        since: query.since === undefined ? undefined : new Date(query.since),
        until: query.until === undefined ? undefined : new Date(query.until),
      };
      const rows = await listEventLog(deps.db, filter, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const data = await toCompanyEvents(deps.db, company.id, page);
      return { data, hasMore: rows.length > query.limit };
    },
  ),
];

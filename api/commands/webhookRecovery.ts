import { workflowIds } from '../../common/temporal';
import type { CompanyFairness } from '../../common/workflowStarts/priority';
import { startWebhookDelivery } from '../../common/workflowStarts/webhookDelivery';
import { recoverableEvents, type RecoverableEvent } from '../../db/queries/eventLog';
import { getWebhookEndpoint } from '../../db/queries/webhooks';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound, workflowStartError } from '../errors';

// Recovering what an endpoint missed (after Svix's recover): every kept event of the window that the
// endpoint subscribes to and never received (no delivered attempt) is delivered again, the same bytes and
// webhook-id, through the same delivery workflow and retry schedule as any event.

/** How many workflow starts are in flight at once: enough to be quick, few enough not to flood Temporal. */
const START_CONCURRENCY = 8;

export interface RecoveryOutcome {
  queued: number;
  alreadyQueued: number;
  since: Date;
  until: Date;
  /** When more than a batch waited: the `since` of the next request (the first event not queued). */
  nextSince: Date | null;
}

/**
 * The recovery of an event at an endpoint has one workflow id: while one runs, another request finds it
 * (alreadyQueued) instead of sending the event twice; once it closed, a later recovery may start it again
 * (the event is only looked at when it still was not received).
 */
export const recoveryWorkflowId = (eventId: string, endpointId: string): string =>
  `${workflowIds.webhookDelivery(eventId, endpointId)}-recovery`;

async function startRecovery(
  deps: AppDeps,
  company: CompanyFairness,
  endpointId: string,
  event: RecoverableEvent,
): Promise<boolean> {
  try {
    // The event by id (claim check), on the worker's whole schedule; attempts keep counting after the ones it
    // already had at the endpoint.
    const started = await startWebhookDelivery(deps.temporal, deps.config, company, {
      workflowId: recoveryWorkflowId(event.id, endpointId),
      endpointId,
      event,
      attemptOffset: event.lastAttempt,
      rerunClosed: true,
      why: 'recovery',
    });
    if (!started) return false;
  } catch (err) {
    throw workflowStartError(err, 'The events could not all be queued for delivery. Retry the request.');
  }
  deps.metrics?.workflowStarts.inc({ workflow: 'webhookDelivery' });
  return true;
}

/** Queues the endpoint's missed events of [since, until), oldest first, at most WEBHOOK_RECOVER_BATCH. */
export async function recoverEndpoint(
  deps: AppDeps,
  company: CompanyFairness,
  endpointId: string,
  since: Date,
  untilOrNow: Date | undefined,
): Promise<RecoveryOutcome> {
  const companyId = company.id;
  const until = untilOrNow ?? new Date();
  if (until.getTime() <= since.getTime()) {
    throw badRequest('validation_failed', '`until` must be later than `since`.', [
      { in: 'body', field: 'until', message: 'until: must be later than since' },
    ]);
  }
  const endpoint = await getWebhookEndpoint(deps.db, companyId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  if (!endpoint.enabled) {
    throw conflict('endpoint_disabled', 'The endpoint is disabled; enable it first (PATCH with {"enabled": true}).');
  }
  const batch = deps.config.WEBHOOK_RECOVER_BATCH;
  const events = await recoverableEvents(deps.db, companyId, endpointId, endpoint.events, { since, until }, batch + 1);
  const now = events.slice(0, batch);
  let queued = 0;
  let alreadyQueued = 0;
  for (let i = 0; i < now.length; i += START_CONCURRENCY) {
    const started = await Promise.all(
      now.slice(i, i + START_CONCURRENCY).map((e) => startRecovery(deps, company, endpointId, e)),
    );
    for (const s of started) {
      if (s) queued += 1;
      else alreadyQueued += 1;
    }
  }
  const next = events.length > batch ? events[batch] : undefined;
  return { queued, alreadyQueued, since, until, nextSince: next ? next.createdAt : null };
}

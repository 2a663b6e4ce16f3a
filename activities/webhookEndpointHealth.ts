import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { durationMs } from '../common/config';
import { workflowIds } from '../common/temporal';
import { WEBHOOK_ENDPOINT_DISABLED_EVENT, type EndpointDisabledEvent } from '../common/webhookEvents';
import { DEFAULT_FAIRNESS_WEIGHT } from '../common/workflowStarts/priority';
import { startWebhookDelivery } from '../common/workflowStarts/webhookDelivery';
import { getCompany } from '../db/queries/companies';
import { insertWebhookEvent } from '../db/queries/webhookEvents';
import { disableFailingEndpoint, failingSince, otherEnabledEndpoints } from '../db/queries/webhookHealth';
import type { ActivityDeps } from './deps';

// An endpoint that keeps failing (every attempt for WEBHOOK_DISABLE_AFTER since its last delivered one) is
// disabled with a reason, as Stripe and Svix do, and the company's other enabled endpoints get a
// `webhook.endpoint.disabled` event, sent like any event (kept, then a delivery workflow per endpoint,
// started with the worker's own client through common/workflowStarts/webhookDelivery.ts). Checked after each failed attempt. Disabling is one conditional
// update, so only one attempt (of however many fail at once) tells the others.

export function createEndpointHealth({ db, config, logger }: Pick<ActivityDeps, 'db' | 'config' | 'logger'>) {
  const afterMs = durationMs(config.WEBHOOK_DISABLE_AFTER);

  async function tellOthers(companyId: string, event: EndpointDisabledEvent, disabledId: string): Promise<void> {
    await insertWebhookEvent(db, companyId, event);
    const targets = await otherEnabledEndpoints(db, companyId, disabledId);
    if (targets.length === 0) return;
    // The company's current weight: rare enough (an endpoint disabled) to read its row here.
    const company = await getCompany(db, companyId);
    const fairness = { id: companyId, fairnessWeight: company?.fairnessWeight ?? DEFAULT_FAIRNESS_WEIGHT };
    const { client } = Context.current();
    await Promise.all(
      targets.map((endpointId) =>
        startWebhookDelivery(client, config, fairness, {
          workflowId: workflowIds.webhookDelivery(event.id, endpointId),
          endpointId,
          event,
        }),
      ),
    );
  }

  return {
    /** After a failed attempt at the endpoint: disables it when it has failed for too long. */
    async afterFailedAttempt(companyId: string, endpointId: string, now: Date = new Date()): Promise<void> {
      if (afterMs === 0) return;
      const since = await failingSince(db, endpointId);
      if (!since || now.getTime() - since.getTime() < afterMs) return;
      const reason = `Every delivery attempt failed for ${config.WEBHOOK_DISABLE_AFTER} (since ${since.toISOString()}); re-enable it, then recover what it missed`;
      if (!(await disableFailingEndpoint(db, endpointId, reason))) return;
      logger.info(
        { endpointId, failingSince: since.toISOString() },
        'webhook endpoint disabled after failing too long',
      );
      const event: EndpointDisabledEvent = {
        id: randomUUID(),
        type: WEBHOOK_ENDPOINT_DISABLED_EVENT,
        createdAt: now.toISOString(),
        data: { endpointId, reason, failingSince: since.toISOString(), disabledAt: now.toISOString() },
      };
      await tellOthers(companyId, event, endpointId);
    },
  };
}

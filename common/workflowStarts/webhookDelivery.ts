import type { Client, WorkflowHandle } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Config } from '../config';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from '../webhookDeliveryRun';
import { searchAttributes } from '../temporal';
import { webhookRetryFromConfig } from '../webhookRetryPolicy';
import { companyPriority, type CompanyFairness } from './priority';

// The one client-side start of a webhook delivery workflow: the API's test event and redelivery
// (api/commands/webhookDeliveries.ts), its recovery (api/commands/webhookRecovery.ts), and the worker telling
// a company's other endpoints that one was disabled (activities/webhookEndpointHealth.ts). The workflow
// itself starts its deliveries as children (workflows/webhookNotify.ts), which cannot call this.
//
// One policy source: the worker's. Every delivery started here runs on the schedule of the worker that runs
// it (the workflow asks its worker, `workerPolicy`), whatever this process's WEBHOOK_* settings say.

/** workflows/webhookDelivery.ts's signature (its types live in common/webhookDeliveryRun.ts). */
type WebhookDeliveryWorkflow = (input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>;

type StartConfig = Pick<
  Config,
  | 'TEMPORAL_TASK_QUEUE'
  | 'WEBHOOK_INITIAL_INTERVAL'
  | 'WEBHOOK_MAX_INTERVAL'
  | 'WEBHOOK_MAX_ATTEMPTS'
  | 'WEBHOOK_TIMEOUT'
>;

export interface DeliveryToStart {
  workflowId: string;
  endpointId: string;
  /** The kept event (webhook_events), by id: its body never enters the workflow's history. */
  event: { id: string; type: string };
  /** At most this many attempts of the worker's schedule (a test or a redelivery: 1); absent: all of them. */
  attempts?: number;
  /** Attempts the endpoint already had for this event: numbering continues after them. */
  attemptOffset?: number;
  /** A recovery: a closed run of the same id may be started again (the others never are). */
  rerunClosed?: boolean;
  /** Why it was started, for the Web UI's summary line: `<type> → endpoint <id> (<why>)`. */
  why?: string;
  /** The API's test or redelivery, counted apart from an event's own deliveries (absent: an event's). */
  trigger?: 'test' | 'redeliver';
}

/**
 * Starts the delivery of `delivery.event` to its endpoint for `company`; its handle, or null when a
 * workflow of that id already runs (or ran, unless `rerunClosed`). Normal priority, the company's fairness key.
 */
export async function startWebhookDelivery(
  temporal: Client,
  config: StartConfig,
  company: CompanyFairness,
  delivery: DeliveryToStart,
): Promise<WorkflowHandle<WebhookDeliveryWorkflow> | null> {
  const { event, endpointId, attempts, attemptOffset } = delivery;
  try {
    return await temporal.workflow.start<WebhookDeliveryWorkflow>('webhookDelivery', {
      workflowId: delivery.workflowId,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: delivery.rerunClosed ? 'ALLOW_DUPLICATE' : 'REJECT_DUPLICATE',
      args: [
        {
          companyId: company.id,
          endpointId,
          eventId: event.id,
          eventType: event.type,
          workerPolicy: attempts === undefined ? {} : { attempts },
          // Only for a worker of the previous release during a deploy, which does not know workerPolicy;
          // today's worker ignores it.
          retry: {
            ...webhookRetryFromConfig(config),
            ...(attempts === undefined ? {} : { maximumAttempts: attempts }),
          },
          ...(attemptOffset ? { attemptOffset } : {}),
          ...(delivery.trigger ? { trigger: delivery.trigger } : {}),
        },
      ],
      typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: company.id }],
      staticSummary: `${event.type} → endpoint ${endpointId}${delivery.why ? ` (${delivery.why})` : ''}`,
      priority: companyPriority(company),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return null;
    throw err;
  }
}

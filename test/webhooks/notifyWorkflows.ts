// Test-only workflows: the production webhookDelivery plus a parent that calls notifyWebhooks the
// way the recording workflow does, twice, to prove a repeated notify delivers once per endpoint.
import type { WebhookEvent } from '../../common/webhookEvents';
import { notifyWebhooks } from '../../workflows/webhookNotify';

export { webhookDelivery } from '../../workflows/webhookDelivery';

export async function notifyTwiceForTest(companyId: string, event: WebhookEvent): Promise<string> {
  await notifyWebhooks(companyId, event);
  await notifyWebhooks(companyId, event);
  return 'notified';
}

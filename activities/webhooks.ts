import { nowOn } from '../common/clock';
import { API_VERSION_HEADER } from '../common/apiVersions';
import { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import ms from 'ms';
import { request, type Dispatcher } from 'undici';
import {
  createOutboundAgent,
  findBlockedAddressError,
  parseOutboundUrl,
  UnsupportedUrlError,
} from '../common/outbound';
import { retryAfterMs } from '../common/retryAfter';
import type { DeliverableEvent, WebhookEventType } from '../common/webhookEvents';
import type { WebhookRetry } from '../common/webhookRetry';
import type { DeliveryTrigger, WebhookDeliveryResult } from '../common/webhookDeliveryRun';
import { asPeer } from '../common/tracing/peer';
import { webhookSecretBox } from '../common/webhookSecretBox';
import { webhookSignatureHeaders } from '../common/webhookSignature';
import {
  disableWebhookEndpoint,
  getWebhookEndpointForDelivery,
  listWebhookTargets,
  recordWebhookDelivery,
  type NewWebhookDelivery,
} from '../db/queries/webhooks';
import { getWebhookEventBody, rememberWebhookEvent } from '../db/queries/webhookEvents';
import type { ActivityDeps } from './deps';
import { createEndpointHealth } from './webhookEndpointHealth';
import { webhookRetryFromConfig } from '../common/webhookRetryPolicy';

export interface DeliverWebhookInput {
  companyId: string;
  endpointId: string;
  /** The kept event (webhook_events) to send, by id: the body is read from its row (claim check). */
  eventId?: string;
  /** Only from deliveries started before events were kept when created: kept now, then sent from the row alike. */
  event?: DeliverableEvent;
  /** See WebhookDeliveryInput.attemptOffset. */
  attemptOffset?: number;
  /** See WebhookDeliveryInput.trigger; absent: `event`. */
  trigger?: DeliveryTrigger;
}

export type { DeliveryTrigger, WebhookDeliveryResult };

/** The first attempt's answer (firstWebhookAttempt): a failure is an answer too, for the run to act on. */
export type FirstWebhookAttemptResult =
  | WebhookDeliveryResult
  /** Not delivered: `permanent` when no later attempt can succeed; `retryAfterMs` when the receiver asked for a wait. */
  | { outcome: 'failed'; permanent: boolean; retryAfterMs?: number };

const USER_AGENT = 'SalesPracticeService-Webhooks/1';
const MAX_ERROR_LENGTH = 1000;

export function createWebhookActivities({ db, config, logger, metrics, clock }: ActivityDeps) {
  const retryPolicy = webhookRetryFromConfig(config);
  const health = createEndpointHealth({ db, config, logger });
  const timeoutMs = retryPolicy.attemptTimeoutMs;
  // Retry-After never stretches a wait beyond the schedule's longest interval.
  const maxRetryAfterMs = retryPolicy.maxIntervalMs;
  let agent: Dispatcher | undefined;
  const outbound = (): Dispatcher =>
    (agent ??= createOutboundAgent({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE, connectTimeoutMs: timeoutMs }));

  /**
   * One delivery attempt: POST the event, record the attempt, and tell Temporal whether to retry.
   * The attempt number is Temporal's, so the record of an attempt is written once however often
   * the activity's own bookkeeping is retried.
   */
  async function attemptDelivery({
    companyId,
    endpointId,
    event: passed,
    eventId,
    attemptOffset,
  }: DeliverWebhookInput): Promise<WebhookDeliveryResult> {
    const attempt = Context.current().info.attempt + (attemptOffset ?? 0);
    const endpoint = await getWebhookEndpointForDelivery(db, endpointId, webhookSecretBox(config));
    if (!endpoint || endpoint.companyId !== companyId) return { outcome: 'skipped', reason: 'endpoint deleted' };
    if (!endpoint.enabled) return { outcome: 'skipped', reason: 'endpoint disabled' };
    // An event passed whole (a delivery from before events were kept when created) is kept now, so it
    // can be redelivered as it was; either way what is sent is the row, byte for byte on every attempt.
    if (passed) await rememberWebhookEvent(db, companyId, passed);
    const id = passed?.id ?? eventId;
    const stored = id === undefined ? undefined : await getWebhookEventBody(db, companyId, id);
    // Gone: the person it is about was erased (the erasure forgot it), so it is not sent any more.
    if (!stored || id === undefined) return { outcome: 'skipped', reason: 'event erased' };
    const event = { id, type: stored.type };

    const body = stored.body;
    const started = Date.now();
    const record = (d: Pick<NewWebhookDelivery, 'outcome' | 'statusCode' | 'error'>): Promise<void> =>
      recordWebhookDelivery(db, {
        endpointId,
        eventId: event.id,
        eventType: event.type,
        attempt,
        durationMs: Date.now() - started,
        ...d,
        error: d.error === null ? null : d.error.slice(0, MAX_ERROR_LENGTH),
      });

    let statusCode: number;
    let location: string | undefined;
    let retryAfter: number | undefined;
    try {
      const url = parseOutboundUrl(endpoint.url);
      const timestamp = Math.floor(nowOn({ clock }).getTime() / 1000);
      const res = await asPeer('webhook-receiver', () =>
        request(url, {
          method: 'POST',
          dispatcher: outbound(),
          headers: {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            // The endpoint's pinned API version. Every version renders events alike so far (none carries a field
            // that changed between versions, docs/changelog.md), so the kept bytes are what each version sends.
            [API_VERSION_HEADER.toLowerCase()]: endpoint.apiVersion,
            // During a rotation's overlap both secrets sign (the new one first).
            ...webhookSignatureHeaders(
              body,
              endpoint.previousSecret === null ? [endpoint.secret] : [endpoint.secret, endpoint.previousSecret],
              event.id,
              timestamp,
            ),
          },
          body,
          // undici's request never follows redirects; a 3xx comes back as a failure below.
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), Context.current().cancellationSignal]),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        }),
      );
      statusCode = res.statusCode;
      location = typeof res.headers.location === 'string' ? res.headers.location : undefined;
      retryAfter = retryAfterMs(res.headers['retry-after']);
      // The receiver's answer body is of no use; read it away so the connection can be reused.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    } catch (err) {
      const blocked = findBlockedAddressError(err);
      if (blocked) {
        await record({ outcome: 'failed', statusCode: null, error: blocked.message });
        throw ApplicationFailure.nonRetryable(blocked.message, 'WebhookAddressBlocked');
      }
      if (err instanceof UnsupportedUrlError) {
        await record({ outcome: 'failed', statusCode: null, error: err.message });
        throw ApplicationFailure.nonRetryable(err.message, 'WebhookUrlUnsupported');
      }
      const message = describeNetworkError(err, timeoutMs);
      await record({ outcome: 'failed', statusCode: null, error: message });
      throw ApplicationFailure.retryable(message, 'WebhookDeliveryFailed');
    }

    if (statusCode >= 200 && statusCode < 300) {
      await record({ outcome: 'delivered', statusCode, error: null });
      return { outcome: 'delivered', statusCode, attempt };
    }
    if (statusCode === 410) {
      const reason = 'The receiver answered 410 Gone';
      await record({ outcome: 'failed', statusCode, error: `${reason}; the endpoint was disabled` });
      await disableWebhookEndpoint(db, endpointId, reason);
      logger.info({ endpointId, eventId: event.id }, 'webhook endpoint disabled after 410 Gone');
      return { outcome: 'endpoint_disabled', statusCode: 410, attempt };
    }
    const message =
      statusCode >= 300 && statusCode < 400
        ? `The receiver answered ${statusCode} (redirect${location ? ` to ${location}` : ''}); redirects are not followed`
        : `The receiver answered ${statusCode}`;
    await record({ outcome: 'failed', statusCode, error: message });
    throw ApplicationFailure.create({
      message,
      type: 'WebhookDeliveryFailed',
      // Retry-After replaces the backoff for the next attempt only, never beyond the longest interval.
      nextRetryDelay: retryAfter === undefined ? undefined : Math.min(retryAfter, maxRetryAfterMs),
    });
  }

  /**
   * One delivery attempt (attemptDelivery), counted by outcome. A refusal on the schedule's last attempt
   * is `exhausted`: the delivery gave up, which is what an operator is alerted on. A failed attempt may
   * disable the endpoint (webhookEndpointHealth.ts).
   */
  async function countedAttempt(input: DeliverWebhookInput, lastAttempt: boolean): Promise<WebhookDeliveryResult> {
    const trigger = input.trigger ?? 'event';
    try {
      const result = await attemptDelivery(input);
      metrics?.webhookDeliveries.inc({ outcome: result.outcome, trigger });
      return result;
    } catch (err) {
      if (!(err instanceof CancelledFailure)) {
        const permanent = err instanceof ApplicationFailure && err.nonRetryable;
        const outcome = permanent ? 'failed_permanently' : lastAttempt ? 'exhausted' : 'failed_will_retry';
        metrics?.webhookDeliveries.inc({ outcome, trigger });
      }
      // A refused attempt (recorded as failed): has the endpoint failed for too long? Never masks the failure.
      if (err instanceof ApplicationFailure) {
        await health.afterFailedAttempt(input.companyId, input.endpointId).catch((checkErr: unknown) => {
          logger.warn(
            { err: checkErr, endpointId: input.endpointId },
            'could not check whether the endpoint fails too long',
          );
        });
      }
      throw err;
    }
  }

  /** An attempt of a delivery workflow: the last one when Temporal's attempt reaches the activity's maximum. */
  async function deliverWebhook(input: DeliverWebhookInput): Promise<WebhookDeliveryResult> {
    const { attempt, retryPolicy } = Context.current().info;
    const maximum = retryPolicy?.maximumAttempts ?? 0;
    return countedAttempt(input, maximum > 0 && attempt >= maximum);
  }

  return {
    /** The delivery schedule workflows give each webhookDelivery (they cannot read configuration). */
    async webhookRetryPolicy(): Promise<WebhookRetry> {
      return retryPolicy;
    },

    /** Enabled endpoints of the company subscribed to the event type. */
    async listWebhookTargets(companyId: string, eventType: WebhookEventType): Promise<string[]> {
      return listWebhookTargets(db, companyId, eventType);
    },

    deliverWebhook,

    /**
     * A delivery's first attempt, made by the run that produced the event (patch `folded-steps`): the
     * receiver's refusal comes back as an answer, with its Retry-After, so that run can hand the rest of
     * the schedule to a delivery workflow (a failure's retry delay does not reach workflow code).
     */
    async firstWebhookAttempt(input: DeliverWebhookInput): Promise<FirstWebhookAttemptResult> {
      try {
        // With WEBHOOK_MAX_ATTEMPTS=1 the run starts no delivery workflow after it (workflows/webhookNotify.ts).
        return await countedAttempt(input, retryPolicy.maximumAttempts === 1);
      } catch (err) {
        if (!(err instanceof ApplicationFailure)) throw err;
        return {
          outcome: 'failed',
          permanent: err.nonRetryable === true,
          ...(err.nextRetryDelay == null ? {} : { retryAfterMs: durationToMs(err.nextRetryDelay) }),
        };
      }
    },
  };
}

/** A failure's retry delay as milliseconds (deliverWebhook sets a number; Temporal's Duration also allows '5s'). */
function durationToMs(delay: number | string): number {
  return typeof delay === 'number' ? delay : ms(delay as ms.StringValue);
}

function describeNetworkError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError' || /timeout/i.test(err.name))) {
    return `No answer within ${timeoutMs} ms`;
  }
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
}

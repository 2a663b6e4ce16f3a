import type { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { recordingIdOf } from './temporalLogger';
import type { WorkerMetrics } from './metrics';

// Wraps every activity execution: duration and outcome metrics, failure counts by type, webhook
// delivery outcomes (read off deliverWebhook's result or failure, so the activity itself stays plain),
// and `recordingId` on the activity's `Context.current().log` lines.

const WEBHOOK_ACTIVITY = 'deliverWebhook';

function failureType(err: unknown): string {
  if (err instanceof ApplicationFailure) return err.type ?? 'ApplicationFailure';
  if (err instanceof CancelledFailure) return 'Cancelled';
  return err instanceof Error ? err.name : 'unknown';
}

function webhookOutcome(result: unknown): string {
  const outcome = (result as { outcome?: unknown } | null)?.outcome;
  return typeof outcome === 'string' ? outcome : 'unknown';
}

export function activityInterceptors(metrics: WorkerMetrics): ActivityInterceptorsFactory {
  return (ctx: Context) => {
    const activity = ctx.info.activityType;
    const recordingId = recordingIdOf(ctx.info.workflowExecution?.workflowId);
    return {
      inbound: {
        async execute(input, next) {
          const stop = metrics.activityDuration.startTimer({ activity });
          try {
            const result = await next(input);
            stop({ outcome: 'completed' });
            if (activity === WEBHOOK_ACTIVITY) metrics.webhookDeliveries.inc({ outcome: webhookOutcome(result) });
            return result;
          } catch (err) {
            const cancelled = err instanceof CancelledFailure;
            stop({ outcome: cancelled ? 'cancelled' : 'failed' });
            metrics.activityFailures.inc({ activity, failure: failureType(err) });
            if (activity === WEBHOOK_ACTIVITY && !cancelled) {
              const permanent = err instanceof ApplicationFailure && err.nonRetryable;
              metrics.webhookDeliveries.inc({ outcome: permanent ? 'failed_permanently' : 'failed_will_retry' });
            }
            throw err;
          }
        },
      },
      outbound: {
        getLogAttributes: (input, next) => next(recordingId ? { ...input, recordingId } : input),
      },
    };
  };
}

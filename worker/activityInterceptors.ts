import type { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { recordingIdOf } from './temporalLogger';
import type { WorkerMetrics } from './metrics';

// Wraps every activity execution: duration and outcome metrics, failure counts by type, and
// `recordingId` on the activity's `Context.current().log` lines. What is particular to one activity
// (webhook delivery outcomes) the activity counts itself, through ActivityDeps.metrics.

function failureType(err: unknown): string {
  if (err instanceof ApplicationFailure) return err.type ?? 'ApplicationFailure';
  if (err instanceof CancelledFailure) return 'Cancelled';
  return err instanceof Error ? err.name : 'unknown';
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
            return result;
          } catch (err) {
            stop({ outcome: err instanceof CancelledFailure ? 'cancelled' : 'failed' });
            metrics.activityFailures.inc({ activity, failure: failureType(err) });
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

import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { nowOn } from '../common/clock';
import { FINISHED_STATUSES } from '../common/recordingStatus';
import { workflowIds } from '../common/temporal';
import { startWebhookDelivery } from '../common/workflowStarts/webhookDelivery';
import { DEFAULT_FAIRNESS_WEIGHT } from '../common/workflowStarts/priority';
import { getCompany } from '../db/queries/companies';
import { forgetWaitersOf } from '../db/queries/companyPlaceQueue';
import { failExport, getExportById } from '../db/queries/companyExports';
import { failRecordingOnce } from '../db/queries/recordingEnds';
import { getRecordingById } from '../db/queries/recordings';
import { listWebhookTargets } from '../db/queries/webhooks';
import type { ActivityDeps } from './deps';
import { countRecordingEnd } from './recordingEndMetrics';
import { createRecordingEventActivities } from './recordingEvents';

// Issue 50 §2: a run that closed without writing its outcome (terminated by an operator or by Temporal's
// history limit, timed out, failed in a way its own handling did not catch) runs none of its failure handling,
// so its row would say `transcribing` (or an export `running`, blocking the company with 409 export_running)
// for good. The `retention-sweep` schedule asks Temporal's visibility for the runs of those kinds that closed
// so within the last CLOSED_RUN_LOOKBACK and ends each row that is still not final, when no newer run of the
// same id is running: a recording `failed` with the reason and its `recording.processing.failed` event, an
// export `failed`. Rows already final (the run's own handling wrote them) are left as they are.

/** How far back the sweep looks for closed runs: it runs every few minutes, so a day leaves room for outages. */
const CLOSED_RUN_LOOKBACK_MS = 24 * 3_600_000;
const CLOSED = `ExecutionStatus IN ('Terminated', 'TimedOut', 'Failed', 'Canceled')`;

export interface ClosedRunsResult {
  recordings: number;
  exports: number;
}

/** Whether the newest run of the id is closed too (a retried recording or a new export may run under it). */
async function latestClosed(client: Client, workflowId: string): Promise<string | null> {
  const described = await client.workflow.getHandle(workflowId).describe();
  return described.status.name === 'RUNNING' ? null : described.status.name;
}

export function createClosedRunActivities(deps: ActivityDeps) {
  const { db, config, logger, metrics } = deps;
  const events = createRecordingEventActivities(deps);

  async function tellFailed(companyId: string, recordingId: string, reason: string): Promise<void> {
    const event = { id: randomUUID(), type: 'recording.processing.failed' as const };
    const kept = await events.keepRecordingEvent({
      companyId,
      recordingId,
      eventId: event.id,
      type: event.type,
      createdAt: nowOn(deps).toISOString(),
      reason,
    });
    if (!kept) return;
    const targets = await listWebhookTargets(db, companyId, event.type);
    if (targets.length === 0) return;
    const company = await getCompany(db, companyId);
    const fairness = { id: companyId, fairnessWeight: company?.fairnessWeight ?? DEFAULT_FAIRNESS_WEIGHT };
    const { client } = Context.current();
    for (const endpointId of targets)
      await startWebhookDelivery(client, config, fairness, {
        workflowId: workflowIds.webhookDelivery(event.id, endpointId),
        endpointId,
        event,
      });
  }

  return {
    /** One pass over the recordings' and exports' runs closed within the lookback; heartbeats per run. */
    async endRunsClosedWithoutOutcome(): Promise<ClosedRunsResult> {
      const { client } = Context.current();
      const since = new Date(nowOn(deps).getTime() - CLOSED_RUN_LOOKBACK_MS).toISOString();
      const ended: ClosedRunsResult = { recordings: 0, exports: 0 };
      const seen = new Set<string>();
      const closed = (type: string) =>
        client.workflow.list({ query: `WorkflowType = '${type}' AND ${CLOSED} AND CloseTime > '${since}'` });

      for await (const run of closed('recordingIntake')) {
        Context.current().heartbeat();
        if (seen.has(run.workflowId) || !run.workflowId.startsWith('recording-')) continue;
        seen.add(run.workflowId);
        const recording = await getRecordingById(db, run.workflowId.slice('recording-'.length));
        if (!recording || (FINISHED_STATUSES as readonly string[]).includes(recording.status)) continue;
        const status = await latestClosed(client, run.workflowId);
        if (!status) continue;
        const reason = `Processing stopped: its workflow run ended ${status.toLowerCase().replace('_', ' ')} without an outcome`;
        await forgetWaitersOf(db, run.workflowId);
        const end = await failRecordingOnce(db, recording.id, reason);
        if (!end) continue;
        countRecordingEnd(metrics, end, { status: 'failed', failureType: 'RunClosed' });
        await tellFailed(recording.companyId, recording.id, reason);
        ended.recordings += 1;
        logger.warn({ recordingId: recording.id, status }, 'recording failed: its run closed without an outcome');
      }

      for await (const run of closed('companyExport')) {
        Context.current().heartbeat();
        const prefix = workflowIds.companyExport('');
        if (seen.has(run.workflowId) || !run.workflowId.startsWith(prefix)) continue;
        seen.add(run.workflowId);
        const row = await getExportById(db, run.workflowId.slice(prefix.length));
        if (row?.status !== 'running') continue;
        const status = await latestClosed(client, run.workflowId);
        if (!status) continue;
        const reason = `The export stopped: its workflow run ended ${status.toLowerCase().replace('_', ' ')}`;
        if (await failExport(db, row.id, reason, nowOn(deps))) ended.exports += 1;
        logger.warn({ exportId: row.id, status }, 'export failed: its run closed without an outcome');
      }
      return ended;
    },
  };
}

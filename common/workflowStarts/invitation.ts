import type { Client } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { invitation as invitationWorkflow } from '../../workflows/invitation';
import { resendSignal, type InvitationWorkflowInput, type ResendSignal } from '../../workflows/invitationSignals';
import type { Config } from '../config';
import { searchAttributes } from '../temporal';
import { companyPriority, type CompanyFairness } from './priority';

// The one start of an invitation's workflow: signal-with-start on its workflow id, so a resend reaches the
// running workflow, or starts it again when none runs (api/commands/invitationWorkflow.ts decides the id).

type StartConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

/**
 * Sends `signal` (this send count) to invitation workflow `workflowId`, starting it with `input` when it does
 * not run. Only a run this call starts takes the priority, the search attribute and the summary.
 */
export async function signalWithStartInvitation(
  temporal: Client,
  config: StartConfig,
  company: CompanyFairness,
  invitation: { workflowId: string; input: InvitationWorkflowInput; signal: ResendSignal },
): Promise<void> {
  const { input } = invitation;
  await temporal.workflow.signalWithStart<typeof invitationWorkflow, [ResendSignal]>('invitation', {
    workflowId: invitation.workflowId,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [input],
    signal: resendSignal,
    signalArgs: [invitation.signal],
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: company.id }],
    // Ids only: the Web UI lists it for the namespace's retention.
    staticSummary: `Invitation ${input.invitationId} · company ${company.id}`,
    priority: companyPriority(company),
  });
}

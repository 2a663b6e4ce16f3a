import type { ActivityOptions } from '@temporalio/workflow';
import ms from 'ms';
import {
  companyExportActivityProfiles,
  companyOffboardingActivityProfiles,
  connectivityCheckProfile,
  invitationActivityProfiles,
  recordingActivityProfiles,
  retentionActivityProfiles,
  sweepActivityProfile,
  userErasureActivityProfiles,
  webhookNotifyProfile,
} from '../workflows/activityProfiles';

// Prints docs/operations.md's table of how long each step of the workflows retries (Markdown), from the
// profiles in workflows/activityProfiles.ts, so the figures cannot drift from the code:
// `npx tsx scripts/retry-table.ts` (test/foundation/retryTable.test.ts keeps the page current). Temporal's
// defaults fill what a profile leaves out (initial interval 1 s, coefficient 2, maximum interval 100 × the initial).

const GROUPS: Array<[string, string, ActivityOptions]> = [
  ...Object.entries(recordingActivityProfiles).map(([k, v]): [string, string, ActivityOptions] => [
    'recordingIntake',
    k,
    v,
  ]),
  ...Object.entries(invitationActivityProfiles).map(([k, v]): [string, string, ActivityOptions] => [
    'invitation',
    k,
    v,
  ]),
  ...Object.entries(userErasureActivityProfiles).map(([k, v]): [string, string, ActivityOptions] => [
    'userErasure',
    k,
    v,
  ]),
  ...Object.entries(retentionActivityProfiles).map(([k, v]): [string, string, ActivityOptions] => [
    'recordingRetention',
    k,
    v,
  ]),
  ['retentionSweep', 'sweep', sweepActivityProfile],
  ...Object.entries(companyExportActivityProfiles).map(([k, v]): [string, string, ActivityOptions] => [
    'companyExport',
    k,
    v,
  ]),
  ...Object.entries(companyOffboardingActivityProfiles).map(([k, v]): [string, string, ActivityOptions] => [
    'companyOffboarding',
    k,
    v,
  ]),
  ['connectivityCheck', 'probe', connectivityCheckProfile],
  ['recordingIntake, userErasure, companyExport', 'webhook targets and policy', webhookNotifyProfile],
];

const toMs = (d: string | number | undefined): number | undefined =>
  d === undefined ? undefined : typeof d === 'number' ? d : ms(d as ms.StringValue);

function human(msValue: number): string {
  if (msValue < 60_000) return `${Math.round(msValue / 1000)} s`;
  if (msValue < 3_600_000) return `${(msValue / 60_000).toFixed(1)} min`;
  return `${(msValue / 3_600_000).toFixed(1)} h`;
}

/** The waits between attempts, in all, of a policy with `maximumAttempts` attempts. */
export function retryWaitsMs(options: ActivityOptions): number | undefined {
  const retry = options.retry ?? {};
  const attempts = retry.maximumAttempts ?? 0;
  if (attempts <= 0) return undefined;
  const initial = toMs(retry.initialInterval) ?? 1000;
  const coefficient = retry.backoffCoefficient ?? 2;
  const max = toMs(retry.maximumInterval) ?? initial * 100;
  let total = 0;
  for (let i = 0; i < attempts - 1; i += 1) total += Math.min(initial * coefficient ** i, max);
  return total;
}

export function retryTable(): string {
  const rows = GROUPS.map(([workflow, group, options]) => {
    const retry = options.retry ?? {};
    const waits = retryWaitsMs(options);
    const initial = toMs(retry.initialInterval) ?? 1000;
    const max = toMs(retry.maximumInterval) ?? initial * 100;
    return [
      workflow,
      group,
      human(toMs(options.startToCloseTimeout) ?? 0),
      options.heartbeatTimeout === undefined ? '—' : human(toMs(options.heartbeatTimeout) ?? 0),
      retry.maximumAttempts ? String(retry.maximumAttempts) : 'no limit',
      `${human(initial)} × ${retry.backoffCoefficient ?? 2}, at most ${human(max)}`,
      waits === undefined ? 'until it succeeds (an outage pauses the run)' : `~${human(waits)}`,
    ];
  });
  return (
    [
      '| Workflow | Steps | Time per attempt | Heartbeat | Attempts | Waits between attempts | Retried for (waits in all) |',
      '|---|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n') + '\n'
  );
}

if (require.main === module) process.stdout.write(retryTable());

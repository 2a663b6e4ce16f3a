import type { ActivityDeps } from './deps';
import { activityRegistry } from './registry';
import { createMediaActivities } from './media/mediaActivities';
import { createSilenceActivities } from './media/silenceActivities';
import { createAnalyzeActivities } from './analyze';
import { createCompanyExportActivities } from './companyExport';
import { createPersistRecordingResultActivities } from './persistRecordingResult';
import { createRecordingEventActivities } from './recordingEvents';
import { createRecordingRetentionActivities } from './recordingRetention';
import { createSweepActivities } from './sweeps';
import { createCompanyPlaceActivities } from './companyPlaceQueue';
import { createClosedRunActivities } from './closedRuns';
import { createRecordingStatusActivities } from './recordingStatus';
import { createResolveRecordingUserActivities } from './resolveRecordingUser';
import { createStoreRecordingActivities } from './storeRecording';
import { createDiagnosticsActivities } from './diagnostics';
import { createInvitationEmailActivities } from './invitationEmail';
import { createInvitationExpiryActivities } from './invitationExpiry';
import { createUserErasureActivities } from './userErasure';
import { createCompanyOffboardingActivities } from './companyOffboarding';
import { createWebhookActivities } from './webhooks';

/** Every activity the worker registers, built from injected dependencies; no two of the same name. */
export function createActivities(deps: ActivityDeps) {
  return activityRegistry(
    createRecordingStatusActivities(deps),
    createResolveRecordingUserActivities(deps),
    createStoreRecordingActivities(deps),
    createAnalyzeActivities(deps),
    createPersistRecordingResultActivities(deps),
    createDiagnosticsActivities(deps),
    createInvitationEmailActivities(deps),
    createInvitationExpiryActivities(deps),
    createRecordingEventActivities(deps),
    createWebhookActivities(deps),
    createMediaActivities(deps),
    createSilenceActivities(deps),
    createUserErasureActivities(deps),
    createRecordingRetentionActivities(deps),
    createCompanyOffboardingActivities(deps),
    createSweepActivities(deps),
    createCompanyExportActivities(deps),
    createCompanyPlaceActivities(deps),
    createClosedRunActivities(deps),
  );
}

export type Activities = ReturnType<typeof createActivities>;

// Every workflow the worker registers. Workflow code is deterministic orchestration only.
export { companyOffboarding } from './companyOffboarding';
export { connectivityCheck } from './connectivityCheck';
export { invitation } from './invitation';
export { recordingIntake } from './recordingIntake';
export { recordingRetention } from './recordingRetention';
export { retentionSweep } from './retentionSweep';
export { userErasure } from './userErasure';
export { webhookDelivery } from './webhookDelivery';
export { companyExport } from './companyExport';

import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { connectivityCheckProfile } from './activityProfiles';

const { probeDatabase } = proxyActivities<Activities>(connectivityCheckProfile);

export interface ConnectivityReport {
  serverVersion: string;
  companies: number;
}

/** Round trip API → Temporal → worker → MySQL; operators run it to check a deployment's wiring. */
export async function connectivityCheck(): Promise<ConnectivityReport> {
  return probeDatabase();
}

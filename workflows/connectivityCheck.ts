import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { connectivityCheckProfile } from './activityProfiles';

const { probeDatabase } = proxyActivities<Activities>(connectivityCheckProfile);

export interface ConnectivityReport {
  serverVersion: string;
  companies: number;
}

/**
 * Round trip Temporal → worker → MySQL. No process of the service starts it: a test does, and an operator can
 * with the Temporal CLI (docs/operations.md, "Checking a deployment's wiring").
 */
export async function connectivityCheck(): Promise<ConnectivityReport> {
  return probeDatabase();
}

import type { Priority } from '@temporalio/common';
import { priorityKeys } from '../temporal';

// What a company's settings mean to Temporal's task queue priority and fairness (docs/operations.md,
// "Fairness"): every start of this folder passes its company through `companyPriority`, so one company's
// backlog never holds up another's (the fairness key is the company id, dispatch is shared by weight) and
// bulk work waits behind every company's normal work. The server hands the priority down to the run's
// activities, its child workflows and across continue-as-new.

/** The dynamic config setting that turns fairness on (server 1.29; it implies the new matcher). */
export const FAIRNESS_SETTING = 'matching.enableFairness';

/** How soon a recording is wanted: `bulk` waits until no normal task of any company waits. */
export const RECORDING_PRIORITIES = ['normal', 'bulk'] as const;
export type RecordingPriority = (typeof RECORDING_PRIORITIES)[number];

/** The company settings a start needs: the company's id (the fairness key) and its fairness weight. */
export interface CompanyFairness {
  id: string;
  /** companies.fairness_weight (`admin company:set --fairness-weight`), 0.001–1000, 1 by default. */
  fairnessWeight: number;
}

/** Temporal's range for a fairness weight (it clamps to it; the CLI refuses values outside it). */
export const FAIRNESS_WEIGHT_RANGE = { min: 0.001, max: 1000 } as const;

/** The weight a company has until an operator sets one. */
export const DEFAULT_FAIRNESS_WEIGHT = 1;

/** A start's priority for work of `company`: its id as fairness key, its weight, normal or bulk. */
export function companyPriority(company: CompanyFairness, priority: RecordingPriority = 'normal'): Priority {
  return {
    priorityKey: priorityKeys[priority],
    fairnessKey: company.id,
    fairnessWeight: company.fairnessWeight,
  };
}

/**
 * Work that belongs to no company (the retention schedule's runs): a fairness key of its own, so it takes
 * one share beside the companies rather than queueing behind whichever company has the largest backlog.
 */
export function maintenancePriority(name: string): Priority {
  return {
    priorityKey: priorityKeys.normal,
    fairnessKey: `maintenance:${name}`,
    fairnessWeight: DEFAULT_FAIRNESS_WEIGHT,
  };
}

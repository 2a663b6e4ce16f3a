import { expect } from 'chai';
import { testEnv } from './env';
import { handOffGaps, quantile } from './placeHandOff';

// What the backlog tests (dev server and cluster) assert of a company's places once its backlog has run
// (placeHandOff.ts measures; the bench reads the same measures without asserting).

/** Never more than `places` holders at once, and each release's place taken by the next holder soon after. */
export function expectPlacesHandedOn(held: Array<[number, number]>, places: number): void {
  const gaps = handOffGaps(held, places);
  expect(gaps[0], `more than ${places} attempts held a place at once`).to.be.at.least(-50);
  expect(quantile(gaps, 0.9), `gaps between a release and the next holder (ms): ${gaps.join(', ')}`).to.be.below(1_500);
}

/** Nobody of the company is left queued for a place. */
export async function expectNoWaiters(companyId: string): Promise<void> {
  const [{ n }] = (await testEnv().db('company_activity_waiters').where({ company_id: companyId }).count({
    n: '*',
  })) as Array<{ n: number | string }>;
  expect(Number(n)).to.equal(0);
}

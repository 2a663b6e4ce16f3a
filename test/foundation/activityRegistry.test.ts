import { expect } from 'chai';
import { testActivities } from '../support/worker';
import { activityRegistry } from '../../activities/registry';
import { testConfig } from '../support/env';

// Workflows call activities by name: two groups defining the same name must stop the worker at start,
// not let one silently replace the other.

describe('the activity registry', () => {
  it('refuses two activities of the same name, naming it', () => {
    const first = {
      async sendInvitationEmail(): Promise<string> {
        return 'first';
      },
    };
    const second = {
      async sendInvitationEmail(): Promise<string> {
        return 'second';
      },
    };
    expect(() => activityRegistry(first, { async other(): Promise<void> {} }, second)).to.throw(
      /two activities are named "sendInvitationEmail"/,
    );
  });

  it("builds the worker's activities, each group's names its own", () => {
    const config = testConfig();
    const activities = testActivities(config);
    expect(Object.keys(activities)).to.include.members([
      'markRecordingFailed',
      'deliverWebhook',
      'webhookRetryPolicy',
      'sendInvitationEmail',
    ]);
    for (const activity of Object.values(activities)) expect(activity).to.be.a('function');
  });
});

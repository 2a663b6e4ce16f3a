import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { addCosts, historyCost } from '../../bench/temporalActions';
import { parseActionCounter } from '../../bench/temporalMetrics';
import { historyFromJson } from '../support/histories';

// The counting rules of bench/temporalActions.ts on committed histories. Every expected figure was counted by
// hand from the file (event ids in the comments), not by running the module.

const history = (file: string) => historyFromJson(readFileSync(path.join(__dirname, '..', 'histories', file), 'utf8'));

describe('Temporal actions counted from a history', () => {
  it('a recording with a webhook child: upserts but not TemporalChangeVersion, local activities per task', () => {
    const cost = historyCost(history('recordingIntake/folded-webhook-retry.json'));
    expect(cost.events).to.equal(53);
    // WorkflowTaskCompleted: events 4, 17, 23, 31, 47, 52.
    expect(cost.workflowTasks).to.equal(6);
    expect(cost.actions).to.deep.equal({
      workflowStarted: 1, // event 1
      timerStarted: 0,
      // 8 (UserId), 9, 25, 34 (RecordingStatus); 6, 11, 36, 41 set only TemporalChangeVersion.
      searchAttributesUpserted: 4,
      signalSent: 0,
      childWorkflowStarted: 2, // event 48: the child's start and its execution
      activityAttempts: 4, // 13, 19, 27, 43, each attempt 1
      // Markers 7 (task of 4), 24 (task of 23), 32, 33, 37, 38, 39 (task of 31): three tasks.
      localActivityTasks: 3,
      total: 14,
    });
    expect(cost.children).to.have.length(1);
    expect(cost.children[0]).to.match(/^webhook-/);
    // Every payload's data and metadata (keys and values) in the file, summed apart from this module.
    expect(cost.payloadBytes).to.equal(5587);
  });

  it('an activity retried after a killed worker is billed once per attempt', () => {
    const cost = historyCost(history('recordingIntake/worker-killed.json'));
    expect(cost.workflowTasks).to.equal(6); // 4, 15, 24, 30, 38, 54
    expect(cost.actions.activityAttempts).to.equal(6); // 11, 20, 34, 50 at attempt 1; 26 at attempt 2
    expect(cost.actions.searchAttributesUpserted).to.equal(5); // 8, 9, 16, 32, 41
    expect(cost.actions.localActivityTasks).to.equal(3); // tasks of 4 (7), 30 (31), 38 (39, 40, 44–46)
    expect(cost.actions.total).to.equal(15);
    expect(cost.payloadBytes).to.equal(5367);
  });

  it("client signals and timers; a patch's upsert is free", () => {
    const cost = historyCost(history('invitation/email-rejected-resent-revoked.json'));
    expect(cost.workflowTasks).to.equal(5);
    expect(cost.actions).to.deep.equal({
      workflowStarted: 1,
      timerStarted: 2, // 14, 26
      searchAttributesUpserted: 0, // 7 sets only TemporalChangeVersion
      signalSent: 3, // 2, 15, 27: from a client
      childWorkflowStarted: 0,
      activityAttempts: 2, // 9, 21
      localActivityTasks: 0,
      total: 8,
    });
  });

  it("a child's own start is billed in its parent, its activity's four attempts in itself", () => {
    const file = 'webhookDelivery/retried-until-delivered.json';
    const asChild = historyCost(history(file), { child: true });
    expect(asChild.actions.workflowStarted).to.equal(0);
    expect(asChild.actions.activityAttempts).to.equal(4); // event 8, attempt 4
    expect(asChild.actions.total).to.equal(4);
    expect(historyCost(history(file)).actions.total).to.equal(5);
    const parent = historyCost(history('recordingIntake/folded-webhook-retry.json'));
    const both = addCosts(parent, asChild);
    expect(both.actions.total).to.equal(18);
    expect(both.workflowTasks).to.equal(8);
    expect(both.events).to.equal(53 + 13);
  });
});

describe("the Temporal server's action counter", () => {
  it('sums one namespace by action type, whatever other labels and series the page has', () => {
    const page = [
      '# HELP action action',
      '# TYPE action counter',
      'action{action_type="grpc_StartWorkflowExecution",namespace="temporal_system",operation="StartWorkflowExecution",service_name="frontend"} 2',
      'action{action_type="grpc_StartWorkflowExecution",namespace="default",operation="StartWorkflowExecution",service_name="frontend"} 3',
      'action{action_type="command_ScheduleActivityTask",namespace="default",operation="RespondWorkflowTaskCompleted",service_name="frontend"} 7',
      'action{action_type="command_ScheduleActivityTask",namespace="default",operation="Other",service_name="history"} 1',
      'actions_other{namespace="default"} 100',
      'action_total{namespace="default"} 100',
    ].join('\n');
    expect(parseActionCounter(page, 'default')).to.deep.equal({
      grpc_StartWorkflowExecution: 3,
      command_ScheduleActivityTask: 8,
    });
    expect(parseActionCounter(page, 'nowhere')).to.deep.equal({});
  });
});

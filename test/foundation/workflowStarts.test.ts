import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

// Every workflow the service starts goes through common/workflowStarts/ (docs/architecture.md): there each
// start gets its company's priority and fairness key. A start written anywhere else would queue without them.

const ROOT = path.resolve(__dirname, '../..');
const SERVICE = ['api', 'activities', 'cli', 'common', 'db', 'worker', 'workflows', 'scripts'];
/** Starting calls of the client (workflow, signal-with-start, schedule) and of workflow code (children). */
const START =
  /\.workflow\.(start|signalWithStart|execute)\s*[<(]|\.schedule\.create\s*[<(]|\b(startChild|executeChild)\s*[<(]/;
/** The files allowed to start: the start functions, and the places that take their part from them. */
const ALLOWED = new Set([
  // The schedule is kept by the worker; its action comes from common/workflowStarts/retentionSweep.ts.
  'worker/sweepSchedule.ts',
  // Deliveries as children of the run that wrote the event: the priority is set there, explicitly.
  'workflows/webhookNotify.ts',
  // The sweep's recordings cleanup as a child: it inherits the schedule's maintenance priority.
  'workflows/retentionSweep.ts',
]);

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

describe('workflow starts', () => {
  it('are made only in common/workflowStarts/ (and the places that take their part from it)', () => {
    const outside = SERVICE.flatMap((dir) => tsFiles(path.join(ROOT, dir)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => !file.startsWith('common/workflowStarts/') && !ALLOWED.has(file))
      .filter((file) => START.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(outside).to.deep.equal([]);
  });

  it('each set the company priority', () => {
    const dir = path.join(ROOT, 'common/workflowStarts');
    for (const file of readdirSync(dir).filter((f) => f !== 'priority.ts')) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).to.match(
        /priority: (companyPriority|maintenancePriority)\(/,
      );
    }
  });
});

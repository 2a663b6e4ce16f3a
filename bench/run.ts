import { runEntry } from './entry';

// The one runner: `npm run bench -- <part> [options]`. Each part answers one question of BENCHMARKS.md:
//   service (the default)  reads against the bare baseline, intake against bare starts, the end to end against
//                          its bare shape (bench/service.ts; `--smoke`: tiny counts, as test/bench/smoke.test.ts runs it)
//   settings               each production setting priced against a reference (bench/settings.ts)
//   recording              a call against its physical floor (--floor), the fleet (--workers, --kill) (bench/recordingRun.ts)
//   media                  the media step alone on an N-minute call: time against its bare commands, peak RSS (bench/media.ts)
//   redaction              what `redactPii` costs a recording: the transcript step and the audio's silencing (bench/redaction.ts)
//   fairness               one company's backlog, then another's recording, with task queue fairness on and off:
//                          the other's latency, the backlog's throughput (bench/fairness.ts; --backlog 200, --smoke)
//   export                 a company export of N seeded recordings: items/s and the worker's peak RSS per size
//                          (bench/exportRun.ts; --sizes 10000,100000, --smoke)
//   backlog                one company's thousands of calls behind COMPANY_MAX_HEAVY_ACTIVITIES: histories, workflow tasks and
//                          actions per recording, throughput against the places' ideal (bench/backlog.ts; --recordings 5000, --smoke)
//   offboarding            a company's offboarding with N closed runs in the namespace: its time, runs deleted per second,
//                          the worker's peak RSS (bench/offboarding.ts; --runs 10000,100000, --smoke)
//   cost                   what a recording costs: workflow tasks, Temporal actions (histories and the server's
//                          counter), payload bytes, MySQL statements, CPU, and dollars (bench/cost.ts; --recordings 2, --smoke)
//   text                   every step that reads caller or provider text: CPU and peak heap per MB from 1 KB to the
//                          largest input, talk and issue 49's hostile shapes, growth per tenfold (bench/text.ts; --only, --smoke)
// `npm run bench:settings` and `npm run bench:recording` name the same parts.

// require, not import(): run as CommonJS under tsx, as the service's processes are (common/tracing/index.ts).
/* eslint-disable @typescript-eslint/no-require-imports */
const PARTS = {
  service: () => require('./service') as typeof import('./service'),
  settings: () => require('./settings') as typeof import('./settings'),
  recording: () => require('./recordingRun') as typeof import('./recordingRun'),
  media: () => require('./media') as typeof import('./media'),
  redaction: () => require('./redaction') as typeof import('./redaction'),
  fairness: () => require('./fairness') as typeof import('./fairness'),
  export: () => require('./exportRun') as typeof import('./exportRun'),
  backlog: () => require('./backlog') as typeof import('./backlog'),
  cost: () => require('./cost') as typeof import('./cost'),
  offboarding: () => require('./offboarding') as typeof import('./offboarding'),
  text: () => require('./text') as typeof import('./text'),
} satisfies Record<string, () => { main(): Promise<void> }>;
/* eslint-enable @typescript-eslint/no-require-imports */

type Part = keyof typeof PARTS;

const isPart = (name: string | undefined): name is Part => name !== undefined && Object.hasOwn(PARTS, name);

const named = process.argv[2];
if (named !== undefined && !named.startsWith('-') && !isPart(named)) {
  console.error(`unknown part ${named}: say one of ${Object.keys(PARTS).join(', ')} (or nothing for service)`);
  process.exit(2);
}
// The part's own options follow its name; each part reads process.argv.
if (isPart(named)) process.argv.splice(2, 1);
const part: Part = isPart(named) ? named : 'service';
runEntry(() => PARTS[part]().main());

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { f, table } from './textTable';

// `npx tsx bench/profileSummary.ts <file.cpuprofile> [--requests N] [--top K]`: where a process spent its CPU,
// from a V8 profile (`npm run bench:settings -- --cpu-prof`): self time grouped by where the code lives (a package
// under node_modules, the project's own files, Node's internals, the garbage collector, idle), then the top
// functions; with --requests, in µs per request as well.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: `pkg:<name>`, `project:<top folder>`, `node`, or V8's own entries. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  const packages = url.lastIndexOf('node_modules/');
  if (packages >= 0) {
    const rest = url.slice(packages + 'node_modules/'.length).split('/');
    return `pkg:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return 'node';
  const project = url.replace(/^file:\/\//, '');
  const relative = path.relative(path.join(__dirname, '..'), project);
  return relative.startsWith('..') ? 'other' : `project:${relative.split(path.sep)[0]}`;
}

/** Self time in ms per node id (each sample's time delta goes to the node it hit). */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  return self;
}

async function main(): Promise<void> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: profileSummary.ts <file.cpuprofile> [--requests N] [--top K]');
  const option = (name: string): number | undefined => {
    const i = rest.indexOf(name);
    return i >= 0 ? Number(rest[i + 1]) : undefined;
  };
  const requests = option('--requests');
  const top = option('--top') ?? 25;
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const self = selfTimes(profile);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''} [${place}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const busy = [...byPlace.entries()].filter(([p]) => p !== '(idle)').reduce((a, [, ms]) => a + ms, 0);
  const rows = (m: Map<string, number>): string[][] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => [
        name,
        f(ms, 0),
        f((ms / busy) * 100, 1),
        ...(requests ? [f((ms * 1000) / requests, 1)] : []),
      ]);
  const header = (first: string): string[] => [first, 'self ms', '% of busy', ...(requests ? ['µs/request'] : [])];
  console.log(`${file}: ${f((profile.endTime - profile.startTime) / 1e6, 1)} s profiled, ${f(busy, 0)} ms busy`);
  console.log(table(header('where'), rows(byPlace)));
  console.log('');
  console.log(table(header('function'), rows(byFunction)));
}

if (require.main === module)
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });

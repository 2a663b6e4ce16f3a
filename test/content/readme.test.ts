import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { parseReleases } from '../../scripts/releases';
import { testActivities } from '../support/worker';
import { testConfig } from '../support/env';
import { operationFor } from '../support/schemaAssert';

// The README's first screen (issue 34 §7): what the service is and who it is for in two sentences, the two
// commands, then the transcript example that needs no provider key before the audio example, which names
// what it needs. The sample transcript itself is run by test/recordings/sampleTranscript.test.ts.

const ROOT = path.join(__dirname, '..', '..');

describe('README: the first screen', () => {
  let readme: string;
  let firstScreen: string;

  before(async () => {
    readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8');
    firstScreen = readme.slice(0, readme.indexOf('\n## '));
  });

  it('says what the service is and who it is for in two sentences, then gives npm run dev and npm test', () => {
    const [title, intro] = firstScreen.split(/\n\n/);
    expect(title).to.equal('# Sales Practice Service');
    const sentences = intro
      .replace(/\s+/g, ' ')
      .trim()
      .split(/(?<=[.!?])\s+(?=[A-Z])/);
    expect(sentences, intro).to.have.length(2);
    expect(sentences[0]).to.match(/^The Sales Practice Service is /);
    expect(sentences[1]).to.match(/\bfor\b/);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(firstScreen)?.[1] ?? '';
    expect(
      firstBlock
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('#')[0].trim()),
    ).to.deep.equal(['npm run dev', 'npm test']);
  });

  it('leads with the transcript example, which needs no provider key, and names what the audio example needs', async () => {
    const transcriptAt = firstScreen.indexOf('-d @scripts/sample-transcript.json');
    const audioAt = firstScreen.indexOf('recordingPresignedUrl');
    expect(transcriptAt).to.be.greaterThan(0);
    expect(audioAt).to.be.greaterThan(transcriptAt);
    const beforeTranscript = firstScreen.slice(0, transcriptAt);
    expect(beforeTranscript).to.match(/no provider key/i);
    expect(beforeTranscript).not.to.include('STT_API_KEY');
    const sample = JSON.parse(await fs.readFile(path.join(ROOT, 'scripts/sample-transcript.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(sample).to.have.property('transcript');
    expect(sample).not.to.have.property('recordingPresignedUrl');
    const audio = firstScreen.slice(transcriptAt);
    expect(audio).to.include('`STT_API_KEY`');
    expect(audio).to.match(/a file it can fetch/);
  });

  it('aims every curl of the first screen at an endpoint the service has', () => {
    const calls = [...firstScreen.matchAll(/curl [^\n]*?(?:\\\n[^\n]*?)*?http:\/\/127\.0\.0\.1:3000(\/\S*)/g)];
    expect(calls.length).to.be.at.least(4);
    for (const [whole, url] of calls) {
      const method = whole.includes(' -d ') ? 'POST' : 'GET';
      const concrete = url.replace('<recordingId>', '4b0b1c46-8f7e-4c55-9f0e-0d3f5b0c2b11');
      expect(operationFor(method, concrete), `${method} ${url}`).to.not.equal(undefined);
    }
  });
});

describe('README: the map of the docs', () => {
  it('names every page under docs/ (and BENCHMARKS.md, RELEASES.md) with what it covers', async () => {
    const readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8');
    const map = readme.slice(readme.indexOf('## Where to go next'));
    const pages = (await fs.readdir(path.join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
    for (const page of [...pages, 'BENCHMARKS.md', 'RELEASES.md'])
      expect(map, page).to.match(
        new RegExp(`^\\| \\[${page.replace(/[./]/g, '\\$&')}\\]\\(${page.replace(/[./]/g, '\\$&')}\\) \\| .{20,}`, 'm'),
      );
  });

  it('keeps each cell of the layout table to a line or two', async () => {
    const readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('| Path | What lives there |'), readme.indexOf('## Where to go next'));
    for (const row of layout.split('\n').filter((l) => l.startsWith('| `')))
      expect(row.length, row.slice(0, 40)).to.be.at.most(420);
  });
});

describe('RELEASES.md: corrections', () => {
  it('each name a listed release, dated on or after it, and leave the release rows readable', async () => {
    const text = await fs.readFile(path.join(ROOT, 'RELEASES.md'), 'utf8');
    const listed = parseReleases(text);
    const corrections = text
      .slice(text.indexOf('## Corrections'))
      .split('\n')
      .filter((l) => /^\| \d{4}-\d{2}-\d{2} \|/.test(l))
      .map((l) => l.split(' | '));
    expect(corrections).to.not.be.empty;
    for (const [date, row] of corrections) {
      const release = listed.find((r) => r.name === row);
      expect(release, row).to.not.equal(undefined);
      expect(date.slice(2) >= (release?.date ?? ''), `${row} corrected on ${date}`).to.equal(true);
    }
  });
});

describe('docs/code-map.md: where an endpoint lives', () => {
  let rows: string[][];
  let map: string;

  before(async () => {
    map = await fs.readFile(path.join(ROOT, 'docs', 'code-map.md'), 'utf8');
    const table = map.slice(map.indexOf('| Endpoints | Route |'));
    const lines = table.split('\n').slice(2);
    rows = lines
      .slice(
        0,
        lines.findIndex((line) => !line.startsWith('| ')),
      )
      .map((line) => line.slice(2, -2).split(' | '));
  });

  const names = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

  it('names route modules that exist', async () => {
    for (const [endpoints, route] of rows) {
      // The module (or folder) first; what follows in parentheses is inside it.
      const files = names(route.split(' (')[0]).filter((n) => n.endsWith('.ts') || n.endsWith('/'));
      expect(files, endpoints).to.not.be.empty;
      for (const file of files) await fs.access(path.join(ROOT, 'api', 'routes', file));
    }
  });

  it('names, for each endpoint that starts a workflow, workflows and activities the worker has', async () => {
    // The worker registers what workflows/index.ts exports (read as text: workflow code runs in the sandbox).
    const index = await fs.readFile(path.join(ROOT, 'workflows', 'index.ts'), 'utf8');
    const workflows = [...index.matchAll(/^export \{ (\w+) \}/gm)].map((m) => m[1]);
    const config = testConfig();
    const activities = testActivities(config);
    const starts = rows.map((row) => row[5]).filter((cell) => cell !== '—');
    expect(starts).to.have.length.greaterThan(0);
    for (const cell of starts) {
      for (const workflow of names(cell).filter((n) => /^[a-z][A-Za-z]+$/.test(n)))
        expect(workflows, cell).to.include(workflow);
      const activityNames = cell
        .replace(/`[^`]+`/g, '')
        .split(/[^A-Za-z]+/)
        .filter((w) => /^[a-z]+[A-Z]/.test(w));
      expect(activityNames, cell).to.not.be.empty;
      for (const name of activityNames) expect(activities, cell).to.have.property(name);
    }
  });

  it('gives each activity the file that defines it, and only files and tests that exist', async () => {
    // "a, b (`activities/x.ts`)": every activity listed before a file's name is defined in that file.
    const groups = [...map.matchAll(/((?:[a-z]+[A-Z]\w*(?:, )?)+) \(`(activities\/[\w/]+\.ts)`\)/g)];
    expect(groups.length).to.be.at.least(20);
    for (const [, list, file] of groups) {
      const source = await fs.readFile(path.join(ROOT, file), 'utf8');
      for (const name of list.split(', '))
        expect(source, `${name} in ${file}`).to.match(new RegExp(`\\b(?:async |function )?${name}\\s*\\(`));
    }
    for (const named of names(map).filter((n) => /^(test|activities|workflows|cli|common|db|worker)\//.test(n)))
      await fs.access(path.join(ROOT, named.replace(/\s.*$/, '')));
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Finds every reference to a page or a section of the docs that does not resolve: Markdown links (a file, a
// folder, or `file#anchor` with GitHub's anchor rules) in every Markdown file, and in every tracked text file
// the plain references `docs/<page>.md` and `docs/<page>.md, "Section"` (a heading of that page starting with
// the quoted words), as comments and messages cite them. `npx tsx scripts/docLinks.ts` prints them;
// test/content/docLinks.test.ts fails on any.

const ROOT = path.join(__dirname, '..');

// Recorded data and vendored text: quoted as it was, not read by newcomers.
const SKIPPED = /^(test\/fixtures|test\/histories|bench\/results|clients\/typescript\/src\/schema)\//;
const TEXT = /\.(md|ts|mjs|js|json|yml|yaml|sh)$/;

/** GitHub's anchor for a heading: the rendered text lowercased, punctuation dropped, spaces made hyphens. */
export function slug(heading: string): string {
  const rendered = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // a link reads as its text
    .replace(/[`*]/g, '') // code and emphasis marks are not text
    .toLowerCase()
    .trim();
  return rendered.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The headings of a Markdown text (outside fenced code), in order. */
export function headings(markdown: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced) {
      const m = /^#{1,6} (.*)$/.exec(line);
      if (m) found.push(m[1].trim());
    }
  }
  return found;
}

/** Every anchor of a Markdown text; a repeated heading gets -1, -2, … as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const h of headings(markdown)) {
    const base = slug(h);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** Markdown text without fenced blocks and code spans, where a link is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && TEXT.test(f) && !SKIPPED.test(f) && existsSync(path.join(ROOT, f)));
}

export function brokenDocReferences(): string[] {
  const cache = new Map<string, string>();
  const read = (file: string): string => {
    if (!cache.has(file)) cache.set(file, readFileSync(path.join(ROOT, file), 'utf8'));
    return cache.get(file)!;
  };
  const broken: string[] = [];
  for (const file of trackedFiles()) {
    const text = read(file);
    if (file.endsWith('.md')) {
      for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        const [pathPart, anchor] = target.split('#');
        const resolved = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)) : file;
        if (!existsSync(path.join(ROOT, resolved))) {
          broken.push(`${file}: link ${target}: no file ${resolved}`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor))
          broken.push(`${file}: link ${target}: ${resolved} has no heading #${anchor}`);
      }
    }
    for (const m of text.matchAll(/\b(docs\/[\w./-]+\.md|BENCHMARKS\.md|RELEASES\.md)(?:,? \(?"([^"\n]{2,80})")?/g)) {
      const [, page, section] = m;
      if (!existsSync(path.join(ROOT, page))) {
        broken.push(`${file}: names ${page}, which does not exist`);
        continue;
      }
      if (section === undefined || !page.endsWith('.md')) continue;
      const wanted = section.toLowerCase();
      if (!headings(read(page)).some((h) => slug(h).startsWith(slug(wanted))))
        broken.push(`${file}: names ${page}, "${section}", which has no such heading`);
    }
  }
  return broken;
}

if (require.main === module) {
  const broken = brokenDocReferences();
  process.stdout.write(broken.map((b) => `${b}\n`).join(''));
  process.exitCode = broken.length ? 1 : 0;
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { importCycles, importGraph, typeScriptFiles } from './importCycles';

// No import cycles in the project, type imports included (a cycle of types still ties the modules into one
// unit nobody can read or change alone): the walk of test/foundation/importCycles.ts over every .ts file.

const ROOT = path.resolve(__dirname, '..', '..');

describe('import cycles', () => {
  it('finds none among the TypeScript files of the project', () => {
    const cycles = importCycles(importGraph(typeScriptFiles(ROOT))).map((c) =>
      c.map((f) => path.relative(ROOT, f)).join(' <-> '),
    );
    expect(cycles, 'break each cycle: move what both sides need into a module of its own').to.deep.equal([]);
  });

  it('finds a cycle made of type imports, re-exports and index files, and names its files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-cycles-'));
    try {
      mkdirSync(path.join(dir, 'lib'));
      writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './lib';\nexport interface A { b: B }\n");
      writeFileSync(path.join(dir, 'lib', 'index.ts'), "export * from './b';\n");
      writeFileSync(path.join(dir, 'lib', 'b.ts'), "import type { A } from '../a';\nexport interface B { a?: A }\n");
      writeFileSync(path.join(dir, 'c.ts'), "import { x } from './d';\nexport const c = x;\n");
      writeFileSync(path.join(dir, 'd.ts'), 'export const x = 1;\n');
      const cycles = importCycles(importGraph(typeScriptFiles(dir))).map((c) => c.map((f) => path.relative(dir, f)));
      expect(cycles).to.deep.equal([['a.ts', 'lib/b.ts', 'lib/index.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

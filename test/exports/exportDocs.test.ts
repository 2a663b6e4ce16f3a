import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { exportLayout } from '../../scripts/export-layout';

// docs/api.md's description of the export archive is generated from the kinds and their schemas.

describe('exports: documentation', () => {
  it('is in docs/api.md exactly as scripts/export-layout.ts renders it', () => {
    const doc = readFileSync(path.join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8');
    expect(doc, 'regenerate it: npx tsx scripts/export-layout.ts').to.contain(exportLayout());
  });
});

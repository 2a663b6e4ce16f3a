import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { ConfigSchema } from '../../common/config';
import { configTable } from '../../scripts/config-table';

// Every setting is described once, in ConfigSchema; docs/configuration.md shows the table rendered from it.

describe('the configuration table', () => {
  it('describes every setting in the schema', () => {
    for (const [name, schema] of Object.entries(ConfigSchema.properties as Record<string, TSchema>)) {
      expect(schema.description, name).to.be.a('string').and.not.equal('');
    }
  });

  it('is in docs/configuration.md exactly as scripts/config-table.ts renders it', () => {
    const doc = readFileSync(path.resolve(__dirname, '../../docs/configuration.md'), 'utf8');
    expect(doc, 'regenerate it: npx tsx scripts/config-table.ts').to.contain(configTable());
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { endpointIndex } from '../../scripts/endpoint-index';

// docs/api.md's endpoint index is generated from openapi.json (which openapiFiles.test.ts keeps equal to the
// code), so an endpoint cannot be served without being listed.

describe('docs/api.md: the endpoint index', () => {
  it('is in docs/api.md exactly as scripts/endpoint-index.ts renders it from openapi.json', () => {
    const doc = readFileSync(path.join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8');
    expect(doc, 'regenerate it: npx tsx scripts/endpoint-index.ts').to.contain(endpointIndex());
  });

  it('has a row per operation of the document, and only those', () => {
    const document = {
      tags: [{ name: 'A' }, { name: 'B' }],
      paths: {
        '/x': { get: { tags: ['B'], summary: 'Read x', security: [{ apiKey: [] }], 'x-required-scope': 'x:read' } },
        '/x/{token}': { get: { tags: ['A'], summary: 'Follow a link', security: [] } },
        '/api/team': { get: { tags: ['A'], summary: 'Teams', security: [{ bearer: [] }] } },
      },
    };
    const rows = endpointIndex(document).trim().split('\n').slice(2);
    expect(rows).to.deep.equal([
      '| A | GET | `/x/{token}` *ext* | none (the link’s token) | Follow a link |  |',
      '| A | GET | `/api/team` | Bearer | Teams |  |',
      '| B | GET | `/x` *ext* | API key (`x:read`) | Read x |  |',
    ]);
  });
});

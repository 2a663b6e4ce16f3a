import fs from 'node:fs/promises';
import { expect } from 'chai';
import { startApi, type TestApi } from '../support/api';
import {
  CLIENT_TYPES_FILE,
  DEFAULT_PUBLIC_URL,
  OPENAPI_FILE,
  clientTypesText,
  openApiText,
} from '../../scripts/openapiFiles';

// The committed openapi.json is what the running service serves, and the TypeScript client's committed types
// are what openapi-typescript makes of it (issue 34 §5). After an API change: `npm run openapi`.

describe('openapi.json and the generated TypeScript client', function () {
  this.timeout(60_000);
  let api: TestApi;

  before(async () => {
    api = await startApi({ PUBLIC_URL: DEFAULT_PUBLIC_URL });
  });
  after(() => api.close());

  it('openapi.json at the repository root equals what GET /openapi.json serves (run npm run openapi after a change)', async () => {
    const committed = await fs.readFile(OPENAPI_FILE, 'utf8');
    const served = await api.request('GET', '/openapi.json', { skipSchema: true });
    expect(served.status).to.equal(200);
    expect(JSON.parse(committed), 'openapi.json is stale: npm run openapi').to.deep.equal(served.body);
    expect(committed, 'openapi.json is not as npm run openapi writes it').to.equal(await openApiText());
  });

  it('clients/typescript/src/schema.d.ts is what openapi-typescript generates from openapi.json', async () => {
    const committed = await fs.readFile(CLIENT_TYPES_FILE, 'utf8');
    const generated = await clientTypesText(await fs.readFile(OPENAPI_FILE, 'utf8'));
    expect(committed === generated, 'clients/typescript/src/schema.d.ts is stale: npm run openapi').to.equal(true);
    // The new endpoints and fields are in the client's types, so a stale file would show here too.
    expect(committed).to.include("'/api/recording/{id}/transcript'");
    expect(committed).to.match(/externalId\?: string/);
  });
});

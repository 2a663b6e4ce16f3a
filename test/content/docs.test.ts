import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { WEBHOOK_EVENT_DESCRIPTIONS } from '../../common/webhookEvents';
import { chromium, type Browser } from 'playwright-core';
import { operations } from '../../api/routes';
import { compile } from '../../api/validation';
import { startApi, type TestApi } from '../support/api';

const CHROMIUM = '/usr/bin/chromium';

interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown>; security: unknown[] }>
  >;
}

describe('API documentation', () => {
  let api: TestApi;
  before(async () => {
    api = await startApi();
  });
  after(async () => api.close());

  it('GET /openapi.json is an OpenAPI 3.1 document with every operation, without a credential', async () => {
    const res = await api.request<OpenApiDoc>('GET', '/openapi.json');
    expect(res.status).to.equal(200);
    const doc = res.body;
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.info.title).to.be.a('string').and.not.empty;
    expect(doc.components.securitySchemes).to.have.keys('apiKey', 'bearer');
    for (const op of operations) {
      const entry = doc.paths[op.path]?.[op.method];
      expect(entry, `${op.method.toUpperCase()} ${op.path}`).to.be.an('object');
      expect(entry.operationId).to.equal(op.operationId);
      expect(entry.responses).to.have.property(String(op.successStatus ?? 200));
    }
    const documented = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((m) => m.operationId));
    expect(documented).to.have.length(operations.length);
    expect(new Set(documented).size).to.equal(documented.length);
    for (const required of [
      '/api/roleplay',
      '/api/roleplay/{id}',
      '/api/roleplay/session',
      '/api/roleplay/session/{id}',
      '/api/memorization/script',
      '/api/memorization/script/{scriptId}',
    ]) {
      expect(doc.paths).to.have.property(required);
    }
    expect(doc.paths['/api/roleplay'].get.security).to.deep.equal([{ apiKey: [] }]);
  });

  it('shows an example request and answer for every operation, each valid against its schema', async () => {
    type Media = { content?: Record<string, { example?: unknown }> };
    type Documented = {
      parameters?: Array<{ name: string; example?: unknown }>;
      requestBody?: Media;
      responses: Record<string, Media>;
    };
    const doc = (await api.request<{ paths: Record<string, Record<string, Documented>> }>('GET', '/openapi.json')).body;
    for (const op of operations) {
      const entry = doc.paths[op.path][op.method];
      const name = `${op.method.toUpperCase()} ${op.path}`;
      for (const p of entry.parameters ?? []) expect(p, `${name} parameter ${p.name}`).to.have.property('example');
      if (op.body) {
        const example = entry.requestBody?.content?.['application/json']?.example;
        expect(compile(op.body)(example), `${name} request example ${JSON.stringify(example)}`).to.equal(true);
      }
      if (op.response) {
        const example = entry.responses[String(op.successStatus ?? 200)].content?.['application/json']?.example;
        expect(compile(op.response)(example), `${name} answer example ${JSON.stringify(example)}`).to.equal(true);
      }
    }
  });

  describe('GET /docs in headless Chromium', () => {
    let browser: Browser;
    before(async function () {
      if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
    });
    after(async () => browser?.close());

    it('renders the operations from local assets only', async () => {
      const page = await browser.newPage();
      const requested: string[] = [];
      const pageErrors: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const res = await page.goto(`${api.url}/docs`);
      expect(res?.status()).to.equal(200);
      await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
      const rendered = await page.$$eval('.opblock', (blocks) =>
        blocks.map((b) => {
          const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
          const path =
            b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ??
            b.querySelector('.opblock-summary-path')?.textContent?.trim() ??
            '';
          return `${method} ${path.replace(/\u200b/g, '')}`;
        }),
      );
      for (const expected of [
        'GET /api/roleplay',
        'PATCH /api/roleplay/{id}',
        'GET /api/roleplay/session',
        'GET /api/memorization/script/{scriptId}',
      ]) {
        expect(rendered, expected).to.include(expected);
      }
      // Every operation, plus one block per webhook event (OpenAPI `webhooks`).
      expect(rendered).to.have.length(operations.length + WEBHOOK_EVENT_DESCRIPTIONS.length);
      // Grouped by the tags declared at the top of the document, in their order.
      const sections = await page.$$eval('.opblock-tag', (tags) => tags.map((t) => t.getAttribute('data-tag') ?? ''));
      expect(sections).to.deep.equal([...new Set(operations.flatMap((op) => op.tags))]);
      expect(await page.title()).to.equal('Sales Practice Service API');
      expect(requested.filter((u) => !u.startsWith(api.url))).to.deep.equal([]);
      expect(requested).to.include(`${api.url}/openapi.json`);
      expect(pageErrors).to.deep.equal([]);
      await page.close();
    });
  });

  it('serves only the Swagger UI assets it names', async () => {
    expect((await api.request('GET', '/docs/swagger-ui.css', { skipSchema: true })).status).to.equal(200);
    expect((await api.request('GET', '/docs/package.json')).status).to.equal(404);
    expect((await api.request('GET', '/docs/..%2Fpackage.json')).status).to.equal(404);
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Router from '@koa/router';

// GET /docs: Swagger UI from the installed swagger-ui-dist package (no CDN), reading /openapi.json.

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sales Practice Service API</title>
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// A file rather than an inline script, so a strict Content-Security-Policy can stay on.
const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true });\n`;

export function mountDocs(router: Router): void {
  // swagger-ui-dist ships no types; its index.js sits at the package root next to the assets.
  const root = path.dirname(require.resolve('swagger-ui-dist'));
  const cache = new Map<string, Buffer>();
  router.get('docs', '/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('content-security-policy', "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
    ctx.body = PAGE;
  });
  router.get('docs-init', '/docs/init.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = INIT;
  });
  router.get('docs-asset', '/docs/:file', async (ctx) => {
    const file = String(ctx.params.file);
    const type = ASSETS[file];
    if (!type) return; // falls through to the 404 of the error boundary
    let content = cache.get(file);
    if (!content) {
      content = await readFile(path.join(root, file));
      cache.set(file, content);
    }
    ctx.type = type;
    ctx.set('cache-control', 'public, max-age=3600');
    ctx.body = content;
  });
}

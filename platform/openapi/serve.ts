import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AppRouter } from '../http/create-app.js';
import { openApiDocument, type DocumentInfo, type VersionDocument } from './document.js';
import { InvalidRequestError } from '../errors.js';
import { declareRoute, registryOf } from './registry.js';

const require = createRequire(import.meta.url);
const SWAGGER_DIR: string = require('swagger-ui-dist').absolutePath();
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Partner Financing API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <noscript><p>This page needs JavaScript. The machine-readable description is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, defaultModelsExpandDepth: 0 });\n`;

/** Swagger UI inlines styles; everything else comes from this origin (the machines are offline). */
const DOCS_CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * GET /openapi.json (generated once, on first request, from every declared route) and a
 * readable docs page at /docs (Swagger UI served from the swagger-ui-dist package, no CDN).
 */
export function mountApiDocs(
  router: AppRouter,
  info: DocumentInfo,
  versions: { current: string; older: Record<string, VersionDocument> } = { current: info.version, older: {} },
): void {
  const olderVersions = versions.older;
  const registry = registryOf(router);
  const docs = new Map<string, string>();
  const internal = { tags: ['Docs'], auth: 'none' as const, internal: true };
  declareRoute(router, {
    ...internal,
    method: 'get',
    path: '/openapi.json',
    operationId: 'openApiDocument',
    summary: "This OpenAPI document; `?version=` an older API version's",
    responses: { 200: { description: 'OpenAPI 3.1' } },
  });
  router.get('/openapi.json', (ctx) => {
    const asked = typeof ctx.query.version === 'string' ? ctx.query.version : versions.current;
    const older = olderVersions[asked];
    if (asked !== versions.current && !older) {
      throw new InvalidRequestError(`version: the documents are ${[versions.current, ...Object.keys(olderVersions)].join(', ')}.`, { attribute: 'version' });
    }
    let doc = docs.get(asked);
    if (!doc) {
      doc = JSON.stringify(older ? openApiDocument(registry, { ...info, version: asked }, older) : openApiDocument(registry, info));
      docs.set(asked, doc);
    }
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = doc;
  });
  declareRoute(router, {
    ...internal,
    method: 'get',
    path: '/docs',
    operationId: 'apiDocsPage',
    summary: 'API reference page',
    responses: { 200: { description: 'HTML', contentType: 'text/html' } },
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.body = PAGE;
  });
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = INIT;
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const type = ASSETS[ctx.params.file!];
    if (!type) return; // 404 from the app
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await readFile(path.join(SWAGGER_DIR, ctx.params.file!));
  });
}

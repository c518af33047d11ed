import type { TestClient } from './http.js';

/** One operation of /openapi.json as `METHOD /path/{param}`, with whether it needs the partner's token. */
export interface DocumentedRoute {
  key: string;
  method: string;
  path: string;
  bearer: boolean;
  /** the error codes the operation declares (`x-error-codes`), by HTTP status */
  errorCodes: Record<number, string[]>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every operation the running API describes in /openapi.json (the route registry's output). */
export async function documentedRoutes(client: TestClient): Promise<DocumentedRoute[]> {
  const res = await client.get('/openapi.json');
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
  const routes: DocumentedRoute[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(res.body.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const bearer = (item[method].security ?? []).some((s: Record<string, unknown>) => 'bearerAuth' in s);
      const errorCodes: Record<number, string[]> = {};
      for (const e of item[method]['x-error-codes'] ?? []) (errorCodes[e.status] ??= []).push(e.code);
      routes.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, bearer, errorCodes });
    }
  }
  return routes;
}

/** The partner (bearer) routes that take an id in their path: each needs a tenant-isolation test. */
export async function partnerRoutesWithPathIds(client: TestClient): Promise<string[]> {
  return (await documentedRoutes(client)).filter((r) => r.bearer && r.path.includes('{')).map((r) => r.key);
}

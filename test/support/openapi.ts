import type { TestClient } from './http.js';

/** One operation of /openapi.json as `METHOD /path/{param}`, with whether it needs the partner's token. */
export interface DocumentedRoute {
  key: string;
  method: string;
  path: string;
  bearer: boolean;
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
      routes.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, bearer });
    }
  }
  return routes;
}

/** The partner (bearer) routes that take an id in their path: each needs a tenant-isolation test. */
export async function partnerRoutesWithPathIds(client: TestClient): Promise<string[]> {
  return (await documentedRoutes(client)).filter((r) => r.bearer && r.path.includes('{')).map((r) => r.key);
}

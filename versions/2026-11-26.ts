import type { VersionChange } from '../platform/api-versions/api-versions.js';

type Body = Record<string, unknown>;
const obj = (b: unknown): Body => (b !== null && typeof b === 'object' && !Array.isArray(b) ? b as Body : {});

/**
 * 2026-11-26: what this version changed since the published 1.0 document (2023-06-26), and
 * how an answer goes back to that document's shapes for a partner still on it.
 */
export const change20261126: VersionChange = {
  version: '2026-11-26',
  changes: [
    'GET /v1/health: `status` and `components` beside `projectVersion`.',
  ],
  responses: {
    health: (body) => ({ projectVersion: obj(body).projectVersion ?? null }),
  },
  notifications: {},
};

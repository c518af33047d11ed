import { expect } from 'chai';
import type { TestResponse } from './http.js';

/**
 * Tenant isolation (docs/security.md): another partner's id must answer exactly like an
 * unknown id. Give the response to a request with a foreign id and the response to the
 * same request with an unknown id; the ids themselves are masked in the messages.
 *
 *   const foreign = await t.client.get(`/financing/v1/applications/${appOfA.id}`, { token: b.token });
 *   const unknown = await t.client.get(`/financing/v1/applications/${newId()}`, { token: b.token });
 *   expectSameAsUnknown(foreign, unknown, [appOfA.id, unknownId]);
 */
export function expectSameAsUnknown(foreign: TestResponse, unknown: TestResponse, ids: string[]): void {
  const mask = (text: string) => ids.reduce((s, id) => s.split(id).join('<id>'), text);
  expect(foreign.status, `foreign id answered ${foreign.status}: ${foreign.text}`).to.equal(unknown.status);
  expect(foreign.status).to.equal(404);
  expect(mask(JSON.stringify(foreign.body))).to.equal(mask(JSON.stringify(unknown.body)));
}

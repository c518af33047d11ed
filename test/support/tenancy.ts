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

/** Headers that differ between any two requests (time, request id, the rate-limit countdown). */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id', 'x-rate-limit-remaining', 'x-rate-limit-reset', 'connection', 'keep-alive']);

/**
 * `expectSameAsUnknown`, stricter: the same status, code and body once the values looked
 * up by are masked (so the same shape, key order included), and the same headers (names
 * and values) apart from those that change with every request. Give the looked-up values
 * (ids, order numbers) of both requests in `masked`.
 */
export function expectIndistinguishable(foreign: TestResponse, unknown: TestResponse, masked: string[]): void {
  expectSameAsUnknown(foreign, unknown, masked);
  const stable = (r: TestResponse) =>
    Object.fromEntries(
      Object.entries(r.headers)
        .filter(([name]) => !PER_REQUEST_HEADERS.has(name))
        .map(([name, value]) => [name, masked.reduce((s, m) => s.split(m).join('<id>'), String(value))]),
    );
  expect(stable(foreign), 'headers').to.deep.equal(stable(unknown));
}

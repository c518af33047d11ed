import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * The partner guide's notification facts, against the API's own document: where payment
 * notifications go, what a settlement notification carries, and a handler sample that tells
 * the kinds apart; the paging section covers settlements; developing with `listen` says what
 * to put in notificationEndpoint.
 */
const GUIDE = fileURLToPath(new URL('../../docs/partner-guide.md', import.meta.url));
const DOCUMENT = fileURLToPath(new URL('../../clients/typescript/openapi.json', import.meta.url));

function section(guide: string, n: number): string {
  const start = guide.indexOf(`\n## ${n}. `);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

describe("docs: the partner guide's notifications", () => {
  let guide: string;
  let doc: any;
  before(async () => {
    guide = await readFile(GUIDE, 'utf8');
    doc = JSON.parse(await readFile(DOCUMENT, 'utf8'));
  });

  it("when the guide shows a settlement notification, then its body is the API's Settlement: every required field and no other", () => {
    const notifications = section(guide, 5);
    const block = [...notifications.matchAll(/```json\n([^]*?)```/g)].map((m) => JSON.parse(m[1]!)).find((b) => 'reference' in b);
    expect(block, 'a settlement body in section 5').to.not.equal(undefined);
    const schema = doc.paths['/financing/v1/settlements/{settlementId}'].get.responses['200'].content['application/json'].schema.properties.settlement;
    expect(Object.keys(block)).to.include.members(schema.required);
    expect(Object.keys(schema.properties)).to.include.members(Object.keys(block));
  });

  it('when the guide tells where notifications go, then it names paymentsEndpoint, and its handler tells payments and settlements apart', () => {
    const notifications = section(guide, 5);
    expect(notifications).to.match(/\*\*Where they go: `paymentsEndpoint`\.\*\*/);
    const handler = notifications.match(/async function handle\(notification\) \{[^]*?\n\}/)?.[0] ?? '';
    expect(handler).to.include("'paymentId' in notification");
    expect(handler).to.include("'reference' in notification");
  });

  it('when the guide pages, then settlements are among the lists', () => {
    expect(section(guide, 16)).to.match(/settlements list/);
  });

  it('when the guide sets up listen, then it says what notificationEndpoint to use and why a local service would deliver twice', () => {
    const start = guide.slice(0, guide.indexOf('\n## 1. '));
    expect(start).to.match(/What to put in `notificationEndpoint` while developing with `listen`/);
    expect(start).to.match(/each event twice/);
  });
});

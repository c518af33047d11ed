import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Relay } from '../../relay/create-relay.js';
import { Receiver } from '../relay/support/receiver.js';
import { startTestRelay } from '../relay/support/relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { applicationBody } from '../applications/requests.js';

const GUIDE = fileURLToPath(new URL('../../docs/partner-guide.md', import.meta.url));
/** The guide's one rule for the end of every list, word for word. */
const END_OF_LIST = 'a page with fewer items than `limit` is the last one';
const APPLICATIONS = 5;

/** The text of the guide's section that starts with `## <n>.` */
function section(guide: string, n: number): string {
  const start = guide.indexOf(`\n## ${n}. `);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

/**
 * The guide's statements about paging and delivery states, held against the real API: one
 * end-of-list rule for every list, which reads each list completely, exactly once; and the
 * delivery states the guide names are those the API declares, with one name for a failed
 * delivery in the deliveries list and in the event feed.
 */
describe("docs: the partner guide's paging and delivery-state statements hold against the API", function () {
  this.timeout(90_000);
  let t: TestApi;
  let relay: Relay;
  let receiver: Receiver;
  let shop: TestPartner;
  let guide: string;

  before(async function () {
    this.timeout(60_000);
    t = await startTestApi({ SANDBOX: 'true' });
    relay = await startTestRelay(t.config);
    receiver = await new Receiver().start();
    shop = await provisionPartner(t);
    guide = await readFile(GUIDE, 'utf8');
    for (let i = 0; i < APPLICATIONS; i++) {
      const body = applicationBody({
        merchantUrls: {
          approvedRedirect: 'https://shop.example/ok',
          rejectedRedirect: 'https://shop.example/no',
          notificationEndpoint: receiver.url('/hooks'),
        },
      });
      const res = await t.client.post('/financing/v1/applications', body, { token: shop.token });
      expect(res.status, res.text).to.equal(201);
    }
    // each application's PROCESSING_REDIRECT_NEEDED notification: an event and a delivery
    await waitFor(
      'the feed and the deliveries list to hold every notification',
      async () =>
        (await get('/financing/v1/events?limit=100')).body.data.length >= APPLICATIONS &&
        (await get('/financing/v1/webhooks/deliveries?limit=100')).body.data.length >= APPLICATIONS,
      { maxWait: 30_000 },
    );
  });
  after(async () => {
    await relay?.stop();
    await receiver?.stop();
    await t?.stop();
  });

  const get = (path: string) => t.client.request('GET', path, { token: shop.token });

  it('when the guide tells where a list ends, then it states one rule, in the paging section, and no other anywhere', () => {
    expect(section(guide, 16)).to.include(END_OF_LIST);
    const text = guide.replace(/\s+/g, ' ');
    expect(text, 'an empty page as the end contradicts the rule').not.to.match(/until (a|the) page (comes back|is) empty/i);
    expect(text, 'a missing nextPage is no end: the first page never has one').not.to.match(/until a page comes back without `nextPage`/i);
    for (const n of [16, 18])
      expect(section(guide, n).replace(/\s+/g, ' '), `section ${n}`).to.match(/until a page has fewer (items than `limit`|than limit items)/);
  });

  for (const [name, path, idOf] of [
    ['the event feed', '/financing/v1/events', (x: any) => x.id],
    ['the webhook deliveries', '/financing/v1/webhooks/deliveries', (x: any) => x.deliveryId],
  ] as const) {
    it(`when ${name} is read by the guide's rule (limit 2), then every item comes once and the reading stops; the first page has no nextPage although more follow`, async () => {
      const all = (await get(`${path}?limit=100`)).body.data.map(idOf);
      expect(all.length).to.be.at.least(APPLICATIONS);
      const read: string[] = [];
      let after: string | undefined;
      let pages = 0;
      for (;;) {
        const res = await get(`${path}?limit=2${after ? `&after=${after}` : ''}`);
        expect(res.status, res.text).to.equal(200);
        const page = res.body.data as any[];
        if (pages === 0) expect(res.body.pagingInfo.nextPage, 'the first page: no nextPage, yet more items follow').to.equal(undefined);
        read.push(...page.map(idOf));
        pages++;
        if (page.length < 2) break; // the guide's rule
        after = idOf(page.at(-1));
        expect(pages).to.be.below(50);
      }
      expect(read.slice(0, all.length)).to.deep.equal(all);
      expect(read.length).to.be.at.least(all.length);
      expect(new Set(read).size).to.equal(read.length);
    });
  }

  it('when the guide names the delivery states, then they are the ones the API declares, and a failed delivery has one name in the feed and the deliveries list', async () => {
    const doc = (await t.client.get('/openapi.json')).body;
    const itemOf = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema.properties.data.items.properties;
    const deliveryStates: string[] = itemOf('/financing/v1/webhooks/deliveries').state.enum;
    const feedStates: string[] = itemOf('/financing/v1/events').delivery.enum;
    const table = [...section(guide, 6).matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(table).to.have.members(deliveryStates);
    const feedLine =
      section(guide, 18)
        .replace(/\s+/g, ' ')
        .match(/`delivery` is the webhook's fate: (.*?)\./)?.[1] ?? '';
    expect([...new Set([...feedLine.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]))]).to.have.members(feedStates);
    // one name for a failed delivery: the deliveries list's states are the feed's, less PENDING
    expect(feedStates.filter((s) => s !== 'PENDING')).to.have.members(deliveryStates);
    expect(guide).not.to.match(/`RETRY_SCHEDULED` \(/);
  });
});

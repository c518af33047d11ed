import { expect } from 'chai';
import { applicationBody, withField } from './requests.js';
import { startHarness, type AppHarness } from './harness.js';

const PATH = '/financing/v1/applications';

/**
 * Every URL a partner gives is judged at the door by the parser that will use it later
 * (the relay, the gateway's redirect, the document fetcher): a URL accepted here can no
 * longer fail, or stall anything, later.
 */
describe('partner URLs at create: refused unless the service can use them', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });
  const post = (body: unknown) => h.t.client.post<any>(PATH, body, { token: h.partner.token });

  const cases: Array<[string, string]> = [
    ['merchantUrls.notificationEndpoint', 'https://shop.example:99999/h'],
    ['merchantUrls.approvedRedirect', 'https://shop.example:99999/ok'],
    ['merchantUrls.rejectedRedirect', 'https://user:pw@shop.example/no'],
    ['order.items[0].productUrl', 'https://shop.example:70000/p'],
    ['order.documents[0].file', 'https://files.example:123456/invoice.pdf'],
  ];
  for (const [attribute, url] of cases) {
    it(`when ${attribute} is ${url}, then 400 INVALID_REQUEST names the attribute and nothing is stored`, async () => {
      const body: any = applicationBody();
      if (attribute.startsWith('order.documents')) body.order.documents = [{ type: 'INVOICE', file: url }];
      const res = await post(withField(body, attribute, url));
      expect(res.status, res.text).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute, severity: 'ERROR' });
      expect(res.body.errors[0].message).to.match(/port is 1-65535|user name or password|does not match any of the allowed types/);
      const list = await h.t.client.get<any>(`/financing/v1/orders?orderNumber=${encodeURIComponent(body.order.number)}`, { token: h.partner.token });
      expect(list.status).to.be.oneOf([200, 404]);
      if (list.status === 200) expect(list.body).to.satisfy((b: unknown) => !Array.isArray(b) || b.length === 0);
    });
  }
});

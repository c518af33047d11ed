import { expect } from 'chai';
import tls from 'node:tls';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { applicationBody } from '../applications/requests.js';

const CREATE = '/financing/v1/applications';

/** Counts of the request-duration histogram by status (a body refused before routing is `unmatched`). */
async function statusCounts(t: TestApi): Promise<Record<string, number>> {
  const metric = await t.api.runtime.registry.getSingleMetric('http_request_duration_seconds')!.get();
  const counts: Record<string, number> = {};
  for (const v of metric.values) {
    if ((v as { metricName?: string }).metricName === 'http_request_duration_seconds_count') {
      const status = String(v.labels.status);
      counts[status] = (counts[status] ?? 0) + v.value;
    }
  }
  return counts;
}

describe('request bodies: what JSON.parse would let through, and clients that go away', () => {
  let t: TestApi;
  let p: TestPartner;
  before(async () => {
    t = await startTestApi();
    p = await provisionPartner(t);
  });
  after(async () => {
    await t?.stop();
  });

  const postRaw = (raw: string) => t.client.post<any>(CREATE, undefined, { raw, token: p.token });

  it('when a key appears twice in one object, then 400 INVALID_REQUEST naming it, not last-wins', async () => {
    const body = JSON.stringify(applicationBody());
    const twice = body.replace('"totalPrice":{"amount":150000', '"totalPrice":{"amount":1,"amount":150000');
    expect(twice).not.to.equal(body);
    const res = await postRaw(twice);
    expect(res.status, res.text).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'order.totalPrice.amount' });
    expect(res.body.errors[0].message).to.match(/appears twice/);
  });

  for (const [where, key] of [
    ['customData', '$where'],
    ['customData', 'basket.id'],
    ['order.documents[0].extraData', '$set'],
  ] as const) {
    it(`when ${where} holds the key ${key}, then 400 naming it`, async () => {
      const body: any = applicationBody();
      if (where === 'customData') body.customData = { [key]: 'x' };
      else body.order.documents = [{ type: 'INVOICE', file: { filename: 'a.pdf', content: 'JVBERi0xLjQK' }, extraData: { [key]: 1 } }];
      const res = await postRaw(JSON.stringify(body));
      expect(res.status, res.text).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: `${where}.${key}` });
    });
  }

  it('when a string holds a lone surrogate escape, then 400 INVALID_REQUEST naming the attribute, and nothing is stored', async () => {
    const body = applicationBody();
    const raw = JSON.stringify(body).replace('"firstName":"Jana"', '"firstName":"\\ud800Jana"');
    expect(raw).to.include('\\ud800Jana');
    const res = await postRaw(raw);
    expect(res.status, res.text).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR', attribute: 'customer.firstName' });
    const stored = await t.api.runtime.db.collection('applications').countDocuments({ 'order.number': body.order.number });
    expect(stored).to.equal(0);
  });

  it('when the client disconnects in the middle of its body, then it is counted as 499, never as a server error', async () => {
    const before = await statusCounts(t);
    const url = new URL(t.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = tls.connect({ host: url.hostname, port: Number(url.port), ca: t.api.tls.cert, servername: url.hostname }, () => {
        socket.write(
          [
            `POST ${CREATE} HTTP/1.1`,
            `Host: ${url.host}`,
            `Authorization: Bearer ${p.token}`,
            'Content-Type: application/json',
            'Content-Length: 100000',
            '',
            '{"type":"DEFERRED_PAYMENT","customer":',
          ].join('\r\n'),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
      socket.on('error', reject);
    });
    const after = await waitFor('the aborted request counted', async () => {
      const now = await statusCounts(t);
      return (now['499'] ?? 0) > (before['499'] ?? 0) && now;
    });
    expect(after['500'] ?? 0).to.equal(before['500'] ?? 0);
  });
});

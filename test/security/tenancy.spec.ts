import { expect } from 'chai';
import { newId } from '../../platform/ids.js';
import type { DeliveryPage } from '../../modules/webhooks/webhooks.service.js';
import { EVENTS_PATH as EVENTS, type EventPage } from '../../modules/events/events.service.js';
import { waitFor } from '../support/wait.js';
import { applicationBody } from '../applications/requests.js';
import { opPath, orderPath, paymentsPath } from '../orders/orders-harness.js';
import type { TestResponse } from '../support/http.js';
import { partnerRoutesWithPathIds, documentedRoutes, type DocumentedRoute } from '../support/openapi.js';
import { expectIndistinguishable } from '../support/tenancy.js';
import {
  DELIVERIES,
  appPath,
  bodyFor,
  orderNumber,
  recurrencePath,
  settledDeliveries,
  snapshotOfA,
  startTenancyWorld,
  variableSymbol,
  type TenancyWorld,
} from './tenancy-world.js';

/**
 * One partner route tried by B with a value of A's and with an unknown value of the same
 * shape. `route` is the operation as /openapi.json names it.
 */
interface IsolationCase {
  route: string;
  /** what B looks up by, for the test name */
  by: string;
  ofA(w: TenancyWorld): string;
  unknown(): string;
  call(w: TenancyWorld, value: string): Promise<TestResponse>;
}

const childOrder = () => {
  const { order, merchantUrls } = applicationBody();
  return { order: { ...order, number: orderNumber() }, merchantUrls };
};

const CASES: IsolationCase[] = [
  {
    route: 'GET /financing/v1/applications/{applicationId}',
    by: 'applicationId',
    ofA: (w) => w.owned.paid.id,
    unknown: newId,
    call: (w, id) => w.asB('GET', appPath(id)),
  },
  {
    route: 'PUT /financing/v1/applications/{applicationId}/cancel',
    by: 'applicationId',
    ofA: (w) => w.owned.ready.id,
    unknown: newId,
    call: (w, id) => w.asB('PUT', `${appPath(id)}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' }),
  },
  {
    route: 'PUT /financing/v1/applications/{applicationId}/order',
    by: 'applicationId',
    ofA: (w) => w.owned.ready.id,
    unknown: newId,
    call: (w, id) => w.asB('PUT', orderPath(id), { reason: 'carrier', order: { deliveryCarrier: { carrierId: 'DPD' } } }),
  },
  {
    route: 'PUT /financing/v1/applications/{applicationId}/order/send',
    by: 'applicationId',
    ofA: (w) => w.owned.ready.id,
    unknown: newId,
    call: (w, id) => w.asB('PUT', opPath(id, 'send'), {}),
  },
  {
    route: 'PUT /financing/v1/applications/{applicationId}/order/deliver',
    by: 'applicationId',
    ofA: (w) => w.owned.ready.id,
    unknown: newId,
    call: (w, id) => w.asB('PUT', opPath(id, 'deliver'), {}),
  },
  {
    route: 'PUT /financing/v1/applications/{applicationId}/order/return',
    by: 'applicationId',
    ofA: (w) => w.owned.paid.id,
    unknown: newId,
    call: (w, id) => w.asB('PUT', opPath(id, 'return'), {}),
  },
  {
    route: 'PUT /financing/v1/applications/{applicationId}/order/cancel',
    by: 'applicationId',
    ofA: (w) => w.owned.ready.id,
    unknown: newId,
    call: (w, id) => w.asB('PUT', opPath(id, 'cancel'), {}),
  },
  {
    route: 'GET /financing/v1/applications/{applicationId}/payments',
    by: 'applicationId',
    ofA: (w) => w.owned.paid.id,
    unknown: newId,
    call: (w, id) => w.asB('GET', paymentsPath(id)),
  },
  {
    route: 'GET /financing/v1/orders',
    by: 'applicationId',
    ofA: (w) => w.owned.paid.id,
    unknown: newId,
    call: (w, id) => w.asB('GET', `/financing/v1/orders?applicationId=${id}`),
  },
  {
    route: 'GET /financing/v1/orders',
    by: 'orderNumber',
    ofA: (w) => w.owned.paid.number,
    unknown: orderNumber,
    call: (w, n) => w.asB('GET', `/financing/v1/orders?orderNumber=${n}`),
  },
  {
    route: 'GET /financing/v1/orders',
    by: 'orderVariableSymbol',
    ofA: (w) => w.owned.paid.vs,
    unknown: variableSymbol,
    call: (w, vs) => w.asB('GET', `/financing/v1/orders?orderVariableSymbol=${vs}`),
  },
  {
    route: 'GET /financing/v1/recurrences/{recurrenceId}',
    by: 'recurrenceId',
    ofA: (w) => w.owned.ready.recurrenceId,
    unknown: newId,
    call: (w, id) => w.asB('GET', recurrencePath(id)),
  },
  {
    route: 'PATCH /financing/v1/recurrences/{recurrenceId}',
    by: 'recurrenceId',
    ofA: (w) => w.owned.ready.recurrenceId,
    unknown: newId,
    call: (w, id) => w.asB('PATCH', recurrencePath(id), { state: 'CANCELLED' }),
  },
  {
    route: 'POST /financing/v1/recurrences/{recurrenceId}/applications',
    by: 'recurrenceId',
    ofA: (w) => w.owned.ready.recurrenceId,
    unknown: newId,
    call: (w, id) => w.asB('POST', `${recurrencePath(id)}/applications`, childOrder()),
  },
  {
    route: 'POST /financing/v1/sandbox/applications/{applicationId}/decision',
    by: 'applicationId',
    ofA: (w) => w.owned.ready.id,
    unknown: newId,
    call: (w, id) => w.asB('POST', `/financing/v1/sandbox/applications/${id}/decision`, { outcome: 'REJECT' }),
  },
  {
    route: 'GET /financing/v1/settlements/{settlementId}',
    by: 'settlementId',
    ofA: (w) => w.owned.settlement,
    unknown: newId,
    call: (w, id) => w.asB('GET', `/financing/v1/settlements/${id}`),
  },
  {
    route: 'GET /financing/v1/settlements/{settlementId}/report.csv',
    by: 'settlementId',
    ofA: (w) => w.owned.settlement,
    unknown: newId,
    call: (w, id) => w.asB('GET', `/financing/v1/settlements/${id}/report.csv`),
  },
  {
    route: 'GET /financing/v1/webhooks/deliveries/{deliveryId}',
    by: 'deliveryId',
    ofA: (w) => w.owned.delivered,
    unknown: newId,
    call: (w, id) => w.asB('GET', `${DELIVERIES}/${id}`),
  },
  {
    route: 'POST /financing/v1/webhooks/deliveries/{deliveryId}/redeliver',
    by: 'deliveryId',
    ofA: (w) => w.owned.deadLettered,
    unknown: newId,
    call: (w, id) => w.asB('POST', `${DELIVERIES}/${id}/redeliver`),
  },
];

describe('tenant isolation: partner B against partner A on every partner route', function () {
  this.timeout(120_000);
  let w: TenancyWorld;
  let documented: Map<string, DocumentedRoute>;
  before(async function () {
    this.timeout(90_000);
    w = await startTenancyWorld();
    documented = new Map((await documentedRoutes(w.h.t.client)).map((r) => [r.key, r]));
  });
  after(async () => {
    await w?.stop();
  });

  it('when /openapi.json lists the partner routes, then every one that takes an id in its path has an isolation case here (and every case names a documented route)', async () => {
    const covered = new Set(CASES.map((c) => c.route));
    const needed = await partnerRoutesWithPathIds(w.h.t.client);
    expect(needed.length).to.be.at.least(12);
    expect(
      needed.filter((r) => !covered.has(r)),
      'partner routes with a path id but no isolation case',
    ).to.deep.equal([]);
    expect(
      [...covered].filter((r) => !documented.get(r)?.bearer),
      'cases naming a partner route the API does not describe',
    ).to.deep.equal([]);
  });

  for (const c of CASES) {
    it(`when B calls ${c.route} with A's ${c.by}, then the answer is exactly that of an unknown ${c.by}, and A's data is unchanged`, async () => {
      const before = await snapshotOfA(w);
      const ofA = c.ofA(w);
      const unknown = c.unknown();
      expect(unknown).to.have.length(ofA.length); // same shape, so even lengths cannot differ
      const foreign = await c.call(w, ofA);
      const none = await c.call(w, unknown);
      expectIndistinguishable(foreign, none, [ofA, unknown]);
      expect(documented.get(c.route)?.errorCodes[404], 'the 404 codes /openapi.json declares').to.include(foreign.body.errors[0].code);
      expect(await snapshotOfA(w)).to.deep.equal(before);
    });
  }

  it("when B lists its webhook deliveries, then none of A's is among them", async () => {
    const res = await w.asB('GET', `${DELIVERIES}?limit=100`);
    expect(res.status).to.equal(200);
    const ids = (res.body as DeliveryPage).data.map((d) => d.deliveryId);
    expect(ids).not.to.include(w.owned.delivered);
    expect(ids).not.to.include(w.owned.deadLettered);
  });

  it("when B reads the event feed, then none of A's events, and A's event id as a cursor or A's application as a filter answers like an unknown one", async () => {
    const feedOfA = await waitFor("A's events in the feed", async () => {
      const r = await w.h.t.client.get<EventPage>(`${EVENTS}?applicationId=${w.owned.paid.id}`, { token: w.a.token });
      return r.body.data.length > 0 && r.body.data;
    });
    const listed = await w.asB('GET', `${EVENTS}?limit=100`);
    expect(listed.status).to.equal(200);
    expect((listed.body as EventPage).data.map((e) => e.applicationId)).not.to.include(w.owned.paid.id);
    expect((await w.asB('GET', `${EVENTS}?applicationId=${w.owned.paid.id}`)).body.data).to.deep.equal([]);
    const ofA = feedOfA[0]!.id;
    const unknown = newId();
    const foreign = await w.asB('GET', `${EVENTS}?after=${ofA}`);
    const none = await w.asB('GET', `${EVENTS}?after=${unknown}`);
    expect(foreign.status).to.equal(400);
    const mask = (r: TestResponse) => JSON.stringify(r.body).split(ofA).join('<id>').split(unknown).join('<id>');
    expect(mask(foreign)).to.equal(mask(none));
  });

  it('when B sends the very order A sent (same number, total and symbols), then B gets its own new application, and each finds only its own by number', async () => {
    const number = orderNumber();
    const vs = variableSymbol();
    const body = applicationBody(bodyFor({ number, vs, endpoint: w.receiver.url('/a-up') }));
    const ofA = await w.h.t.client.post('/financing/v1/applications', body, { token: w.a.token });
    expect(ofA.status, ofA.text).to.equal(201);
    const ofB = await w.asB('POST', '/financing/v1/applications', {
      ...body,
      merchantUrls: { ...body.merchantUrls, notificationEndpoint: w.receiver.url('/b') },
    });
    expect(ofB.status, 'the duplicate check is per partner').to.equal(201);
    expect(ofB.body.id).not.to.equal(ofA.body.id);
    for (const query of [`orderNumber=${number}`, `orderVariableSymbol=${vs}`]) {
      expect((await w.asB('GET', `/financing/v1/orders?${query}`)).body.applicationInfo.id, query).to.equal(ofB.body.id);
      expect((await w.h.t.client.get(`/financing/v1/orders?${query}`, { token: w.a.token })).body.applicationInfo.id, query).to.equal(ofA.body.id);
    }
    await settledDeliveries(w.h, w.a); // A's new notifications are delivered before the next test reads A
  });

  it("when B asks to redeliver all its dead-lettered webhooks, then A's dead-lettered ones are untouched (and A's own request does redeliver them)", async () => {
    const before = await snapshotOfA(w);
    const deadOfA = (before.deliveries as DeliveryPage).data.filter((d) => d.state === 'DEAD_LETTERED').length;
    expect(deadOfA).to.be.at.least(1);
    const res = await w.asB('POST', `${DELIVERIES}/redeliver`);
    expect(res.status, res.text).to.equal(202);
    expect(res.body).to.deep.equal({ redeliveryCount: 0 });
    expect(await snapshotOfA(w)).to.deep.equal(before); // nothing published, nothing written
    // the probe would have seen it: A's own request publishes one redelivery per dead letter
    const own = await w.h.t.client.post(`${DELIVERIES}/redeliver`, undefined, { token: w.a.token });
    expect(own.body).to.deep.equal({ redeliveryCount: deadOfA });
    expect((await snapshotOfA(w)).redeliveryRequests).to.equal(before.redeliveryRequests + deadOfA);
  });
});

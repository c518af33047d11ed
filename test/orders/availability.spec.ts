import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import type { TestPartner } from '../support/partners.js';
import { decidedApplication, opPath, orderPath, processingApplication, readyApplication } from './orders-harness.js';

type Op = 'change order' | 'get order' | 'mark sent' | 'mark delivered' | 'mark returned' | 'mark cancelled';
type State = 'PROCESSING' | 'READY' | 'REJECTED' | 'CANCELLED';

/**
 * The spec's "Availability of operations by application state", row by row, through HTTP.
 * A refused cell answers 422 with the state's code; an allowed cell answers 200. (Cancel
 * application is the applications module's row and suite.)
 */
const REFUSED: Record<Exclude<State, 'READY'>, string> = {
  PROCESSING: 'APPLICATION_NOT_READY',
  REJECTED: 'APPLICATION_REJECTED',
  CANCELLED: 'APPLICATION_ALREADY_CANCELLED',
};
const TABLE: Record<Op, Record<State, 'yes' | 'no' | 'if-nothing-sent'>> = {
  'change order': { PROCESSING: 'yes', READY: 'if-nothing-sent', REJECTED: 'no', CANCELLED: 'no' },
  'get order': { PROCESSING: 'yes', READY: 'yes', REJECTED: 'yes', CANCELLED: 'yes' },
  'mark sent': { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
  'mark delivered': { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
  'mark returned': { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
  'mark cancelled': { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
};

describe('availability of order operations by application state (spec table)', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let partner: TestPartner;
  const apps: Partial<Record<State, string>> = {};

  before(async () => {
    h = await startHarness();
    partner = h.partner;
    apps.PROCESSING = (await processingApplication(h, partner)).id;
    apps.REJECTED = (await decidedApplication(h, partner, 'reject')).id;
    const cancelled = await processingApplication(h, partner);
    const res = await h.t.client.put(
      `/financing/v1/applications/${cancelled.id}/cancel`,
      { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' },
      { token: partner.token },
    );
    if (res.status !== 200) throw new Error(`cancel failed: ${res.status} ${res.text}`);
    apps.CANCELLED = cancelled.id;
  });
  after(async () => {
    await h?.stop();
  });

  const call = (op: Op, id: string) => {
    const token = { token: partner.token };
    switch (op) {
      case 'change order':
        return h.t.client.put(
          orderPath(id),
          { reason: 'new address', order: { addresses: [{ addressType: 'DELIVERY', city: 'Brno', country: 'CZ' }] } },
          token,
        );
      case 'get order':
        return h.t.client.get(`/financing/v1/orders?applicationId=${id}`, token);
      case 'mark sent':
        return h.t.client.put(opPath(id, 'send'), {}, token);
      case 'mark delivered':
        return h.t.client.put(opPath(id, 'deliver'), {}, token);
      case 'mark returned':
        return h.t.client.put(opPath(id, 'return'), { items: [{ code: 'KTL-1', quantity: 1 }] }, token);
      case 'mark cancelled':
        return h.t.client.put(opPath(id, 'cancel'), { items: [{ code: 'SHIP' }] }, token);
    }
  };

  for (const [op, row] of Object.entries(TABLE) as Array<[Op, Record<State, string>]>) {
    for (const [state, cell] of Object.entries(row) as Array<[State, string]>) {
      if (state === 'READY') continue;
      const expected = cell === 'yes' ? '200' : `422 ${REFUSED[state as Exclude<State, 'READY'>]}`;
      it(`when ${op} on a ${state} application, then ${expected}`, async () => {
        const res = await call(op, apps[state]!);
        if (cell === 'yes') {
          expect(res.status, res.text).to.equal(200);
          expect(res.body.applicationInfo).to.include({ id: apps[state], state });
        } else {
          expect(res.status).to.equal(422);
          expect(res.body.errors).to.have.length(1);
          expect(res.body.errors[0]).to.include({ code: REFUSED[state as Exclude<State, 'READY'>], severity: 'ERROR' });
        }
      });
    }
  }

  for (const op of ['mark sent', 'mark delivered', 'mark cancelled', 'get order', 'change order'] as Op[]) {
    it(`when ${op} on a READY application with nothing sent, then 200`, async () => {
      const app = await readyApplication(h, partner);
      const res = await call(op, app.id);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.applicationInfo).to.include({ id: app.id, state: 'READY' });
    });
  }

  it('when mark returned on a READY application with goods sent, then 200', async () => {
    const app = await readyApplication(h, partner);
    expect((await call('mark sent', app.id)).status).to.equal(200);
    const res = await call('mark returned', app.id);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.applicationInfo).to.include({ state: 'READY', stateReason: 'READY_SHIPPED' });
  });

  it('when change order on a READY application with an item sent or delivered, then 422 ORDER_ALREADY_SENT', async () => {
    for (const mark of ['mark sent', 'mark delivered'] as Op[]) {
      const app = await readyApplication(h, partner);
      await h.t.client.put(opPath(app.id, mark === 'mark sent' ? 'send' : 'deliver'), { items: [{ code: 'SHIP' }] }, { token: partner.token });
      const res = await call('change order', app.id);
      expect(res.status).to.equal(422);
      expect(res.body.errors[0]).to.include({ code: 'ORDER_ALREADY_SENT', severity: 'ERROR' });
    }
  });

  it('when get order on a READY application after fulfilment, then 200 with the fulfilled order', async () => {
    const app = await readyApplication(h, partner);
    await call('mark delivered', app.id);
    const res = await call('get order', app.id);
    expect(res.status).to.equal(200);
    expect(res.body.state).to.equal('DELIVERED');
    expect(res.body.applicationInfo).to.deep.equal({ id: app.id, state: 'READY', stateReason: 'READY_DELIVERED' });
  });
});

import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import type { TestResponse } from '../support/http.js';
import { opPath, orderPath, waitForReason } from './orders-harness.js';

type Action = 'CANCEL' | 'CHANGE_ORDER' | 'SEND' | 'DELIVER' | 'RETURN' | 'CANCEL_ITEMS';
const ACTIONS: Action[] = ['CANCEL', 'CHANGE_ORDER', 'SEND', 'DELIVER', 'RETURN', 'CANCEL_ITEMS'];

/**
 * allowedActions, table-driven over every state a partner can hold an application in: for
 * each state and each action, a fresh application in that state; the action's call with its
 * default request must be accepted when listed and refused when not. The expected lists
 * are the spec's availability table read by hand, so the rules and the table check each other.
 */
describe('allowedActions: every listed action is accepted, every other refused, in every state', function () {
  this.timeout(240_000);
  let h: AppHarness;
  let paidOnDelivery: TestPartner;
  let paidOnSend: TestPartner;
  before(async () => {
    h = await startHarness({ SANDBOX: 'true' });
    paidOnDelivery = await provisionPartner(h.t, { payoutTrigger: 'DELIVERED' });
    paidOnSend = await provisionPartner(h.t, { payoutTrigger: 'SENT' });
  });
  after(async () => {
    await h?.stop();
  });

  const put = (p: TestPartner, path: string, body: unknown = {}) => h.t.client.put<any>(path, body, { token: p.token });
  const decided = async (p: TestPartner, outcome: 'APPROVE' | 'REJECT') => {
    const app = await h.create(applicationBody(), p);
    expect((await h.t.client.post(`/financing/v1/sandbox/applications/${app.id}/decision`, { outcome }, { token: p.token })).status).to.equal(202);
    return waitForReason(h, app.id, p, outcome === 'APPROVE' ? 'READY_TO_SHIP' : 'REJECTED');
  };
  const step = async (p: TestPartner, id: string, path: string, body: unknown, reason: string) => {
    const res = await put(p, path, body);
    expect(res.status, res.text).to.equal(200);
    return waitForReason(h, id, p, reason);
  };

  const states: Array<{ name: string; partner: () => TestPartner; make: (p: TestPartner) => Promise<{ id: string }>; expected: Action[] }> = [
    { name: 'PROCESSING_REDIRECT_NEEDED', partner: () => paidOnDelivery, make: (p) => h.create(applicationBody(), p), expected: ['CANCEL', 'CHANGE_ORDER'] },
    { name: 'REJECTED', partner: () => paidOnDelivery, make: (p) => decided(p, 'REJECT'), expected: [] },
    {
      name: 'READY_TO_SHIP',
      partner: () => paidOnDelivery,
      make: (p) => decided(p, 'APPROVE'),
      expected: ['CANCEL', 'CHANGE_ORDER', 'SEND', 'DELIVER', 'CANCEL_ITEMS'],
    },
    {
      name: 'READY_SHIPPED, part of the order sent',
      partner: () => paidOnDelivery,
      expected: ['SEND', 'DELIVER', 'RETURN', 'CANCEL_ITEMS'],
      make: async (p) => {
        const a = await decided(p, 'APPROVE');
        return step(p, a.id, opPath(a.id, 'send'), { items: [{ code: 'KTL-1', quantity: 1 }] }, 'READY_SHIPPED');
      },
    },
    {
      name: 'READY_SHIPPED, all sent',
      partner: () => paidOnDelivery,
      expected: ['DELIVER', 'RETURN'],
      make: async (p) => {
        const a = await decided(p, 'APPROVE');
        return step(p, a.id, opPath(a.id, 'send'), {}, 'READY_SHIPPED');
      },
    },
    {
      name: 'READY_PAID (paid on send)',
      partner: () => paidOnSend,
      expected: ['DELIVER', 'RETURN'],
      make: async (p) => {
        const a = await decided(p, 'APPROVE');
        return step(p, a.id, opPath(a.id, 'send'), {}, 'READY_PAID');
      },
    },
    {
      name: 'READY_DELIVERED (after the payout on send)',
      partner: () => paidOnSend,
      expected: ['RETURN'],
      make: async (p) => {
        const a = await decided(p, 'APPROVE');
        await step(p, a.id, opPath(a.id, 'send'), {}, 'READY_PAID');
        return step(p, a.id, opPath(a.id, 'deliver'), {}, 'READY_DELIVERED');
      },
    },
    {
      name: 'CANCELLED_NOT_PAID',
      partner: () => paidOnDelivery,
      expected: [],
      make: async (p) => {
        const a = await h.create(applicationBody(), p);
        return step(p, a.id, `/financing/v1/applications/${a.id}/cancel`, {}, 'CANCELLED_NOT_PAID');
      },
    },
    {
      name: 'CANCELLED_RETURNED',
      partner: () => paidOnSend,
      expected: [],
      make: async (p) => {
        const a = await decided(p, 'APPROVE');
        await step(p, a.id, opPath(a.id, 'send'), {}, 'READY_PAID');
        return step(p, a.id, opPath(a.id, 'return'), {}, 'CANCELLED_RETURNED');
      },
    },
  ];

  const call = (p: TestPartner, id: string, action: Action): Promise<TestResponse> => {
    switch (action) {
      case 'CANCEL':
        return put(p, `/financing/v1/applications/${id}/cancel`);
      case 'CHANGE_ORDER':
        return put(p, orderPath(id), { order: { deliveryCarrier: { carrierId: 'DPD' } } });
      case 'SEND':
        return put(p, opPath(id, 'send'));
      case 'DELIVER':
        return put(p, opPath(id, 'deliver'));
      case 'RETURN':
        return put(p, opPath(id, 'return'));
      case 'CANCEL_ITEMS':
        return put(p, opPath(id, 'cancel'));
    }
  };

  for (const state of states) {
    it(`when the application is ${state.name}, then allowedActions is [${state.expected.join(', ')}] and exactly those calls are accepted`, async () => {
      const p = state.partner();
      const apps = await Promise.all(ACTIONS.map(() => state.make(p)));
      const listed = (await h.get(apps[0]!.id, p)).allowedActions as Action[];
      expect(listed).to.deep.equal(state.expected);
      await Promise.all(
        ACTIONS.map(async (action, i) => {
          const id = apps[i]!.id;
          expect((await h.get(id, p)).allowedActions, `${action}: the same state shows the same actions`).to.deep.equal(listed);
          const res = await call(p, id, action);
          if (listed.includes(action)) expect(res.status, `${action} is listed: ${res.text}`).to.equal(200);
          else expect(res.status, `${action} is not listed: ${res.text}`).to.be.within(400, 499);
        }),
      );
    });
  }
});

import { expect } from 'chai';
import type { ApplicationDoc } from '../application.model.js';
import { anonymisation, dataClassOf, documentHashesOf, PLACEHOLDER, scrubSnapshot } from './anonymise.js';
import { searchTermsOf } from '../search-terms.js';

const M = 'MARKER-7f3a';

function application(over: Record<string, unknown> = {}): ApplicationDoc & Record<string, unknown> {
  const customer = {
    titleBefore: `Ing. ${M}`,
    firstName: `Jana ${M}`,
    lastName: `Nová ${M}`,
    email: `jana.${M}@example.cz`,
    phone: '+420777123456',
    tin: `CZ${M}`,
    vatin: `CZ${M}`,
    addresses: [{ addressType: 'PERMANENT', city: `Praha ${M}`, streetAddress: `Dlouhá ${M}`, streetNumber: '1', zip: '11000', country: 'CZ' }],
    fraudPreventionData: { tags: [M] },
  };
  const document = {
    type: 'INVOICE',
    filename: `${M}.pdf`,
    mimeType: 'application/pdf',
    size: 10,
    sha256: 'a'.repeat(64),
    description: M,
    addedAt: new Date(0),
  };
  const order = {
    number: 'ORD-1',
    totalPrice: { amount: 100_00, currency: 'CZK' },
    items: [{ code: 'X', name: 'Lamp', totalPrice: { amount: 100_00, currency: 'CZK' } }],
    addresses: [{ addressType: 'DELIVERY', name: `Jana ${M}`, city: `Brno ${M}`, country: 'CZ' }],
    documents: [document],
  };
  return {
    _id: 'app-1',
    version: 3,
    partnerId: 'p-1',
    type: 'DEFERRED_PAYMENT',
    state: 'READY',
    stateReason: 'READY_PAID',
    customer,
    order,
    customDataJson: JSON.stringify({ note: M }),
    cancelReason: { reason: 'APPLICATION_CANCELLED_OTHER', customReason: M },
    dedupKey: 'hash',
    idempotency: { k: { body: JSON.stringify({ customer }) } },
    decision: { outcome: 'APPROVED', rule: 'WITHIN_LIMITS', accountLevel: 'BASIC', decidedAt: new Date(1) },
    repaymentPlan: [{ amount: { amount: 100_00, currency: 'CZK' } }],
    payoutsApplied: ['pay-1'],
    outbox: { e1: { id: 'e1', value: JSON.stringify({ data: { customer, order } }) } },
    journal: [{ id: 'e0', value: JSON.stringify({ snapshot: { customer, order } }) }],
    createdAt: new Date(1000),
    updatedAt: new Date(2000),
    history: [],
    ...over,
  } as unknown as ApplicationDoc & Record<string, unknown>;
}

/** The document as it reads after the write: set applied, unset removed. */
function applied(doc: Record<string, unknown>): Record<string, unknown> {
  const change = anonymisation(doc as any, 'retention', new Date(5000))!;
  const out: Record<string, unknown> = { ...doc, ...change.set };
  for (const k of change.unset) delete out[k];
  return out;
}

describe('anonymising an application', () => {
  it('when anonymised, then no marker is left anywhere in the document, outbox and journal entries and kept answers included', () => {
    const after = applied(application());
    expect(JSON.stringify(after)).not.to.include(M);
    expect(JSON.stringify(after)).not.to.include('a'.repeat(64));
  });

  it('when anonymised, then money, states, ids, dates and the decision are what they were', () => {
    const before = application();
    const after = applied(before) as any;
    for (const k of ['_id', 'partnerId', 'state', 'stateReason', 'decision', 'repaymentPlan', 'payoutsApplied', 'createdAt', 'updatedAt', 'history']) {
      expect(after[k], k).to.deep.equal((before as any)[k]);
    }
    expect(after.order.totalPrice).to.deep.equal({ amount: 100_00, currency: 'CZK' });
    expect(after.order.items).to.deep.equal((before as any).order.items);
    expect(after.customer).to.include({ email: PLACEHOLDER.email, phone: PLACEHOLDER.phone, fullName: PLACEHOLDER.name });
    expect(after.privacy).to.deep.equal({ anonymisedAt: new Date(5000), reason: 'retention', dataClass: 'CREDIT_RECORD' });
  });

  it("when anonymised, then the portal's search terms keep the order number's runs and no word of the name", () => {
    const doc = application();
    doc.search = searchTermsOf(doc);
    expect(doc.search).to.include.members(['n:jana', 'n:nova', `n:${M.toLowerCase().split('-')[0]}`, 'o:ord']);
    const change = anonymisation(doc, 'retention', new Date(5000))!;
    expect(change.set.search).to.deep.equal(['o:d-1', 'o:ord', 'o:rd-']);
  });

  it('when it is anonymised already, then a second run writes nothing', () => {
    const once = applied(application());
    expect(anonymisation(once as any, 'retention', new Date(6000))).to.equal(null);
  });

  it('an approved application is a credit record; any other is not financed', () => {
    expect(dataClassOf(application())).to.equal('CREDIT_RECORD');
    expect(dataClassOf(application({ decision: { outcome: 'REJECTED' } }))).to.equal('NOT_FINANCED');
    expect(dataClassOf(application({ decision: undefined }))).to.equal('NOT_FINANCED');
  });

  it('finds the document hashes of the order, and scrubs JSON text in place', () => {
    expect(documentHashesOf(application())).to.deep.equal(['a'.repeat(64)]);
    expect(scrubSnapshot(JSON.stringify({ a: { email: M } }))).to.equal(JSON.stringify({ a: { email: PLACEHOLDER.email } }));
  });
});

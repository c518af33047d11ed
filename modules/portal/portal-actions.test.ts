import { expect } from 'chai';
import { sampleDoc } from '../../test/applications/fixtures.js';
import type { AppError } from '../../platform/errors.js';
import type { ApplicationDoc } from '../applications/index.js';
import type { FulfilmentInput } from '../order-rules/index.js';
import { decideFulfilment } from '../orders/orders.service.js';
import { CATALOGUES } from './portal.i18n.js';
import { refusalText } from './portal-actions.js';

/** An approved order of a kettle (2 pieces) and a mug (1), the kettle's pieces all sent. */
function app(): ApplicationDoc {
  const doc = sampleDoc();
  const base = doc.order.items[0]!;
  const kettle = { ...base, code: 'KTL', name: 'Electric kettle', quantity: 2, quantityMilli: 2000, sentMilli: 2000 };
  const mug = { ...base, code: 'MUG', name: 'Mug', quantity: 1, quantityMilli: 1000 };
  return {
    ...doc,
    state: 'READY',
    stateReason: 'READY_SHIPPED',
    order: { ...doc.order, items: [kettle, mug], totalPrice: { amount: 24200, currency: 'CZK' }, totalVat: [{ amount: 4200, currency: 'CZK', vatRate: 21 }] },
  };
}

/** The refusal the API itself answers the request with (the order rules' own message). */
function refusal(a: ApplicationDoc, input: FulfilmentInput): AppError {
  try {
    decideFulfilment(a, input, new Date('2030-01-01T10:00:00Z'));
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
}

/**
 * The portal reads the order rules' English messages to say them in the page's language:
 * these run the real rules, so a reworded rule message fails here rather than reaching a
 * person untranslated.
 */
describe("the portal's words for the API's refusals of a return or cancel", () => {
  it('when the quantity is above what is left, then the item is named (the form row, not items[k]) with what is left, in both languages', () => {
    const a = app();
    // the form's rows: the kettle empty, the mug (index 1) typed: the request's items[0] is the mug
    const err = refusal(a, { op: 'RETURN', items: [{ code: 'MUG', quantity: 1 }] });
    expect(refusalText(CATALOGUES.en, err, a, { q0: '', q1: '1' })).to.equal('Mug: nothing of this item is left for this action.');
    const over = refusal(a, { op: 'RETURN', items: [{ code: 'KTL', quantity: 3 }] });
    expect(refusalText(CATALOGUES.en, over, a, { q0: '3' })).to.equal('Electric kettle: you entered more than is left (2).');
    expect(refusalText(CATALOGUES.cs, over, a, { q0: '3' })).to.equal('Electric kettle: zadali jste víc, než zbývá (2).');
  });

  it('when nothing is left, or the amount is above what the order allows, then the message is the catalogue’s', () => {
    const a = app();
    const returned = { ...a, order: { ...a.order, items: a.order.items.map((i) => ({ ...i, returnedMilli: i.sentMilli })) } };
    expect(refusalText(CATALOGUES.cs, refusal(returned, { op: 'RETURN' }), returned, {})).to.equal(CATALOGUES.cs.errNothingLeft);
    const tooMuch = refusal(a, { op: 'RETURN', items: [{ code: 'KTL', quantity: 1 }], totalPrice: { amount: 999_999, currency: 'CZK' } });
    expect(refusalText(CATALOGUES.en, tooMuch, a, { q0: '1' })).to.equal(CATALOGUES.en.errAmountAbove);
  });
});

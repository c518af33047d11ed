import { expect } from 'chai';
import { page } from './payments.paging.js';
import { feeOf, reconcile } from './ledger.rules.js';

const items = ['01', '02', '03', '04', '05'].map((paymentId) => ({ paymentId }));
const ids = (r: { data: Array<{ paymentId: string }> }) => r.data.map((p) => p.paymentId);

describe('payments paging and ledger rules (pure)', () => {
  it('when no cursor is sent, then the start of the list and neither link', () => {
    const r = page(items, { limit: 2 }, '/p');
    expect(ids(r)).to.deep.equal(['01', '02']);
    expect(r.pagingInfo).to.deep.equal({ itemsPerPage: 2 });
  });

  it('when after or before is sent, then the neighbouring page and a link only while more remain that way', () => {
    expect(page(items, { limit: 2, after: '02' }, '/p').pagingInfo).to.deep.equal({ itemsPerPage: 2, nextPage: '/p?limit=2&after=04' });
    expect(page(items, { limit: 3, after: '02' }, '/p').pagingInfo).to.deep.equal({ itemsPerPage: 3 });
    const back = page(items, { limit: 2, before: '04' }, '/p');
    expect(ids(back)).to.deep.equal(['02', '03']);
    expect(back.pagingInfo).to.deep.equal({ itemsPerPage: 2, prevPage: '/p?limit=2&before=02' });
    expect(ids(page(items, { limit: 2, after: '05' }, '/p'))).to.deep.equal([]);
  });

  it('when the cursor names no payment of this list, then 400 INVALID_REQUEST naming the parameter, as the event feed answers', () => {
    for (const [q, attribute] of [
      [{ after: '09' }, 'after'],
      [{ before: '00' }, 'before'],
      [{ after: '025' }, 'after'],
    ] as const) {
      const err = (() => {
        try {
          page(items, { limit: 2, ...q }, '/p');
        } catch (e) {
          return e as any;
        }
      })();
      expect(err, JSON.stringify(q)).to.include({ code: 'INVALID_REQUEST', status: 400 });
      expect(err.records[0], JSON.stringify(q)).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR', attribute });
      expect(err.message).to.match(/unknown cursor/);
    }
  });

  it('when the base rises and falls, then payouts and credit notes follow it and the fees are those of the running total', () => {
    const ctx = (n: number) => ({ currency: 'CZK', sourceEventId: `e${n}`, now: new Date(0), newId: () => `p${n}` });
    const terms = { trigger: 'DELIVERED' as const, feeBps: 150 };
    const first = reconcile([], 333, terms, ctx(1))!;
    const second = reconcile([first], 1000, terms, ctx(2))!;
    const credit = reconcile([first, second], 400, terms, ctx(3))!;
    expect([first, second, credit].map((r) => [r.type, r.gross, r.fee, r.net])).to.deep.equal([
      ['PAYOUT', 333, 5, 328],
      ['PAYOUT', 667, 10, 657],
      ['CREDIT_NOTE', -600, -9, -591],
    ]);
    expect(first.fee + second.fee + credit.fee).to.equal(feeOf(400, 150));
    expect(reconcile([first, second, credit], 400, terms, ctx(4))).to.equal(undefined);
  });
});

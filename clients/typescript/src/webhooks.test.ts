import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { MemorySeenStore, WebhookVerificationError, WebhookVerifier } from './webhooks.js';
import type { Notification } from './models.js';

const SECRET = `whsec_${Buffer.from('a secret of the service and the shop').toString('base64')}`;

function signed(id: string, body: unknown, secret = SECRET, at = new Date()) {
  const raw = JSON.stringify(body);
  const signature = new Webhook(secret).sign(id, at, raw);
  return { raw, headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature } };
}

describe('the webhook verifier', () => {
  it('when an application notification is signed with the secret, then it is typed as one', () => {
    const { raw, headers } = signed('w1', { id: 'a1', state: 'READY', stateReason: 'READY_TO_SHIP' });
    const n = new WebhookVerifier(SECRET).verify(raw, headers);
    expect(n).to.deep.equal({ type: 'application', webhookId: 'w1', data: { id: 'a1', state: 'READY', stateReason: 'READY_TO_SHIP' } });
  });

  it('when a payment notification comes, then it is typed as a payment', () => {
    const { raw, headers } = signed('w2', { paymentId: 'p1', type: 'PAYOUT', applicationId: 'a1', value: { amount: 100, currency: 'CZK' } });
    const n = new WebhookVerifier(SECRET).verify(Buffer.from(raw), new Headers(headers));
    expect(n.type).to.equal('payment');
    if (n.type === 'payment') expect(n.data.paymentId).to.equal('p1');
  });

  it('when a settlement notification comes, then it is typed as a settlement', () => {
    const { raw, headers } = signed('w5', { id: 's1', number: 1, reference: '0000000001', lineCount: 2, transfer: { amount: 100, currency: 'CZK' } });
    const n = new WebhookVerifier(SECRET).verify(raw, headers);
    expect(n.type).to.equal('settlement');
    if (n.type === 'settlement') expect(n.data.reference).to.equal('0000000001');
  });

  it('when a test notification comes, then it is typed as a test, not as an application', () => {
    const { raw, headers } = signed('w6', { id: 'w6', type: 'TEST', createdAt: '2026-11-26T09:00:00Z' });
    const n = new WebhookVerifier(SECRET).verify(raw, headers);
    expect(n).to.deep.equal({ type: 'test', webhookId: 'w6', data: { id: 'w6', type: 'TEST', createdAt: '2026-11-26T09:00:00Z' } });
  });

  it('when the body, the secret or the timestamp is wrong, then verification fails', () => {
    const verifier = new WebhookVerifier(SECRET);
    const good = signed('w3', { id: 'a1', state: 'READY', stateReason: 'READY_TO_SHIP' });
    expect(() => verifier.verify(good.raw.replace('READY_TO_SHIP', 'READY_PAID'), good.headers)).to.throw(WebhookVerificationError);
    const other = signed('w3', { id: 'a1' }, `whsec_${Buffer.from('another').toString('base64')}`);
    expect(() => verifier.verify(other.raw, other.headers)).to.throw(WebhookVerificationError);
    const old = signed('w3', { id: 'a1' }, SECRET, new Date(Date.now() - 10 * 60_000));
    expect(() => verifier.verify(old.raw, old.headers)).to.throw(WebhookVerificationError);
  });

  it('when the secret is being rotated, then either of two signatures is accepted', () => {
    const old = `whsec_${Buffer.from('the previous secret').toString('base64')}`;
    const { raw, headers } = signed('w4', { id: 'a1', state: 'READY', stateReason: 'READY_PAID' });
    const both = { ...headers, 'webhook-signature': `${signed('w4', JSON.parse(raw), old).headers['webhook-signature']} ${headers['webhook-signature']}` };
    expect(new WebhookVerifier(SECRET).verify(raw, both).webhookId).to.equal('w4');
  });

  it('when a webhook-id comes again, then the handler runs once; a failed handler leaves it unseen', async () => {
    const verifier = new WebhookVerifier(SECRET, new MemorySeenStore());
    const { raw, headers } = signed('w5', { id: 'a1', state: 'READY', stateReason: 'READY_TO_SHIP' });
    const handled: Notification[] = [];
    await verifier
      .handle(raw, headers, () => {
        throw new Error('database down');
      })
      .catch(() => {});
    expect(
      await verifier.handle(raw, headers, (n) => {
        handled.push(n);
      }),
    ).to.equal('handled');
    expect(
      await verifier.handle(raw, headers, (n) => {
        handled.push(n);
      }),
    ).to.equal('duplicate');
    expect(handled).to.have.length(1);
  });

  it('when the memory store is full, then the oldest id is forgotten first', () => {
    const store = new MemorySeenStore(2);
    ['a', 'b', 'c'].forEach((id) => store.add(id));
    expect(['a', 'b', 'c'].map((id) => store.has(id))).to.deep.equal([false, true, true]);
  });
});

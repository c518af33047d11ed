import { expect } from 'chai';
import { WebhookSigner } from './signing.js';
import { WebhookVerifier, WebhookVerificationError } from './webhooks.js';

const SECRET = `whsec_${Buffer.from('the partner secret of a test').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('a secret being rotated out').toString('base64')}`;

describe('the webhook signer', () => {
  it('when a notification is signed, then the verifier accepts exactly those bytes', () => {
    const body = JSON.stringify({ id: 'a1', state: 'READY', stateReason: 'READY_TO_SHIP' });
    const headers = new WebhookSigner(SECRET).headers('w1', body);
    expect(new WebhookVerifier(SECRET).verify(body, headers).webhookId).to.equal('w1');
    expect(() => new WebhookVerifier(SECRET).verify(body.replace('READY_TO_SHIP', 'READY_PAID'), headers)).to.throw(WebhookVerificationError);
  });

  it('when two secrets sign (a rotation), then a verifier of either accepts it', () => {
    const body = '{"id":"a1"}';
    const headers = new WebhookSigner([OTHER, SECRET]).headers('w2', body, new Date());
    expect(headers['webhook-signature'].split(' ')).to.have.length(2);
    for (const s of [SECRET, OTHER]) expect(new WebhookVerifier(s).verify(body, headers).webhookId).to.equal('w2');
  });

  it('when the secret is not base64, then the signer refuses it', () => {
    expect(() => new WebhookSigner('whsec_not base64!')).to.throw(TypeError, /whsec_/);
    expect(() => new WebhookSigner([])).to.throw(TypeError);
  });
});

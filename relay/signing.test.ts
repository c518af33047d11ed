import { expect } from 'chai';
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { WebhookSigner } from './signing.js';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('Standard Webhooks signing', () => {
  const payload = JSON.stringify({ id: 'app-1', state: 'READY', stateReason: 'READY_TO_SHIP' });

  it('when a notification is signed, then the reference verifier accepts it and the signature is HMAC-SHA256 of id.timestamp.body', () => {
    const secret = newSecret();
    const headers = new WebhookSigner().headers('msg_1', payload, [secret], new Date());
    expect(new Webhook(secret).verify(payload, { ...headers })).to.deep.equal(JSON.parse(payload));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.${headers['webhook-timestamp']}.${payload}`).digest('base64');
    expect(headers['webhook-signature']).to.equal(`v1,${expected}`);
  });

  it('when the partner rotates its secret, then both secrets sign and a verifier with either one accepts', () => {
    const [newer, older] = [newSecret(), newSecret()];
    const headers = new WebhookSigner().headers('msg_2', payload, [newer, older], new Date());
    expect(headers['webhook-signature'].split(' ')).to.have.length(2);
    expect(() => new Webhook(newer).verify(payload, { ...headers })).not.to.throw();
    expect(() => new Webhook(older).verify(payload, { ...headers })).not.to.throw();
  });

  it('when the body is altered or the secret is another, then verification fails', () => {
    const secret = newSecret();
    const headers = new WebhookSigner().headers('msg_3', payload, [secret], new Date());
    expect(() => new Webhook(secret).verify(payload.replace('READY', 'REJECTED'), { ...headers })).to.throw(WebhookVerificationError);
    expect(() => new Webhook(newSecret()).verify(payload, { ...headers })).to.throw(WebhookVerificationError);
  });

  it('when there is no secret, then nothing is signed', () => {
    expect(() => new WebhookSigner().headers('msg_4', payload, [], new Date())).to.throw(/no signing secret/);
  });
});

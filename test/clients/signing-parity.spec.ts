import { expect } from 'chai';
import { WebhookSigner as RelaySigner } from '../../relay/signing.js';
import { WebhookSigner } from '../../clients/typescript/src/signing.js';

const secret = (text: string) => `whsec_${Buffer.from(text).toString('base64')}`;

/** `listen` signs its forwards with the client's signer: it must sign exactly as the relay does. */
describe("the client's webhook signer beside the relay's", () => {
  it('when both sign the same notification at the same time, then the headers are the same, one secret or two', () => {
    const at = new Date('2026-11-26T10:00:00.750Z');
    const relay = new RelaySigner();
    for (const secrets of [[secret('one partner')], [secret('the old one'), secret('the new one')]]) {
      for (const [id, body] of [
        ['w1', '{"id":"a1","state":"READY","stateReason":"READY_TO_SHIP"}'],
        ['w2', '{"paymentId":"p1","note":"ž ✓"}'],
      ] as const) {
        expect(new WebhookSigner(secrets).headers(id, body, at)).to.deep.equal(relay.headers(id, body, secrets, at));
      }
    }
  });
});

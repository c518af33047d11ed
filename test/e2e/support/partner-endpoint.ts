import { expect } from 'chai';
import { Receiver, acknowledge, verify, type Received } from '../../relay/support/receiver.js';
import { waitFor } from '../../support/wait.js';

/** A webhook as the partner's code would see it once the signature is verified. */
export interface Arrival {
  webhookId: string;
  body: any;
  /** the application the notification is about (an application's id, a payment's applicationId) */
  applicationId: string;
  /** stateReason of an application notification, type (PAYOUT, CREDIT_NOTE) of a payment */
  label: string;
  request: Received;
}

/**
 * A partner's webhook endpoint that acknowledges per the spec (`{statusCode: "200", status:
 * "OK"}`) and checks every request as a partner would: the Standard Webhooks signature
 * under the partner's secret (the reference `standardwebhooks` verifier), JSON body.
 */
export class PartnerEndpoint {
  readonly receiver = new Receiver(acknowledge);

  async start(): Promise<this> {
    await this.receiver.start();
    return this;
  }

  url(path = '/hooks/financing'): string {
    return this.receiver.url(path);
  }

  /** Every request so far, verified with `secret` (throws on the first bad signature). */
  verified(secret: string): Arrival[] {
    return this.receiver.requests.map((r) => {
      const body = verify(r, secret) as any;
      expect(JSON.parse(r.body), 'the signed body is the body').to.deep.equal(body);
      return {
        webhookId: r.webhookId,
        body,
        applicationId: body.applicationId ?? body.id,
        label: body.type ?? body.stateReason,
        request: r,
      };
    });
  }

  /** The first attempt of each notification about `applicationId`, in arrival order. */
  firstArrivals(secret: string, applicationId: string): Arrival[] {
    const seen = new Set<string>();
    return this.verified(secret).filter((a) => {
      if (a.applicationId !== applicationId || seen.has(a.webhookId)) return false;
      seen.add(a.webhookId);
      return true;
    });
  }

  /** Waits until the notifications about `applicationId` carry exactly `labels`, in order. */
  async waitForSequence(secret: string, applicationId: string, labels: string[], maxWait = 20_000): Promise<Arrival[]> {
    await waitFor(
      `${labels.join(' → ')} for ${applicationId} (have ${this.firstArrivals(secret, applicationId)
        .map((a) => a.label)
        .join(', ')})`,
      () => this.firstArrivals(secret, applicationId).length >= labels.length,
      { maxWait, interval: 25 },
    );
    const arrivals = this.firstArrivals(secret, applicationId);
    expect(
      arrivals.map((a) => a.label),
      `notifications of ${applicationId}`,
    ).to.deep.equal(labels);
    return arrivals;
  }

  stop(): Promise<void> {
    return this.receiver.stop();
  }
}

/**
 * The module as a shop uses it: start the sandbox image, run a purchase through the
 * TypeScript client (create -> sandbox approve -> send -> deliver -> payments) with the
 * webhooks received and verified on this machine, and a rejection. Needs the image
 * (`npm run images`) and a Docker engine; run by `npm run test:containers`.
 */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACKNOWLEDGEMENT, createFinancingClient, must, WebhookVerifier,
  type FinancingApi, type Notification, type Payment,
} from '@partner-financing/client';
import { getContainerRuntimeClient, ImageName } from 'testcontainers';
import { kettleOrder } from '../../../examples/shop/order.js';
import { DEFAULT_IMAGE, PartnerFinancingSandbox, type StartedPartnerFinancingSandbox } from '../src/index.js';

/** The shop's webhook endpoint: verifies each request and keeps what it handled. */
class Inbox {
  readonly handled: Notification[] = [];
  private readonly server: http.Server;

  constructor(secret: string) {
    const verifier = new WebhookVerifier(secret);
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        verifier.handle(Buffer.concat(chunks), req.headers, (n) => { this.handled.push(n); }).then(
          () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ACKNOWLEDGEMENT)),
          () => res.writeHead(401).end(),
        );
      });
    });
  }

  /** Listens on `host` (the sandbox's way to this machine), on a free port. */
  async listen(host: string): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async waitFor(what: string, match: (n: Notification) => boolean, timeoutMs = 30_000): Promise<Notification> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.handled.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no webhook ${what} within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const PASSWORD = 'correct horse battery staple';

describe('testcontainers-node: PartnerFinancingSandbox', function () {
  this.timeout(180_000);
  let sandbox: StartedPartnerFinancingSandbox;
  let inbox: Inbox;
  let api: FinancingApi;
  let endpoint: string;
  let readyMs = 0;

  before(async () => {
    const t0 = Date.now();
    // the partner's credentials given (the webhook secret is made by the service)
    sandbox = await new PartnerFinancingSandbox().withPartner({ username: 'tc-shop', password: PASSWORD }).start();
    readyMs = Date.now() - t0;
    const client = await getContainerRuntimeClient();
    const name = process.env.PF_SANDBOX_IMAGE ?? DEFAULT_IMAGE;
    const image = await client.image.inspect(ImageName.fromString(name));
    console.log(`      sandbox ready in ${(readyMs / 1000).toFixed(1)} s (start() from container create to the ready line) at ${sandbox.baseUrl}; image ${name}: ${(image.Size / 1e6).toFixed(0)} MB`);
    inbox = new Inbox(sandbox.webhookSecret);
    endpoint = sandbox.webhookUrl(await inbox.listen(sandbox.hostGateway), '/hooks/financing');
    api = createFinancingClient({ baseUrl: sandbox.baseUrl, username: sandbox.username, password: sandbox.password, ca: sandbox.caCertificate });
  });

  after(async () => {
    await inbox?.close();
    if (sandbox) {
      const t0 = Date.now();
      await sandbox.stop({ timeout: 30_000 });
      console.log(`      sandbox stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  });

  it('is ready in under 15 s', () => {
    expect(readyMs).to.be.above(0).and.below(15_000);
  });

  it('gives the partner, its webhook secret and the CA certificate of the API', () => {
    expect(sandbox.username).to.equal('tc-shop');
    expect(sandbox.password).to.equal(PASSWORD);
    expect(sandbox.webhookSecret).to.match(/^whsec_/);
    expect(sandbox.caCertificate).to.contain('BEGIN CERTIFICATE');
    expect(sandbox.baseUrl).to.match(/^https:\/\/localhost:\d+$/);
  });

  it('publishes the API on 127.0.0.1 only', async () => {
    const client = await getContainerRuntimeClient();
    const info = await client.container.inspect(client.container.getById(sandbox.getId()));
    const bindings = Object.values(info.HostConfig.PortBindings ?? {}).flat() as Array<{ HostIp: string }>;
    expect(bindings.map((b) => b.HostIp)).to.deep.equal(['127.0.0.1']);
  });

  it('runs a purchase: create, sandbox approve, send, deliver, payments, each confirmed by a signed webhook', async () => {
    const created = await must(api.POST('/financing/v1/applications', { body: kettleOrder(`TC-${Date.now().toString(36)}`, endpoint) }));
    const id = created.id;
    const app = (reason: string) => (n: Notification) => n.type === 'application' && n.data.id === id && n.data.stateReason === reason;
    const path = { params: { path: { applicationId: id } } };
    await inbox.waitFor('PROCESSING_REDIRECT_NEEDED', app('PROCESSING_REDIRECT_NEEDED'));

    await sandbox.approve(id);
    await inbox.waitFor('READY_TO_SHIP', app('READY_TO_SHIP'));

    await must(api.PUT('/financing/v1/applications/{applicationId}/order/send', { ...path, body: { deliveryTrackingNumber: 'PPL-1', deliveryCarrier: { carrierId: 'PPL' } } }));
    await inbox.waitFor('READY_SHIPPED', app('READY_SHIPPED'));
    await must(api.PUT('/financing/v1/applications/{applicationId}/order/deliver', { ...path, body: {} }));
    await inbox.waitFor('READY_DELIVERED', app('READY_DELIVERED'));
    const payout = await inbox.waitFor('PAYOUT', (n) => n.type === 'payment' && n.data.applicationId === id && n.data.type === 'PAYOUT');

    const payments = await must(api.GET('/financing/v1/applications/{applicationId}/payments', { params: { path: { applicationId: id }, query: { limit: 50 } } }));
    expect(payments.data.map((p) => p.type)).to.deep.equal(['PAYOUT']);
    expect(payments.data[0]!.value).to.deep.equal((payout.data as Payment).value);
    expect(payments.data[0]!.value.amount, 'the whole order: the sandbox partner pays no fee').to.equal(150000);
  });

  it('rejects through the sandbox decision helper', async () => {
    const created = await must(api.POST('/financing/v1/applications', { body: kettleOrder(`TC-R-${Date.now().toString(36)}`, endpoint) }));
    await inbox.waitFor('PROCESSING_REDIRECT_NEEDED', (n) => n.type === 'application' && n.data.id === created.id && n.data.stateReason === 'PROCESSING_REDIRECT_NEEDED');
    await sandbox.reject(created.id);
    const rejected = await inbox.waitFor('REJECTED', (n) => n.type === 'application' && n.data.id === created.id && n.data.state === 'REJECTED');
    expect(rejected.type).to.equal('application');
  });
});

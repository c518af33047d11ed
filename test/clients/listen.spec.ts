import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createFinancingClient, must } from '../../clients/typescript/src/index.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { approvedApplication, CliRun, feed, Receiver } from './support/listen-support.js';

/**
 * `partner-financing listen` against the real API (in-process, its own database and
 * topics): the partner's feed forwarded to a local endpoint, signed as the relay signs,
 * resumed after a stop, a network loss and a paused process, filtered by --events.
 */
describe("the client's listen command against the API", function () {
  this.timeout(180_000);
  let t: TestApi;
  let dir: string;
  let caFile: string;
  const runs: CliRun[] = [];
  const receivers: Receiver[] = [];

  before(async () => {
    t = await startTestApi({ SANDBOX: 'true' });
    dir = await mkdtemp(path.join(tmpdir(), 'listen-spec-'));
    caFile = path.join(dir, 'service-cert.pem');
    await writeFile(caFile, t.api.tls.cert);
  });

  afterEach(async () => {
    for (const run of runs.splice(0)) await run.stop('SIGKILL');
    for (const r of receivers.splice(0)) await r.stop();
  });

  after(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const receiver = async (partner: TestPartner) => {
    const r = await new Receiver(partner.webhookSecret).start();
    receivers.push(r);
    return r;
  };
  const env = (partner: TestPartner) => ({
    FINANCING_USERNAME: partner.username,
    FINANCING_PASSWORD: partner.password,
    FINANCING_WEBHOOK_SECRET: partner.webhookSecret,
  });
  const listen = (partner: TestPartner, args: string[], baseUrl = t.baseUrl) => {
    const run = new CliRun(['listen', '--base-url', baseUrl, '--ca-file', caFile, '--poll-interval', '100', ...args], env(partner));
    runs.push(run);
    return run;
  };
  /** what was received equals the feed: same ids in the same order, each once, each body the feed's, each signature valid */
  const expectForwardedOnceInOrder = async (r: Receiver, partner: TestPartner, run: CliRun) => {
    const events = await feed(t, partner);
    expect(r.ids(), run.output).to.deep.equal(events.map((e) => e.id));
    expect(
      r.received.every((x) => x.verified),
      'every signature verifies with WebhookVerifier',
    ).to.equal(true);
    expect(r.received.map((x) => x.body)).to.deep.equal(events.map((e) => JSON.stringify(e.data)));
    expect(r.received.every((x) => x.headers['content-type'] === 'application/json')).to.equal(true);
  };

  it("when listen is stopped and started again, then every notification is forwarded once, in order, signed with the partner's secret", async () => {
    const partner = await provisionPartner(t);
    const r = await receiver(partner);
    const stateFile = path.join(dir, 'resume-state.json');

    const first = listen(partner, ['--forward-to', r.url, '--state-file', stateFile]);
    await first.waitFor(/starting at the end of the feed: 0 earlier event\(s\) not forwarded/);
    await first.waitFor(/ready: forwarding every event of shop-\S+ at https:\/\/localhost:\d+ to http:\/\/127\.0\.0\.1:\d+\/hooks/);
    const a = await approvedApplication(t, partner);
    await waitFor("the first application's events forwarded", () => r.received.length >= a.feedLength, { maxWait: 20_000 });
    expect(await first.stop(), first.output).to.equal(0);
    const stoppedAt = first.stderr.match(/stopped after event (\S+): (\d+) forwarded/);
    expect(stoppedAt, first.output).to.not.equal(null);
    expect(stoppedAt![1]).to.equal(r.ids().at(-1));
    expect(JSON.parse(await readFile(stateFile, 'utf8')).lastEventId).to.equal(stoppedAt![1]);
    expect(first.stdout.trim().split('\n')).to.have.length(a.feedLength);
    expect(first.stdout).to.match(/application READY \/ READY_TO_SHIP \(application \S+, event \S+\) -> 200 in \d+ ms/);

    // while nothing listens: more notifications
    const b = await approvedApplication(t, partner);
    expect(r.received).to.have.length(a.feedLength);

    const second = listen(partner, ['--forward-to', r.url, '--state-file', stateFile]);
    await second.waitFor(new RegExp(`resuming after event ${stoppedAt![1]}`));
    await waitFor("the second application's events forwarded", () => r.received.length >= b.feedLength, { maxWait: 20_000 });
    const c = await approvedApplication(t, partner); // and one while it runs
    await waitFor("the third application's events forwarded", () => r.received.length >= c.feedLength, { maxWait: 20_000 });
    expect(await second.stop(), second.output).to.equal(0);
    await expectForwardedOnceInOrder(r, partner, second);
    expect(new Set(r.ids()).size).to.equal(c.feedLength);
  });

  it('when the network to the service is lost, the process is paused, or the local endpoint is down, then listen says so, keeps trying and forwards everything once', async () => {
    const partner = await provisionPartner(t);
    const r = await receiver(partner);
    // a TCP proxy in front of the API: closing it is a network loss for listen
    const sockets = new Set<net.Socket>();
    let proxy = net.createServer((client) => {
      const upstream = net.connect(t.api.httpsPort, '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    const listenOn = (p: net.Server, port: number) => new Promise<void>((resolve) => p.listen(port, '127.0.0.1', resolve));
    await listenOn(proxy, 0);
    const proxyPort = (proxy.address() as net.AddressInfo).port;
    const handler = proxy.listeners('connection')[0] as (s: net.Socket) => void;
    const cut = async () => {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    };

    const run = listen(partner, ['--forward-to', r.url, '--state-file', path.join(dir, 'outage-state.json')], `https://localhost:${proxyPort}`);
    await run.waitFor(/ready: forwarding/);
    const a = await approvedApplication(t, partner);
    await waitFor('forwarded before the outage', () => r.received.length >= a.feedLength, { maxWait: 20_000 });

    await cut();
    await run.waitFor(/the feed could not be read: GET \/financing\/v1\/events: no answer after 4 tries \(ECONNREFUSED[^)]*\); trying again in \d+ s/);
    const b = await approvedApplication(t, partner); // events while listen cannot reach the service
    proxy = net.createServer(handler);
    await listenOn(proxy, proxyPort);
    await run.waitFor(/the service answers again: resuming after event \S+/);
    await waitFor('forwarded after the outage', () => r.received.length >= b.feedLength, { maxWait: 30_000 });

    // the process paused (a laptop lid closed) while events come
    run.signal('SIGSTOP');
    const c = await approvedApplication(t, partner);
    run.signal('SIGCONT');
    await waitFor('forwarded after the pause', () => r.received.length >= c.feedLength, { maxWait: 30_000 });

    // the shop's endpoint is down: the event waits and is forwarded once it is back
    const port = r.port;
    await r.stop();
    const d = await approvedApplication(t, partner);
    await run.waitFor(/event \S+ not forwarded: http:\/\/127\.0\.0\.1:\d+\/hooks did not answer \(ECONNREFUSED\); trying again in \d+ s/);
    await r.start(port);
    await waitFor('forwarded once the endpoint is back', () => r.received.length >= d.feedLength, { maxWait: 30_000 });

    expect(await run.stop(), run.output).to.equal(0);
    proxy.close();
    for (const s of sockets) s.destroy();
    await expectForwardedOnceInOrder(r, partner, run);
  });

  it("when --events names stateReasons, then only those are forwarded, the endpoint's refusals are reported, and the position still moves past the rest", async () => {
    const partner = await provisionPartner(t);
    const r = await receiver(partner);
    await approvedApplication(t, partner);
    r.status = 500;
    const run = listen(partner, [
      '--forward-to',
      r.url,
      '--from-start',
      '--events',
      'READY_TO_SHIP,PAYOUT',
      '--state-file',
      path.join(dir, 'filter-state.json'),
    ]);
    await run.waitFor(/forwarding the whole feed from its start/);
    await run.waitFor(/ready: forwarding the events named by --events \(READY_TO_SHIP, PAYOUT\)/);
    await waitFor('the READY_TO_SHIP forwarded', () => r.received.length >= 1, { maxWait: 20_000 });
    await run.waitFor(/-> 500, not an acknowledgement \(the service wants a 2xx with \{"status": "OK"\} and would retry\)/, 'stdout');
    const events = await feed(t, partner);
    expect(events.length).to.be.greaterThan(1);
    expect(await run.stop(), run.output).to.equal(0);
    expect(r.received.map((x) => JSON.parse(x.body).stateReason)).to.deep.equal(['READY_TO_SHIP']);
    expect(run.stderr).to.match(new RegExp(`stopped after event ${events.at(-1)!.id}: 1 forwarded, ${events.length - 1} left out by --events`));
  });

  it('when the credentials, the certificate or the saved position are wrong, then listen exits 1 saying what to do', async () => {
    const partner = await provisionPartner(t);
    const r = await receiver(partner);
    const args = ['--forward-to', r.url];

    const badPassword = new CliRun(['listen', '--base-url', t.baseUrl, '--ca-file', caFile, '--state-file', path.join(dir, 'bad-1.json'), ...args], {
      ...env(partner),
      FINANCING_PASSWORD: 'not-the-password',
    });
    runs.push(badPassword);
    expect(await badPassword.exited, badPassword.output).to.equal(1);
    expect(badPassword.stderr).to.match(new RegExp(`partner-financing: the service refused the login of ${partner.username} \\(400 INVALID_CREDENTIALS\\)`));

    const noCa = new CliRun(['listen', '--base-url', t.baseUrl, '--state-file', path.join(dir, 'bad-2.json'), ...args], env(partner));
    runs.push(noCa);
    expect(await noCa.exited, noCa.output).to.equal(1);
    expect(noCa.stderr).to.match(
      /presented a certificate that is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\): pass the service's certificate with --ca-file or FINANCING_CA_FILE; a local service's is printed by `npm run -s cert > local-ca.pem`/,
    );

    const stateFile = path.join(dir, 'bad-3.json');
    await writeFile(
      stateFile,
      JSON.stringify({
        baseUrl: t.baseUrl,
        username: partner.username,
        lastEventId: '0190d3f0-0000-7000-8000-000000000000',
        updatedAt: new Date().toISOString(),
      }),
    );
    const unknown = listen(partner, [...args, '--state-file', stateFile]);
    expect(await unknown.exited, unknown.output).to.equal(1);
    expect(unknown.stderr).to.match(
      /the feed does not know event 0190d3f0-0000-7000-8000-000000000000, where the state file \S+ says to resume .* --from-start/,
    );
    expect(r.received).to.have.length(0);
  });

  it('when npm run -s cert runs at the root, then it prints the certificate the service presents, which the client then trusts', async () => {
    const run = new CliRun(['run', '-s', 'cert', '--', '--base-url', t.baseUrl], {}, ['npm']);
    runs.push(run);
    expect(await run.exited, run.output).to.equal(0);
    const lines = (pem: string) => pem.replace(/\r/g, '').trim();
    expect(lines(run.stdout)).to.equal(lines(t.api.tls.cert));
    expect(run.stderr).to.match(/It is self-signed: trust exactly this file/);
    const printed = path.join(dir, 'printed-cert.pem');
    await writeFile(printed, run.stdout);
    const partner = await provisionPartner(t);
    const api = createFinancingClient({ baseUrl: t.baseUrl, username: partner.username, password: partner.password, caFile: printed });
    expect(await must(api.GET('/financing/v1/events', { params: { query: { limit: 1 } } }))).to.deep.include({ data: [] });
  });
});

import { expect } from 'chai';
import { Abandon } from './abandon.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ABORTED, WebhookClient } from './webhook-client.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

describe('WebhookClient (a local receiver on 127.0.0.1)', () => {
  let server: http.Server;
  let handler: Handler;
  let hits = 0;
  let base: string;
  const client = new WebhookClient({ timeoutMs: 300, allowPrivateNetworks: true });

  before(async () => {
    server = http.createServer((req, res) => {
      hits++;
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => handler(req, res, body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    client.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    hits = 0;
  });

  const json =
    (status: number, body: unknown): Handler =>
    (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };

  it('when the receiver answers 200 {status: "OK"}, then the attempt is acknowledged and the request carried the body and headers', async () => {
    let seen: { headers: http.IncomingHttpHeaders; body: string } | undefined;
    handler = (req, res, body) => {
      seen = { headers: req.headers, body };
      json(200, { statusCode: '200', status: 'OK' })(req, res, body);
    };
    const r = await client.post(`${base}/hook`, '{"id":"a"}', { 'webhook-id': 'msg_1' });
    expect(r).to.include({ outcome: 'ACKNOWLEDGED', statusCode: 200 });
    expect(seen!.body).to.equal('{"id":"a"}');
    expect(seen!.headers).to.include({ 'webhook-id': 'msg_1', 'content-type': 'application/json' });
  });

  const failures: Array<[string, Handler, string]> = [
    ['a 2xx whose status is not OK', json(200, { status: 'ERROR' }), 'NOT_ACKNOWLEDGED'],
    [
      'a 2xx that is not JSON',
      (_q, res) => {
        res.writeHead(200);
        res.end('OK');
      },
      'NOT_ACKNOWLEDGED',
    ],
    ['a 500 with status OK', json(500, { status: 'OK' }), 'HTTP_ERROR'],
    [
      'a redirect',
      (_q, res) => {
        res.writeHead(302, { location: '/elsewhere' });
        res.end();
      },
      'HTTP_ERROR',
    ],
  ];
  for (const [what, h, outcome] of failures) {
    it(`when the receiver answers ${what}, then the attempt fails as ${outcome}`, async () => {
      handler = h;
      const r = await client.post(`${base}/hook`, '{}', {});
      expect(r).to.include({ outcome });
      expect(hits).to.equal(1); // a redirect is not followed
    });
  }

  it("when the receiver answers with a large error page, then the attempt keeps its headers in order and the page's first 2048 characters", async () => {
    handler = (_q, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html', 'X-Served-By': 'edge-7', 'X-Long': 'v'.repeat(1000) });
      res.end(`<html>${'e'.repeat(5000)}</html>`);
    };
    const r = await client.post(`${base}/hook`, '{}', {});
    expect(r).to.include({ outcome: 'HTTP_ERROR', statusCode: 502 });
    if (typeof r === 'symbol') throw new Error('aborted');
    expect(r.responseExcerpt).to.have.length(2048);
    expect(r.responseHeaders!.slice(0, 3)).to.deep.equal([
      ['content-type', 'text/html'],
      ['x-served-by', 'edge-7'],
      ['x-long', 'v'.repeat(300)],
    ]);
  });

  it('when the receiver never answers, then the attempt fails as TIMEOUT at the per-attempt deadline', async () => {
    handler = () => {
      /* hang */
    };
    const started = Date.now();
    const r = await client.post(`${base}/hook`, '{}', {});
    expect(r).to.include({ outcome: 'TIMEOUT' });
    expect(Date.now() - started).to.be.within(280, 1500);
  });

  it('when the attempt is aborted (shutdown), then it ends at once as ABORTED', async () => {
    handler = () => {
      /* hang */
    };
    const ac = new Abandon();
    const pending = client.post(`${base}/hook`, '{}', {}, ac);
    setTimeout(() => ac.abort(), 20);
    expect(await pending).to.equal(ABORTED);
  });

  it('when nothing listens on the port, then the attempt fails as NETWORK_ERROR', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await client.post(`http://127.0.0.1:${port}/hook`, '{}', {});
    expect(r).to.include({ outcome: 'NETWORK_ERROR' });
    // the recorded error (the partner reads it) names the kind of failure, not the address or port tried
    expect((r as { error: string }).error)
      .to.match(/^ECONNREFUSED/)
      .and.not.include('127.0.0.1')
      .and.not.include(String(port));
  });

  it('when private networks are not allowed, then neither a loopback literal nor a name resolving to loopback is contacted', async () => {
    const strict = new WebhookClient({ timeoutMs: 300, allowPrivateNetworks: false });
    handler = json(200, { status: 'OK' });
    const port = (server.address() as AddressInfo).port;
    expect(await strict.post(`http://127.0.0.1:${port}/hook`, '{}', {})).to.include({ outcome: 'REFUSED_ADDRESS' });
    const byName = await strict.post(`http://localhost:${port}/hook`, '{}', {});
    expect(byName).to.include({ outcome: 'REFUSED_ADDRESS' });
    // which address a name resolves to from inside our network is not the partner's to read
    expect((byName as { error: string }).error)
      .to.match(/not on a public network/)
      .and.not.match(/127\.0\.0\.1|::1|loopback/);
    expect(byName).not.to.have.property('responseExcerpt');
    expect(hits).to.equal(0);
    strict.close();
  });
});

import { expect } from 'chai';
import type dns from 'node:dns';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedTls } from '../http/tls.js';
import { FetchFailed, guardedHttpsGet, ResponseTooLarge, type GuardedFetchOptions } from './guarded-fetch.js';
import { RefusedAddressError, type Resolver } from './ssrf-guard.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MAX = 1024;

/** A resolver from a table that counts its questions: no test depends on real DNS. */
function tableResolver(table: Record<string, string>) {
  const asked: string[] = [];
  const resolve: Resolver = (hostname, _options, callback) => {
    asked.push(hostname);
    const address = table[hostname];
    if (!address) return callback(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: 4 } as dns.LookupAddress]);
  };
  return { resolve, asked };
}

describe('guardedHttpsGet (a local https server on 127.0.0.1)', function () {
  this.timeout(10_000);
  let server: https.Server;
  let port: number;
  let ca: string;
  let hits: string[] = [];
  before(async () => {
    const tls = await selfSignedTls();
    ca = tls.cert;
    server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') return void res.writeHead(302, { Location: '/file.pdf' }).end();
      if (req.url === '/missing') return void res.writeHead(404).end();
      if (req.url === '/big') return void res.end(Buffer.alloc(MAX + 1));
      if (req.url === '/big-chunked') {
        for (let i = 0; i < 4; i++) res.write(Buffer.alloc(MAX / 2));
        return void res.end();
      }
      if (req.url === '/drip') {
        const t = setInterval(() => res.write('x'), 50);
        return void res.on('close', () => clearInterval(t));
      }
      res.end(PDF);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    hits = [];
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const opts = (over: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({ allowPrivateNetworks: true, timeoutMs: 2000, maxBytes: MAX, ca, ...over });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('expected a refusal'),
      (e: Error) => e,
    );

  it('when private networks are allowed, then the file is fetched over a connection made to the address the guard checked', async () => {
    const dns = tableResolver({ localhost: '127.0.0.1' });
    const body = await guardedHttpsGet(`https://localhost:${port}/file.pdf`, opts({ resolve: dns.resolve }));
    expect(body.equals(PDF)).to.equal(true);
    expect(dns.asked).to.deep.equal(['localhost']);
  });

  it('when a name resolves to a private address and private networks are not allowed, then nothing is connected', async () => {
    for (const [host, address] of [
      ['files.shop.example', '10.20.30.40'],
      ['localhost', '127.0.0.1'],
      ['meta.shop.example', '169.254.169.254'],
    ] as const) {
      const dns = tableResolver({ [host]: address });
      const err = await failure(guardedHttpsGet(`https://${host}:${port}/file.pdf`, opts({ allowPrivateNetworks: false, resolve: dns.resolve })));
      expect(err, host).to.be.instanceOf(RefusedAddressError);
      expect((err as RefusedAddressError).address).to.equal(address);
    }
    expect(hits).to.deep.equal([]);
  });

  it('when the URL is a private IP literal and private networks are not allowed, then it is refused before any connection', async () => {
    const err = await failure(guardedHttpsGet(`https://127.0.0.1:${port}/file.pdf`, opts({ allowPrivateNetworks: false })));
    expect(err).to.be.instanceOf(RefusedAddressError);
    expect(hits).to.deep.equal([]);
  });

  it('when the server redirects or answers another status, then the fetch fails without following', async () => {
    expect((await failure(guardedHttpsGet(`https://127.0.0.1:${port}/moved`, opts()))).message).to.match(/302 \(redirects are not followed\)/);
    expect((await failure(guardedHttpsGet(`https://127.0.0.1:${port}/missing`, opts()))).message).to.match(/404/);
    expect(hits).to.deep.equal(['/moved', '/missing']);
  });

  it('when the body is larger than the limit, announced or streamed, then the fetch stops with ResponseTooLarge', async () => {
    expect(await failure(guardedHttpsGet(`https://127.0.0.1:${port}/big`, opts()))).to.be.instanceOf(ResponseTooLarge);
    expect(await failure(guardedHttpsGet(`https://127.0.0.1:${port}/big-chunked`, opts()))).to.be.instanceOf(ResponseTooLarge);
  });

  it('when the server drips the body past the timeout, then the fetch fails at the deadline', async () => {
    const started = Date.now();
    const err = await failure(guardedHttpsGet(`https://127.0.0.1:${port}/drip`, opts({ timeoutMs: 300 })));
    expect(err).to.be.instanceOf(FetchFailed);
    expect(err.message).to.match(/within 300 ms/);
    expect(Date.now() - started).to.be.below(2000);
  });

  it('when the URL is not https, then nothing is fetched', async () => {
    expect(await failure(guardedHttpsGet(`http://127.0.0.1:${port}/file.pdf`, opts()))).to.be.instanceOf(FetchFailed);
    expect(hits).to.deep.equal([]);
  });
});

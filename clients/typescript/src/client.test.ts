import { expect } from 'chai';
import { createFinancingClient, must, type Fetch } from './client.js';
import { FinancingApiError, FinancingConnectionError } from './errors.js';

const BASE = 'https://financing.test';

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  key: string | null;
  body: string;
}

/** A fake service: logs in with a 2-hour token and answers every other call from `answer`. */
function fakeService(answer: (seen: Seen, nth: number) => Response | Error) {
  const seen: Seen[] = [];
  let logins = 0;
  const fetch: Fetch = async (req) => {
    const s: Seen = {
      method: req.method,
      path: new URL(req.url).pathname,
      auth: req.headers.get('authorization'),
      key: req.headers.get('idempotency-key'),
      body: await req.text(),
    };
    if (s.path === '/authentication/v1/partner') {
      logins += 1;
      return Response.json({ accessToken: `token-${logins}`, expiresIn: 7200 });
    }
    seen.push(s);
    const out = answer(s, seen.length);
    if (out instanceof Error) throw out;
    return out;
  };
  return { fetch, seen, logins: () => logins };
}

const created = () => Response.json({ id: 'a1', state: 'PROCESSING' }, { status: 201 });
const conflict = (code: string, retryAfter?: string) =>
  Response.json({ errors: [{ code, message: 'repeat', severity: 'ERROR' }] }, { status: 409, headers: retryAfter ? { 'retry-after': retryAfter } : {} });
const busy = (status: number, retryAfter: string) =>
  Response.json({ errors: [{ code: 'RATE_LIMITED', message: 'later', severity: 'ERROR' }] }, { status, headers: { 'retry-after': retryAfter } });

describe('the TypeScript client', () => {
  let clock = 0;
  const slept: number[] = [];
  const base = {
    baseUrl: BASE,
    username: 'shop',
    password: 'pw',
    now: () => clock,
    sleep: async (ms: number) => {
      slept.push(ms);
    },
  };
  beforeEach(() => {
    clock = 1_000_000;
    slept.length = 0;
  });

  it('when the token nears its expiry, then the next call logs in again first', async () => {
    const svc = fakeService(() => Response.json({ id: 'a1' }));
    const api = createFinancingClient({ ...base, fetch: svc.fetch, renewBeforeMs: 60_000 });
    const get = () => api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } });
    await get();
    clock += 7200_000 - 61_000;
    await get();
    expect(svc.logins()).to.equal(1);
    clock += 2_000; // now within the last minute of the token
    await get();
    expect(svc.logins()).to.equal(2);
    expect(svc.seen.map((s) => s.auth)).to.deep.equal(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
  });

  it('when a token is refused with 401, then the client logs in once more and repeats the call', async () => {
    const svc = fakeService((_s, n) =>
      n === 1 ? Response.json({ error: 'invalid_token', error_description: 'revoked' }, { status: 401 }) : Response.json({ id: 'a1' }),
    );
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    await must(api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } }));
    expect(svc.seen.map((s) => s.auth)).to.deep.equal(['Bearer token-1', 'Bearer token-2']);
  });

  it('when a write meets 429 and 503, then it is retried after Retry-After with the same Idempotency-Key', async () => {
    const svc = fakeService((_s, n) => (n === 1 ? busy(429, '2') : n === 2 ? busy(503, '1') : created()));
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    const app = await must(
      api.POST('/financing/v1/sandbox/applications/{applicationId}/decision', { params: { path: { applicationId: 'a1' } }, body: { outcome: 'APPROVE' } }),
    );
    expect(app.id).to.equal('a1');
    expect(slept).to.deep.equal([2000, 1000]);
    const keys = svc.seen.map((s) => s.key);
    expect(keys[0]).to.match(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).to.equal(1);
    expect(svc.seen.every((s) => s.body === '{"outcome":"APPROVE"}')).to.equal(true);
  });

  it('when the connection breaks, then the write is retried with backoff and the same key', async () => {
    const svc = fakeService((_s, n) => (n < 3 ? new TypeError('fetch failed') : created()));
    const api = createFinancingClient({ ...base, fetch: svc.fetch, retry: { baseDelayMs: 100 } });
    await api.POST('/financing/v1/sandbox/applications/{applicationId}/decision', { params: { path: { applicationId: 'a1' } }, body: { outcome: 'REJECT' } });
    expect(slept).to.deep.equal([100, 200]);
    expect(new Set(svc.seen.map((s) => s.key)).size).to.equal(1);
  });

  it('when the service stays busy, then the client gives up after maxAttempts with the typed error', async () => {
    const svc = fakeService(() => busy(503, '600'));
    const api = createFinancingClient({ ...base, fetch: svc.fetch, retry: { maxAttempts: 3, maxDelayMs: 5000 } });
    const err = await api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } }).catch((e) => e);
    expect(err).to.be.instanceOf(FinancingApiError);
    expect(err.status).to.equal(503);
    expect(err.code).to.equal('RATE_LIMITED');
    expect(svc.seen).to.have.length(3);
    expect(slept).to.deep.equal([5000, 5000]);
  });

  it('when the service refuses a call, then the error carries the spec records and is not retried', async () => {
    const svc = fakeService(() =>
      Response.json({ errors: [{ code: 'INVALID_REQUEST', message: 'bad', severity: 'ERROR', attribute: 'order.number' }] }, { status: 400 }),
    );
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    const err = await api
      .POST('/financing/v1/sandbox/applications/{applicationId}/decision', { params: { path: { applicationId: 'a1' } }, body: { outcome: 'APPROVE' } })
      .catch((e) => e);
    expect(err).to.be.instanceOf(FinancingApiError);
    expect(err.errors).to.deep.equal([{ code: 'INVALID_REQUEST', message: 'bad', severity: 'ERROR', attribute: 'order.number' }]);
    expect(svc.seen).to.have.length(1);
  });

  it('when the caller sets an Idempotency-Key, then it is kept; reads get none', async () => {
    const svc = fakeService(() => created());
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    await api.POST('/financing/v1/sandbox/applications/{applicationId}/decision', {
      params: { path: { applicationId: 'a1' } },
      body: { outcome: 'APPROVE' },
      headers: { 'Idempotency-Key': 'order-77' },
    });
    await api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } });
    expect(svc.seen.map((s) => s.key)).to.deep.equal(['order-77', null]);
  });

  it('when a write meets 409 CONCURRENT_MODIFICATION, then it is repeated with the same Idempotency-Key, after Retry-After or a backoff', async () => {
    const svc = fakeService((_s, n) => (n === 1 ? conflict('CONCURRENT_MODIFICATION') : n === 2 ? conflict('CONCURRENT_MODIFICATION', '1') : created()));
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    await must(api.PUT('/financing/v1/applications/{applicationId}/order/deliver', { params: { path: { applicationId: 'a1' } }, body: {} }));
    expect(slept).to.deep.equal([250, 1000]);
    expect(svc.seen).to.have.length(3);
    expect(new Set(svc.seen.map((s) => s.key)).size).to.equal(1);
  });

  it('when a 409 names another conflict, then it is the answer, not retried', async () => {
    const svc = fakeService(() => conflict('SOMETHING_ELSE'));
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    const err = await api
      .PUT('/financing/v1/applications/{applicationId}/order/deliver', { params: { path: { applicationId: 'a1' } }, body: {} })
      .catch((e) => e);
    expect(err).to.be.instanceOf(FinancingApiError);
    expect(err.code).to.equal('SOMETHING_ELSE');
    expect(svc.seen).to.have.length(1);
  });

  it('when the service answers 500 (no answer kept), then the request is repeated with the same key after a backoff', async () => {
    const svc = fakeService((_s, n) =>
      n === 1 ? Response.json({ errors: [{ code: 'INTERNAL_ERROR', message: 'x', severity: 'ERROR', ticketId: 't' }] }, { status: 500 }) : created(),
    );
    const api = createFinancingClient({ ...base, fetch: svc.fetch });
    await must(
      api.POST('/financing/v1/sandbox/applications/{applicationId}/decision', { params: { path: { applicationId: 'a1' } }, body: { outcome: 'APPROVE' } }),
    );
    expect(slept).to.deep.equal([250]);
    expect(new Set(svc.seen.map((s) => s.key)).size).to.equal(1);
  });

  it('when no try gets an answer, then a FinancingConnectionError names the call, the tries and the code', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8443'), { code: 'ECONNREFUSED' }),
    });
    const svc = fakeService(() => refused);
    const api = createFinancingClient({ ...base, fetch: svc.fetch, retry: { maxAttempts: 2 } });
    const err = await api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } }).catch((e) => e);
    expect(err).to.be.instanceOf(FinancingConnectionError);
    expect(err.code).to.equal('ECONNREFUSED');
    expect(err.message).to.equal('GET /financing/v1/applications/a1: no answer after 2 tries (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8443)');
    expect(err.isCertificateProblem).to.equal(false);
  });

  it('when the certificate is not trusted, then the client gives up at once, since a set-up problem does not pass by itself', async () => {
    const untrusted = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
    });
    let tries = 0;
    const naps: number[] = [];
    const api = createFinancingClient({
      ...base,
      fetch: async () => {
        tries += 1;
        throw untrusted;
      },
      sleep: async (ms: number) => {
        naps.push(ms);
      },
    });
    const err = await api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } }).catch((e) => e);
    expect(err).to.be.instanceOf(FinancingConnectionError);
    expect(err.isCertificateProblem).to.equal(true);
    expect(err.message).to.match(/no answer after 1 try \(DEPTH_ZERO_SELF_SIGNED_CERT/);
    expect([tries, naps]).to.deep.equal([1, []]);
  });

  it('when a try outlasts timeoutMs, then it is abandoned and repeated, and the last one reports TIMEOUT', async () => {
    let tries = 0;
    const hang: Fetch = async (req) => {
      if (new URL(req.url).pathname === '/authentication/v1/partner') return Response.json({ accessToken: 't', expiresIn: 7200 });
      tries += 1;
      return new Promise((_resolve, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)));
    };
    const api = createFinancingClient({ ...base, fetch: hang, timeoutMs: 20, retry: { maxAttempts: 3 } });
    const err = await api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } }).catch((e) => e);
    expect(err).to.be.instanceOf(FinancingConnectionError);
    expect(err.code).to.equal('TIMEOUT');
    expect(tries).to.equal(3);
  });

  it('when a certificate is given with a custom fetch, then the client refuses to start rather than ignore it', () => {
    expect(() => createFinancingClient({ ...base, fetch: async () => Response.json({}), ca: 'PEM' })).to.throw(TypeError, /not both/);
    expect(() => createFinancingClient({ ...base, caFile: '/nonexistent/ca.pem' })).to.throw(
      TypeError,
      /caFile \/nonexistent\/ca.pem cannot be read \(ENOENT\)/,
    );
  });

  it('when a call goes out, then it names the client and its version in User-Agent', async () => {
    let agent: string | null = null;
    const svc = fakeService(() => Response.json({ id: 'a1' }));
    const api = createFinancingClient({
      ...base,
      fetch: async (req) => {
        if (!req.url.endsWith('/partner')) agent = req.headers.get('user-agent');
        return svc.fetch(req);
      },
    });
    await api.GET('/financing/v1/applications/{applicationId}', { params: { path: { applicationId: 'a1' } } });
    expect(agent).to.match(/^partner-financing-client\/\d+\.\d+\.\d+ node\/\d+/);
  });
});

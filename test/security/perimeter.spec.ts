import { expect } from 'chai';
import https from 'node:https';
import { startTestApi, type TestApi } from '../support/api.js';
import { plainRequest, type TestResponse } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';

const LOGIN = '/authentication/v1/partner';
const UNKNOWN_APP = '/financing/v1/applications/0190d3f0-0000-7000-8000-000000000000';

function expectError(res: TestResponse, status: number, message?: RegExp, attribute?: string) {
  expect(res.status, res.text).to.equal(status);
  expect(res.body.errors).to.be.an('array').with.length.above(0);
  expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR' });
  if (message) expect(res.body.errors[0].message).to.match(message);
  if (attribute) expect(res.body.errors[0].attribute).to.equal(attribute);
}

/** A chunked (no Content-Length) upload of `bytes` over HTTPS, answered or not. */
function chunkedUpload(t: TestApi, path: string, token: string, bytes: number): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(path, t.baseUrl),
      {
        method: 'POST',
        ca: t.api.tls.cert,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    req.write('{"a":"');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end('"}');
    };
    pump();
  });
}

describe('perimeter: input hygiene on every endpoint', () => {
  let t: TestApi;
  let p: TestPartner;
  before(async () => {
    t = await startTestApi();
    p = await provisionPartner(t);
  });
  after(async () => {
    await t?.stop();
  });

  it('when the content type is not JSON, then 415 in the spec format', async () => {
    expectError(
      await t.client.post(LOGIN, undefined, { raw: 'username=a&password=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      415,
      /application\/json/,
    );
    expectError(await t.client.post(LOGIN, undefined, { raw: '{"username":"a"}', headers: { 'Content-Type': 'text/plain' } }), 415);
  });

  it('when the JSON body declares a charset other than UTF-8 or is compressed, then 415', async () => {
    expectError(await t.client.post(LOGIN, undefined, { raw: '{}', headers: { 'Content-Type': 'application/json; charset=latin1' } }), 415, /UTF-8/);
    expectError(
      await t.client.post(LOGIN, undefined, { raw: '{}', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } }),
      415,
      /Compressed/,
    );
  });

  it('when the body is not valid UTF-8, then 400', async () => {
    const raw = Buffer.concat([Buffer.from('{"username":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('","password":"x"}')]);
    expectError(await t.client.post(LOGIN, undefined, { raw }), 400, /UTF-8/);
  });

  it('when the body holds a genuine U+FFFD character, then it is read: only invalid bytes are refused', async () => {
    const res = await t.client.post(LOGIN, undefined, { raw: Buffer.from('{"username":"a\uFFFD","password":"b"}', 'utf8') });
    expect(res.status).to.be.oneOf([400, 401]);
    expect(JSON.stringify(res.body)).not.to.match(/UTF-8|not valid JSON/);
  });

  it('when a JSON body is blank, then it reads as {} (the route decides)', async () => {
    const res = await t.client.post(LOGIN, undefined, { raw: '  \n' });
    expect(res.status).to.equal(400);
    expect(JSON.stringify(res.body)).not.to.match(/not valid JSON|JSON object/);
  });

  it('when the body is not JSON, or not an object, then 400', async () => {
    expectError(await t.client.post(LOGIN, undefined, { raw: '{"username": ' }), 400, /not valid JSON/);
    expectError(await t.client.post(LOGIN, undefined, { raw: '["a"]' }), 400, /JSON object/);
    expectError(await t.client.post(LOGIN, undefined, { raw: '"text"' }), 400, /JSON object/);
  });

  it('when the body nests deeper than 32 levels, then 400 naming where', async () => {
    const deep = `{"username":"a","password":"b","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expectError(await t.client.post(LOGIN, undefined, { raw: deep }), 400, /deeper than 32/);
  });

  it('when an array holds more than 1000 elements, then 400 naming it', async () => {
    expectError(await t.client.post(LOGIN, { username: 'a', password: 'b', list: Array.from({ length: 1001 }, () => 1) }), 400, /more than 1000/, 'list');
  });

  for (const key of ['__proto__', 'constructor', 'prototype']) {
    it(`when the body holds a "${key}" key anywhere, then 400 naming it and nothing reaches a handler`, async () => {
      const raw = `{"username":"a","password":"b","customData":{"nested":{"${key}":{"isAdmin":true}}}}`;
      expectError(await t.client.post(LOGIN, undefined, { raw }), 400, new RegExp(key), `customData.nested.${key}`);
      expect(({} as any).isAdmin).to.equal(undefined);
    });
  }

  it('when an authenticated request has a bad body, then the same 4xx (the checks apply behind the perimeter too)', async () => {
    const res = await t.client.put(`${UNKNOWN_APP}/cancel`, undefined, { raw: '{"reason":', token: p.token });
    expectError(res, 400, /not valid JSON/);
  });

  it('when the body is sent chunked and passes 10 MB, then 400 INVALID_REQUEST naming the limit is answered before the upload is refused', async () => {
    const res = await chunkedUpload(t, '/financing/v1/applications', p.token, 11 * 1024 * 1024);
    expectError(res, 400, /exceeds the 10 MB limit/);
  });

  it("when a body of just under 10 MB is sent, then it is read (the answer is the route's, not the size refusal)", async () => {
    const raw = JSON.stringify({ username: 'a', password: 'b', pad: 'x'.repeat(10 * 1024 * 1024 - 100) });
    const res = await t.client.post(LOGIN, undefined, { raw, timeoutMs: 60_000 });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].attribute).to.equal('pad');
  });

  it('when a path holds an invalid %-escape, then 400, not 500', async () => {
    const res = await t.client.get('/financing/v1/applications/%E0%A4%A', { token: p.token });
    expect(res.status).to.be.oneOf([400, 404]);
    expect(res.body.errors[0].code).to.be.oneOf(['INVALID_REQUEST', 'OBJECT_NOT_FOUND']);
  });

  it('when any answer leaves, then it carries the security headers, HSTS over TLS', async () => {
    const res = await t.client.get('/v1/health');
    expect(res.headers).to.include({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});

describe('perimeter: plain HTTP', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(async () => {
    await t?.stop();
  });

  it('when the request target is absolute or starts with //, then the redirect still goes to our own host', async () => {
    const res = await plainRequest(`${t.plainUrl}//evil.example/x?y=1`, 'GET');
    expect(res.status).to.equal(308);
    expect(res.headers.location).to.match(/^https:\/\/localhost(:\d+)?\/x\?y=1$/);
    const spoofedHost = await plainRequest(`${t.plainUrl}/v1/health`, 'GET', { headers: { Host: 'evil.example' } });
    expect(spoofedHost.headers.location).to.match(/^https:\/\/localhost(:\d+)?\/v1\/health$/);
  });

  it('when the login path is written in another case or with a trailing slash, then it is still refused as a login', async () => {
    for (const path of ['/Authentication/V1/Partner', '/authentication/v1/partner/', '/authentication//v1/partner']) {
      const res = await plainRequest(`${t.plainUrl}${path}`, 'POST', { body: { username: 'u', password: 'p' } });
      expect(res.status, path).to.equal(403);
    }
  });

  it('when a token comes as an access_token query parameter, then 403 HTTPS_REQUIRED', async () => {
    const res = await plainRequest(`${t.plainUrl}/financing/v1/orders?access_token=${'x'.repeat(40)}`, 'GET');
    expect(res.status).to.equal(403);
    expect(res.body.errors[0].code).to.equal('HTTPS_REQUIRED');
  });

  it('when TRUST_PROXY is off, then X-Forwarded-Proto: https on plain HTTP changes nothing', async () => {
    const res = await plainRequest(`${t.plainUrl}/v1/health`, 'GET', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.status).to.equal(308);
  });
});

describe('perimeter: behind a TLS-terminating proxy (TRUST_PROXY=true)', () => {
  let t: TestApi;
  let p: TestPartner;
  before(async () => {
    t = await startTestApi({ TRUST_PROXY: 'true' });
    p = await provisionPartner(t);
  });
  after(async () => {
    await t?.stop();
  });

  it('when the proxy marks the request X-Forwarded-Proto: https, then plain HTTP is served, with HSTS', async () => {
    const res = await plainRequest(`${t.plainUrl}${UNKNOWN_APP}`, 'GET', { token: p.token, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.status).to.equal(404);
    expect(res.headers['x-rate-limit-limit']).to.equal('600');
    expect(res.headers['strict-transport-security']).to.be.a('string');
  });

  it('when the proxy says the client used http, then the credentials are refused as on plain HTTP', async () => {
    const res = await plainRequest(`${t.plainUrl}${LOGIN}`, 'POST', {
      body: { username: p.username, password: p.password },
      headers: { 'X-Forwarded-Proto': 'http' },
    });
    expect(res.status).to.equal(403);
  });
});

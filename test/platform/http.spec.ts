import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { plainRequest } from '../support/http.js';

describe('HTTP kernel (health, errors, transport) against real MongoDB and Kafka', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(async () => {
    await t?.stop();
  });

  it('when health is asked without a token, then 200 UP with the project version and both dependencies UP', async () => {
    const res = await t.client.get('/v1/health');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      status: 'UP',
      projectVersion: 'partner-financing-service 0.1.0',
      components: { mongo: { status: 'UP' }, kafka: { status: 'UP' } },
    });
    expect(res.headers['x-request-id']).to.be.a('string');
  });

  // (an unknown path under /financing answers 401 without a token: test/security/perimeter.spec.ts)
  it('when a path is unknown, then 404 with the spec error body', async () => {
    const res = await t.client.get('/v1/nothing-here');
    expect(res.status).to.equal(404);
    expect(res.body.errors[0]).to.include({ code: 'OBJECT_NOT_FOUND', severity: 'ERROR' });
  });

  it('when the method is wrong, then 405 with Allow and the spec error body', async () => {
    const res = await t.client.request('DELETE', '/v1/health');
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.include('GET');
    expect(res.body.errors[0]).to.include({ code: 'METHOD_NOT_ALLOWED', severity: 'ERROR' });
  });

  it('when the client sends an X-Request-Id, then it is echoed', async () => {
    const res = await t.client.get('/v1/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers['x-request-id']).to.equal('abc-123');
  });

  it('when plain HTTP carries no credentials, then 308 to the same path over HTTPS', async () => {
    const res = await plainRequest(`${t.plainUrl}/v1/health?x=1`, 'GET');
    expect(res.status).to.equal(308);
    expect(res.headers.location).to.match(/^https:\/\/localhost(:\d+)?\/v1\/health\?x=1$/);
  });

  it('when plain HTTP carries a bearer token, then 403 HTTPS_REQUIRED', async () => {
    const res = await plainRequest(`${t.plainUrl}/financing/v1/applications/x`, 'GET', { token: 'x'.repeat(40) });
    expect(res.status).to.equal(403);
    expect(res.body.errors[0]).to.include({ code: 'HTTPS_REQUIRED', severity: 'ERROR' });
  });

  it('when plain HTTP carries a login body, then 403 HTTPS_REQUIRED', async () => {
    const res = await plainRequest(`${t.plainUrl}/authentication/v1/partner`, 'POST', { body: { username: 'u', password: 'p' } });
    expect(res.status).to.equal(403);
    expect(res.body.errors[0].code).to.equal('HTTPS_REQUIRED');
  });

  it('when metrics are scraped, then request durations by route are there', async () => {
    await t.client.get('/v1/health');
    const res = await plainRequest(`http://127.0.0.1:${t.api.metricsPort}/metrics`, 'GET');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/http_request_duration_seconds_count\{[^}]*method="GET",route="\/v1\/health",status="200"\}/);
    expect(res.text).to.include('process_cpu_user_seconds_total');
  });
});

describe('health when the service is in maintenance', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi({ MAINTENANCE: 'true' });
  });
  after(async () => {
    await t?.stop();
  });

  it('when MAINTENANCE=true, then 503 with an errors body', async () => {
    const res = await t.client.get('/v1/health');
    expect(res.status).to.equal(503);
    expect(res.body.errors[0]).to.include({ code: 'MAINTENANCE', severity: 'ERROR' });
  });
});

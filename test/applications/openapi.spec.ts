import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { registryOf } from '../../platform/openapi/registry.js';

describe('the OpenAPI description (/openapi.json, /docs)', function () {
  this.timeout(60_000);
  let t: TestApi;
  let doc: any;
  before(async () => {
    t = await startTestApi();
    doc = (await t.client.get('/openapi.json')).body;
  });
  after(async () => {
    await t?.stop();
  });

  it('when /openapi.json is read, then it is OpenAPI 3.1 with bearer security and the error body', () => {
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).to.include({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorBody.required).to.deep.equal(['errors']);
  });

  it("when the spec's endpoints of this module are looked up, then each is described with its error codes", () => {
    const op = (p: string, m: string) => doc.paths[p]?.[m];
    expect(op('/financing/v1/applications', 'post').requestBody.content['application/json'].schema.properties.order).to.be.an('object');
    expect(op('/financing/v1/applications', 'post')['x-error-codes'].map((e: any) => e.code)).to.include.members(['INVALID_REQUEST', 'UNPROCESSABLE']);
    expect(op('/financing/v1/applications/{applicationId}', 'get').responses['404'].description).to.include('APPLICATION_NOT_FOUND');
    expect(op('/financing/v1/applications/{applicationId}/cancel', 'put')['x-error-codes'].map((e: any) => e.code)).to.include.members([
      'APPLICATION_REJECTED',
      'APPLICATION_ALREADY_CANCELLED',
      'APPLICATION_VALIDATION_IN_PROGRESS',
      'APPLICATION_PAID',
      'NOT_SUPPORTED',
      'OBJECT_NOT_FOUND',
    ]);
    for (const [p, m] of [
      ['/financing/v1/recurrences/{recurrenceId}', 'get'],
      ['/financing/v1/recurrences/{recurrenceId}', 'patch'],
      ['/financing/v1/recurrences/{recurrenceId}/applications', 'post'],
      ['/authentication/v1/partner', 'post'],
      ['/v1/health', 'get'],
    ]) {
      expect(op(p!, m!), `${m} ${p}`).to.be.an('object');
    }
    expect(op('/financing/v1/applications/{applicationId}', 'get').responses['401']).to.be.an('object');
  });

  it('when a schema limit is in the validation, then it is in the document (one source)', () => {
    const item = doc.paths['/financing/v1/applications'].post.requestBody.content['application/json'].schema.properties.order.properties.items;
    expect(item.minItems).to.equal(1);
    expect(item.items.properties.code.maxLength).to.equal(200);
    expect(item.items.required).to.include.members(['code', 'name', 'totalPrice', 'totalVat']);
  });

  it('when the perimeter can answer a status on its own, then every route it applies to declares it', () => {
    const create = doc.paths['/financing/v1/applications'].post;
    expect(create.responses['415'].description).to.include('application/json');
    expect(create.responses['503'].headers['Retry-After']).to.be.an('object');
    expect(doc.paths['/financing/v1/applications/{applicationId}'].get.responses).to.include.keys('401', '429', '503').and.not.include.keys('415');
    expect(doc.paths['/v1/health/live'].get.responses).not.to.include.keys('503', '415');
  });

  it('when a query has a rule across its parameters, then the description says it and x-parameter-rules lists it', () => {
    const op = doc.paths['/financing/v1/orders'].get;
    expect(op['x-parameter-rules']).to.deep.equal([{ rule: 'atLeastOneOf', parameters: ['orderNumber', 'orderVariableSymbol', 'applicationId'] }]);
    expect(op.description).to.include('give at least one of `orderNumber`, `orderVariableSymbol`, `applicationId`');
  });

  it("when the app's router is compared with the registry, then every partner route is declared", () => {
    const router = (t.api.app as any).middleware.map((m: any) => m.router).find(Boolean);
    const declared = new Set(registryOf(router).routes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const mounted = router.stack.flatMap((l: any) => l.methods.filter((m: string) => m !== 'HEAD').map((m: string) => `${m} ${l.path}`));
    const partnerApi = mounted.filter((r: string) => /\/(financing|authentication|v1)\//.test(r));
    expect(partnerApi.length).to.be.above(6);
    expect(partnerApi.filter((r: string) => !declared.has(r))).to.deep.equal([]);
  });

  it('when /docs is opened, then a page that loads its assets from this origin', async () => {
    const res = await t.client.get('/docs', { headers: { Accept: 'text/html' } });
    expect(res.status).to.equal(200);
    expect(res.text)
      .to.include('/docs/assets/swagger-ui-bundle.js')
      .and.not.match(/https?:\/\/(?!localhost)/);
    expect((await t.client.get('/docs/assets/swagger-ui-bundle.js')).status).to.equal(200);
  });
});

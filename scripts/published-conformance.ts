// How far the service answers in the published partner API document's shapes (OpenAPI 3.0,
// version 1.0, the document shops' generated SDKs come from):
//   PF_PUBLISHED_OPENAPI=/path/to/the/published.yaml npm run api:published-conformance [-- --json out.json]
// It lives a whole partner journey over raw HTTPS, every operation of the document with its
// success and error cases (400 bad body, 401, 404, 422), sending `Api-Version: 2023-06-26`
// (the version that reproduces the document) on every request, and checks every response
// body against the document's schema for that operation and status as a generated
// okhttp-gson client reads it: undeclared properties and absent required ones are
// violations (test/published-sdk/published-document.ts says exactly how). A status the
// document does not list for an operation (401, and some 400 and 404) is checked against
// its error shape, ErrorsResponse.
//
// Against an in-process API (default: HTTPS, sandbox on, its own database and topics of the
// local stack) or a running service: PF_BASE_URL, PF_CA_FILE (PEM of the service's CA),
// PF_USERNAME, PF_PASSWORD (the service needs its sandbox on for the decisions).
//
// Prints, per operation and status, conforming/total and the first violations, then the
// distinct violations and `N of M response bodies conform`. Exit 0 when all conform, 1
// when some do not, 2 when the run itself could not be done.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TestClient, type TestResponse } from '../test/support/http.js';
import { PublishedDocument, publishedDocumentPath, type Violation } from '../test/published-sdk/published-document.js';
import * as B from '../test/published-sdk/bodies.js';

export const API_VERSION = '2023-06-26';
const JSON_UTF8 = 'application/json; charset=utf-8';

interface Outcome {
  operationId: string;
  expected: number;
  actual: number;
  label: string;
  conforms: boolean;
  violations: Violation[];
  /** the status is not listed for the operation: the body was checked against ErrorsResponse */
  undocumented?: boolean;
}

interface Refusal {
  operationId: string;
  label: string;
  attribute: string;
  message: string;
}

interface CallSpec {
  operationId: string;
  expected: number;
  label: string;
  method: string;
  path: string;
  body?: unknown;
  /** null: no Authorization header; a string: that token; undefined: the partner's */
  token?: string | null;
  /**
   * Requests meant to be valid by the document: checked against its request schema first
   * (a mistake of this script otherwise), and when the service refuses one with 400 naming
   * fields, the refusal is recorded and the request repeated without those fields, so the
   * journey goes on and the answers after it are measured too.
   */
  valid?: boolean;
}

export class PublishedConformance {
  readonly outcomes: Outcome[] = [];
  readonly refusals: Refusal[] = [];
  readonly ownMistakes: string[] = [];
  token = '';

  constructor(
    readonly doc: PublishedDocument,
    readonly client: TestClient,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'Api-Version': API_VERSION, Accept: JSON_UTF8, 'Content-Type': JSON_UTF8, ...extra };
  }

  /** A request outside the document (the sandbox helper, waiting): not measured. */
  async plain(method: string, path: string, body?: unknown): Promise<TestResponse> {
    return this.client.request(method, path, { body, token: this.token, headers: this.headers() });
  }

  async call(spec: CallSpec): Promise<TestResponse> {
    const op = this.doc.operation(spec.operationId);
    if (spec.valid && spec.body !== undefined) {
      for (const v of this.doc.checkRequest(spec.operationId, spec.body)) this.ownMistakes.push(`${spec.operationId} (${spec.label}): ${v.message}`);
    }
    const token = spec.token === null ? undefined : (spec.token ?? this.token);
    let body = spec.body;
    let res = await this.client.request(op.method, spec.path, { body, token, headers: this.headers() });
    this.record(spec, res);
    for (let round = 0; spec.valid && res.status === 400 && round < 6; round += 1) {
      const named = refusedAttributes(res.body).filter((a) => hasPath(body, a));
      if (!named.length) break;
      for (const a of named) {
        const error = (res.body.errors as any[]).find((e) => e.attribute === a);
        this.refusals.push({ operationId: spec.operationId, label: spec.label, attribute: a, message: String(error?.message ?? '') });
      }
      body = named.reduce((b, a) => withoutPath(b, a), body);
      res = await this.client.request(op.method, spec.path, { body, token, headers: this.headers() });
      this.record({ ...spec, label: `${spec.label}, repeated without ${named.join(', ')}` }, res);
    }
    return res;
  }

  private record(spec: CallSpec, res: TestResponse): void {
    const op = this.doc.operation(spec.operationId);
    const violations: Violation[] = [];
    let undocumented = false;
    if (res.status !== spec.expected) {
      const code = Array.isArray(res.body?.errors)
        ? ` ${res.body.errors.map((e: any) => (e.attribute ? `${e.code} (${e.attribute})` : e.code)).join(', ')}`
        : typeof res.body?.error === 'string'
          ? ` ${res.body.error}`
          : '';
      violations.push({
        schema: '(status)',
        path: '(status)',
        keyword: 'status',
        message: `answered ${res.status}${code} where ${spec.expected} was expected`,
        breaksSdk: true,
      });
    }
    const documented = op.statuses.includes(String(res.status));
    const schema = documented ? this.doc.responseSchema(spec.operationId, res.status) : undefined;
    let parsed: unknown;
    try {
      parsed = res.text ? JSON.parse(res.text) : undefined;
    } catch {
      violations.push({ schema: '(body)', path: '(body)', keyword: 'json', message: 'the body is not JSON', breaksSdk: true });
    }
    if (parsed !== undefined) {
      if (schema) violations.push(...this.doc.checkResponse(spec.operationId, res.status, parsed));
      else if (!documented && res.status >= 400) {
        undocumented = true;
        violations.push(...this.doc.checkComponent('ErrorsResponse', parsed));
      } else if (!documented) {
        violations.push({
          schema: '(status)',
          path: '(status)',
          keyword: 'status',
          message: `${res.status} is not a status the document lists for ${spec.operationId} (${op.statuses.join(', ')})`,
          breaksSdk: true,
        });
      }
    }
    this.outcomes.push({
      operationId: spec.operationId,
      expected: spec.expected,
      actual: res.status,
      label: spec.label,
      conforms: violations.length === 0,
      violations,
      undocumented,
    });
  }

  async login(username: string, password: string): Promise<void> {
    const res = await this.call({
      operationId: 'Loginpartner',
      expected: 200,
      label: 'log in',
      method: 'POST',
      path: '/authentication/v1/partner',
      body: { username, password },
      token: null,
      valid: true,
    });
    if (res.status !== 200 || typeof res.body?.accessToken !== 'string') throw new Error(`login failed: ${res.status} ${res.text}`);
    this.token = res.body.accessToken;
  }

  /** Polls the application (not measured) until `done` holds. */
  async waitFor(what: string, path: string, done: (body: any) => boolean, maxMs = 20_000): Promise<any> {
    const until = Date.now() + maxMs;
    for (;;) {
      const res = await this.plain('GET', path);
      if (res.status === 200 && done(res.body)) return res.body;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}: last answer ${res.status} ${res.text.slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async decide(id: string | undefined, outcome: 'APPROVE' | 'REJECT'): Promise<void> {
    if (!id) return;
    const res = await this.plain('POST', `/financing/v1/sandbox/applications/${id}/decision`, { outcome });
    if (res.status !== 202) throw new Error(`sandbox decision of ${id}: ${res.status} ${res.text.slice(0, 300)} (is the service's sandbox on?)`);
    await this.waitFor(`the decision of ${id}`, `/financing/v1/applications/${id}`, (b) => b.state !== 'PROCESSING');
  }

  /** The whole journey: every operation of the document, success and error cases. */
  async journey(credentials: { username: string; password: string }, hooks: B.Hooks): Promise<void> {
    const run = randomBytes(3).toString('hex');
    const vs = () => String(Math.floor(1e9 + Math.random() * 8e9));
    const unknown = randomUUID();
    const today = B.today();
    const app = (id: string | undefined, rest = '') => `/financing/v1/applications/${id ?? unknown}${rest}`;
    const idOf = (res: TestResponse): string | undefined => (res.status < 300 && typeof res.body?.id === 'string' ? res.body.id : undefined);

    await this.call({ operationId: 'APIhealthcheck', expected: 200, label: 'health', method: 'GET', path: '/v1/health', token: null });

    await this.call({
      operationId: 'Loginpartner',
      expected: 400,
      label: 'wrong password',
      method: 'POST',
      path: '/authentication/v1/partner',
      body: { username: credentials.username, password: `${credentials.password}x` },
      token: null,
    });
    await this.call({
      operationId: 'Loginpartner',
      expected: 400,
      label: 'bad body: no password',
      method: 'POST',
      path: '/authentication/v1/partner',
      body: { username: credentials.username },
      token: null,
    });
    await this.login(credentials.username, credentials.password);

    const email = `jana.${run}@example.com`;
    const bodyA = B.applicationRequest({ type: 'DEFERRED_PAYMENT', number: `PUB-${run}-A`, variableSymbol: vs(), email, hooks });
    const resA = await this.call({
      operationId: 'Createapplication',
      expected: 201,
      label: 'DEFERRED_PAYMENT',
      method: 'POST',
      path: '/financing/v1/applications',
      body: bodyA,
      valid: true,
    });
    const A = idOf(resA);
    await this.call({
      operationId: 'Createapplication',
      expected: 200,
      label: 'the same request again: a duplicate',
      method: 'POST',
      path: '/financing/v1/applications',
      body: A ? bodyA : undefined,
      valid: true,
    });
    const B2 = idOf(
      await this.call({
        operationId: 'Createapplication',
        expected: 201,
        label: 'PAY_IN_THREE',
        method: 'POST',
        path: '/financing/v1/applications',
        body: B.applicationRequest({ type: 'PAY_IN_THREE', number: `PUB-${run}-B`, variableSymbol: vs(), email, hooks }),
        valid: true,
      }),
    );
    const resR = await this.call({
      operationId: 'Createapplication',
      expected: 201,
      label: 'recurring (isRecurring)',
      method: 'POST',
      path: '/financing/v1/applications',
      body: B.applicationRequest({ type: 'DEFERRED_PAYMENT', number: `PUB-${run}-R`, variableSymbol: vs(), email, hooks, isRecurring: true }),
      valid: true,
    });
    const R = idOf(resR);
    const C = idOf(
      await this.call({
        operationId: 'Createapplication',
        expected: 201,
        label: 'DEFERRED_PAYMENT for an item cancel',
        method: 'POST',
        path: '/financing/v1/applications',
        body: B.applicationRequest({ type: 'DEFERRED_PAYMENT', number: `PUB-${run}-C`, variableSymbol: vs(), email, hooks }),
        valid: true,
      }),
    );
    const { order: _o, ...noOrder } = bodyA;
    await this.call({
      operationId: 'Createapplication',
      expected: 400,
      label: 'bad body: no order',
      method: 'POST',
      path: '/financing/v1/applications',
      body: noOrder,
    });
    await this.call({
      operationId: 'Createapplication',
      expected: 401,
      label: 'no token',
      method: 'POST',
      path: '/financing/v1/applications',
      body: bodyA,
      token: null,
    });
    await this.call({
      operationId: 'Createapplication',
      expected: 401,
      label: 'invalid token',
      method: 'POST',
      path: '/financing/v1/applications',
      body: bodyA,
      token: 'not-a-token',
    });

    await this.call({ operationId: 'Getapplicationdetail', expected: 200, label: 'PROCESSING', method: 'GET', path: app(A) });
    await this.call({ operationId: 'Getapplicationdetail', expected: 404, label: 'unknown id', method: 'GET', path: app(unknown) });
    await this.call({
      operationId: 'Getapplicationdetail',
      expected: 404,
      label: "unknown id in the document's example form (11200a0ee1)",
      method: 'GET',
      path: app('11200a0ee1'),
    });
    await this.call({ operationId: 'Getapplicationdetail', expected: 401, label: 'no token', method: 'GET', path: app(A), token: null });

    // not in the document: the sandbox stands in for the customer at the gateway
    await this.decide(A, 'APPROVE');
    await this.decide(R, 'APPROVE');
    await this.decide(C, 'APPROVE');
    await this.call({ operationId: 'Getapplicationdetail', expected: 200, label: 'READY_TO_SHIP', method: 'GET', path: app(A) });

    const recurrenceId: string | undefined = (R && (await this.plain('GET', app(R))).body?.recurrence?.id) || undefined;
    const rec = (rest = '') => `/financing/v1/recurrences/${recurrenceId ?? unknown}${rest}`;
    await this.call({ operationId: 'Getrecurrence', expected: 200, label: 'READY', method: 'GET', path: rec() });
    await this.call({ operationId: 'Getrecurrence', expected: 404, label: 'unknown id', method: 'GET', path: `/financing/v1/recurrences/${randomUUID()}` });
    await this.call({
      operationId: 'Getrecurrence',
      expected: 404,
      label: "unknown id in the document's example form (abcd1234)",
      method: 'GET',
      path: '/financing/v1/recurrences/abcd1234',
    });
    await this.call({ operationId: 'Getrecurrence', expected: 401, label: 'no token', method: 'GET', path: rec(), token: null });

    // fulfilment of A: send, deliver (payout), partial return (credit note)
    await this.call({
      operationId: 'Markorderitemsassent',
      expected: 422,
      label: 'PROCESSING application',
      method: 'PUT',
      path: app(B2, '/order/send'),
      body: {},
    });
    await this.call({
      operationId: 'Markorderitemsassent',
      expected: 200,
      label: 'all, with sentDate and tracking number',
      method: 'PUT',
      path: app(A, '/order/send'),
      body: B.sendRequest(today, `TRK${run}`),
      valid: true,
    });
    await this.call({
      operationId: 'Markorderitemsassent',
      expected: 400,
      label: 'bad body: items not an array',
      method: 'PUT',
      path: app(A, '/order/send'),
      body: { items: 'KTL-1' },
    });
    await this.call({ operationId: 'Markorderitemsassent', expected: 404, label: 'unknown id', method: 'PUT', path: app(unknown, '/order/send'), body: {} });
    await this.call({
      operationId: 'Markorderitemsassent',
      expected: 401,
      label: 'no token',
      method: 'PUT',
      path: app(A, '/order/send'),
      body: {},
      token: null,
    });

    await this.call({
      operationId: 'Markorderitemsasdelivered',
      expected: 200,
      label: 'all, with deliveryDate',
      method: 'PUT',
      path: app(A, '/order/deliver'),
      body: B.deliverRequest(today),
      valid: true,
    });
    await this.call({
      operationId: 'Markorderitemsasdelivered',
      expected: 422,
      label: 'nothing left to deliver',
      method: 'PUT',
      path: app(A, '/order/deliver'),
      body: {},
    });
    await this.call({
      operationId: 'Markorderitemsasdelivered',
      expected: 400,
      label: 'bad body: items not an array',
      method: 'PUT',
      path: app(A, '/order/deliver'),
      body: { items: 'KTL-1' },
    });
    await this.call({
      operationId: 'Markorderitemsasdelivered',
      expected: 404,
      label: 'unknown id',
      method: 'PUT',
      path: app(unknown, '/order/deliver'),
      body: {},
    });
    await this.call({
      operationId: 'Markorderitemsasdelivered',
      expected: 401,
      label: 'no token',
      method: 'PUT',
      path: app(A, '/order/deliver'),
      body: {},
      token: null,
    });

    if (A)
      await this.waitFor(`the payout of ${A}`, app(A, '/payments'), (b) => Array.isArray(b?.data) && b.data.length > 0).catch((e) =>
        process.stderr.write(`${e.message}\n`),
      );
    await this.call({
      operationId: 'Getpaymentsonspecificapplication',
      expected: 200,
      label: 'after delivery (a payout)',
      method: 'GET',
      path: app(A, '/payments'),
    });

    await this.call({
      operationId: 'Markorderitemsasreturned',
      expected: 200,
      label: 'one kettle',
      method: 'PUT',
      path: app(A, '/order/return'),
      body: B.partialReturn(),
      valid: true,
    });
    await this.call({
      operationId: 'Markorderitemsasreturned',
      expected: 422,
      label: 'PROCESSING application',
      method: 'PUT',
      path: app(B2, '/order/return'),
      body: {},
    });
    await this.call({
      operationId: 'Markorderitemsasreturned',
      expected: 400,
      label: 'bad body: items not an array',
      method: 'PUT',
      path: app(A, '/order/return'),
      body: { items: 'KTL-1' },
    });
    await this.call({
      operationId: 'Markorderitemsasreturned',
      expected: 404,
      label: 'unknown id',
      method: 'PUT',
      path: app(unknown, '/order/return'),
      body: {},
    });
    await this.call({
      operationId: 'Markorderitemsasreturned',
      expected: 401,
      label: 'no token',
      method: 'PUT',
      path: app(A, '/order/return'),
      body: {},
      token: null,
    });

    if (A)
      await this.waitFor(`the credit note of ${A}`, app(A, '/payments'), (b) => Array.isArray(b?.data) && b.data.length > 1).catch((e) =>
        process.stderr.write(`${e.message}\n`),
      );
    await this.call({
      operationId: 'Getpaymentsonspecificapplication',
      expected: 200,
      label: 'after the return (payout and credit note)',
      method: 'GET',
      path: app(A, '/payments'),
    });
    await this.call({ operationId: 'Getpaymentsonspecificapplication', expected: 404, label: 'unknown id', method: 'GET', path: app(unknown, '/payments') });
    await this.call({
      operationId: 'Getpaymentsonspecificapplication',
      expected: 401,
      label: 'no token',
      method: 'GET',
      path: app(A, '/payments'),
      token: null,
    });

    await this.call({
      operationId: 'Getorder',
      expected: 200,
      label: 'by applicationId',
      method: 'GET',
      path: `/financing/v1/orders?applicationId=${A ?? unknown}`,
    });
    await this.call({
      operationId: 'Getorder',
      expected: 200,
      label: 'by orderNumber',
      method: 'GET',
      path: `/financing/v1/orders?orderNumber=${encodeURIComponent(bodyA.order.number)}`,
    });
    await this.call({
      operationId: 'Getorder',
      expected: 404,
      label: 'unknown orderNumber',
      method: 'GET',
      path: `/financing/v1/orders?orderNumber=NOPE-${run}`,
    });
    await this.call({ operationId: 'Getorder', expected: 400, label: 'no parameter', method: 'GET', path: '/financing/v1/orders' });
    await this.call({
      operationId: 'Getorder',
      expected: 401,
      label: 'no token',
      method: 'GET',
      path: `/financing/v1/orders?applicationId=${A ?? unknown}`,
      token: null,
    });

    // C: approved, nothing sent: cancel one kettle
    await this.call({
      operationId: 'Markorderitemsascancelled',
      expected: 200,
      label: 'one kettle before sending',
      method: 'PUT',
      path: app(C, '/order/cancel'),
      body: B.itemCancel(),
      valid: true,
    });
    await this.call({
      operationId: 'Markorderitemsascancelled',
      expected: 400,
      label: 'bad body: items not an array',
      method: 'PUT',
      path: app(C, '/order/cancel'),
      body: { items: 'KTL-1' },
    });
    await this.call({
      operationId: 'Markorderitemsascancelled',
      expected: 404,
      label: 'unknown id',
      method: 'PUT',
      path: app(unknown, '/order/cancel'),
      body: {},
    });
    await this.call({
      operationId: 'Markorderitemsascancelled',
      expected: 401,
      label: 'no token',
      method: 'PUT',
      path: app(C, '/order/cancel'),
      body: {},
      token: null,
    });

    // B: PAY_IN_THREE, still PROCESSING: change the basket, then cancel
    await this.call({
      operationId: 'Changeapplicationorder',
      expected: 200,
      label: 'PROCESSING: one kettle less',
      method: 'PUT',
      path: app(B2, '/order'),
      body: B.orderChange(),
      valid: true,
    });
    await this.call({
      operationId: 'Changeapplicationorder',
      expected: 422,
      label: 'already sent',
      method: 'PUT',
      path: app(A, '/order'),
      body: B.orderChange(),
    });
    await this.call({
      operationId: 'Changeapplicationorder',
      expected: 400,
      label: 'bad body: no order',
      method: 'PUT',
      path: app(B2, '/order'),
      body: { reason: 'nothing' },
    });
    await this.call({
      operationId: 'Changeapplicationorder',
      expected: 404,
      label: 'unknown id',
      method: 'PUT',
      path: app(unknown, '/order'),
      body: B.orderChange(),
    });
    await this.call({
      operationId: 'Changeapplicationorder',
      expected: 401,
      label: 'no token',
      method: 'PUT',
      path: app(B2, '/order'),
      body: B.orderChange(),
      token: null,
    });

    await this.call({
      operationId: 'Cancelapplication',
      expected: 200,
      label: 'PROCESSING, with a reason',
      method: 'PUT',
      path: app(B2, '/cancel'),
      body: B.cancelRequest(),
      valid: true,
    });
    await this.call({
      operationId: 'Cancelapplication',
      expected: 422,
      label: 'already cancelled',
      method: 'PUT',
      path: app(B2, '/cancel'),
      body: B.cancelRequest(),
    });
    await this.call({
      operationId: 'Cancelapplication',
      expected: 400,
      label: 'bad body: a reason outside the enum',
      method: 'PUT',
      path: app(B2, '/cancel'),
      body: { reason: 'BECAUSE' },
    });
    await this.call({
      operationId: 'Cancelapplication',
      expected: 404,
      label: 'unknown id',
      method: 'PUT',
      path: app(unknown, '/cancel'),
      body: B.cancelRequest(),
    });
    await this.call({
      operationId: 'Cancelapplication',
      expected: 401,
      label: 'no token',
      method: 'PUT',
      path: app(B2, '/cancel'),
      body: B.cancelRequest(),
      token: null,
    });
    await this.call({
      operationId: 'Markorderitemsascancelled',
      expected: 422,
      label: 'cancelled application',
      method: 'PUT',
      path: app(B2, '/order/cancel'),
      body: B.itemCancel(),
    });

    // recurrence: a purchase on it, then cancel it
    await this.call({
      operationId: 'Createapplicationfromrecurrence',
      expected: 201,
      label: 'on the READY recurrence',
      method: 'POST',
      path: rec('/applications'),
      body: B.recurrenceApplicationRequest(`PUB-${run}-F`, hooks),
      valid: true,
    });
    await this.call({
      operationId: 'Createapplicationfromrecurrence',
      expected: 400,
      label: 'bad body: no merchantUrls',
      method: 'POST',
      path: rec('/applications'),
      body: { type: 'DEFERRED_PAYMENT', order: B.recurrenceApplicationRequest(`PUB-${run}-G`, hooks).order },
    });
    await this.call({
      operationId: 'Createapplicationfromrecurrence',
      expected: 404,
      label: 'unknown recurrence',
      method: 'POST',
      path: `/financing/v1/recurrences/${randomUUID()}/applications`,
      body: B.recurrenceApplicationRequest(`PUB-${run}-H`, hooks),
    });
    await this.call({
      operationId: 'Createapplicationfromrecurrence',
      expected: 401,
      label: 'no token',
      method: 'POST',
      path: rec('/applications'),
      body: B.recurrenceApplicationRequest(`PUB-${run}-I`, hooks),
      token: null,
    });

    await this.call({
      operationId: 'Updaterecurrence',
      expected: 422,
      label: 'a state other than CANCELLED',
      method: 'PATCH',
      path: rec(),
      body: { state: 'READY' },
    });
    await this.call({
      operationId: 'Updaterecurrence',
      expected: 200,
      label: 'CANCELLED',
      method: 'PATCH',
      path: rec(),
      body: { state: 'CANCELLED' },
      valid: true,
    });
    await this.call({
      operationId: 'Updaterecurrence',
      expected: 404,
      label: 'unknown id',
      method: 'PATCH',
      path: `/financing/v1/recurrences/${randomUUID()}`,
      body: { state: 'CANCELLED' },
    });
    await this.call({
      operationId: 'Updaterecurrence',
      expected: 401,
      label: 'no token',
      method: 'PATCH',
      path: rec(),
      body: { state: 'CANCELLED' },
      token: null,
    });
    await this.call({
      operationId: 'Createapplicationfromrecurrence',
      expected: 422,
      label: 'on the cancelled recurrence',
      method: 'POST',
      path: rec('/applications'),
      body: B.recurrenceApplicationRequest(`PUB-${run}-J`, hooks),
    });

    await this.call({
      operationId: 'Precheck',
      expected: 200,
      label: 'a known customer',
      method: 'POST',
      path: '/financing/v1/precheck',
      body: B.precheckRequest(email, `PUB-${run}-P`),
      valid: true,
    });
    await this.call({
      operationId: 'Precheck',
      expected: 400,
      label: 'bad body: no customer',
      method: 'POST',
      path: '/financing/v1/precheck',
      body: { type: 'DEFERRED_PAYMENT' },
    });
    await this.call({
      operationId: 'Precheck',
      expected: 401,
      label: 'no token',
      method: 'POST',
      path: '/financing/v1/precheck',
      body: B.precheckRequest(email, `PUB-${run}-Q`),
      token: null,
    });
  }

  /** The report: per operation and expected status, then the distinct violations, then the total line. */
  report(out: (line: string) => void): void {
    const groups = new Map<string, Outcome[]>();
    const order = [...this.doc.operations.keys()];
    const sorted = [...this.outcomes].sort((a, b) => order.indexOf(a.operationId) - order.indexOf(b.operationId) || a.expected - b.expected);
    for (const o of sorted) {
      const key = `${o.operationId} ${o.expected}`;
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    out('');
    out('operation                          status  conforming');
    for (const [key, list] of groups) {
      const [operationId, status] = key.split(' ');
      const ok = list.filter((o) => o.conforms).length;
      const note = this.doc.operation(operationId!).statuses.includes(status!) ? '' : '  (a status the document does not list: checked against ErrorsResponse)';
      out(`${operationId!.padEnd(35)}${status!.padEnd(8)}${ok}/${list.length}${note}`);
      const seen = new Set<string>();
      for (const o of list) {
        for (const v of o.violations) {
          if (seen.has(v.message) || seen.size >= 4) continue;
          seen.add(v.message);
          out(`    - ${v.message}${v.breaksSdk ? '' : ' (schema only)'}   [${o.label}]`);
        }
      }
      const more = new Set(list.flatMap((o) => o.violations.map((v) => v.message))).size - seen.size;
      if (more > 0) out(`    … and ${more} more`);
    }
    if (this.refusals.length) {
      out('');
      out("Requests in the document's shape that the service refused (repeated without the fields named):");
      for (const r of uniqueBy(this.refusals, (r) => `${r.operationId} ${r.attribute}`)) out(`    - ${r.operationId}: ${r.attribute}: ${r.message}`);
    }
    if (this.ownMistakes.length) {
      out('');
      out("This script's own requests that do not fit the document (a mistake of the script):");
      for (const m of new Set(this.ownMistakes)) out(`    - ${m}`);
    }
    out('');
    const checklist = this.checklist();
    out(`Distinct response violations (${checklist.length}), by schema and property, with the operations that show them:`);
    for (const c of checklist) {
      out(
        c.keyword === 'status'
          ? `    - status: ${c.example}  [${c.operations.join(', ')}]`
          : `    - ${c.schema}.${c.property}: ${c.keyword}${c.breaksSdk ? '' : ' (schema only)'}: ${c.example}  [${c.operations.join(', ')}]`,
      );
    }
    out('');
    const conforming = this.outcomes.filter((o) => o.conforms).length;
    out(`${conforming} of ${this.outcomes.length} response bodies conform`);
  }

  /**
   * Distinct violations: one per schema, property and keyword (a status mismatch: one per
   * operation and message), with the operations that show it, in the order first seen.
   */
  checklist(): Array<{ schema: string; property: string; keyword: string; breaksSdk: boolean; example: string; operations: string[] }> {
    const map = new Map<string, { schema: string; property: string; keyword: string; breaksSdk: boolean; example: string; operations: Set<string> }>();
    for (const o of this.outcomes) {
      for (const v of o.violations) {
        const property =
          v.keyword === 'status'
            ? v.message
            : v.path
                .replace(/\[\d+\]/g, '[]')
                .split('.')
                .pop()!;
        const key = v.keyword === 'status' ? `${o.operationId}\u0000${v.message}` : `${v.schema}\u0000${property}\u0000${v.keyword}`;
        const entry = map.get(key) ?? {
          schema: v.keyword === 'status' ? '(status)' : v.schema,
          property: v.keyword === 'status' ? '' : property,
          keyword: v.keyword,
          breaksSdk: v.breaksSdk,
          example: v.message,
          operations: new Set<string>(),
        };
        entry.operations.add(`${o.operationId} ${o.actual}`);
        map.set(key, entry);
      }
    }
    return [...map.values()].map((e) => ({ ...e, operations: [...e.operations] }));
  }

  toJson() {
    return {
      outcomes: this.outcomes,
      refusals: this.refusals,
      checklist: this.checklist(),
      conforming: this.outcomes.filter((o) => o.conforms).length,
      total: this.outcomes.length,
    };
  }
}

/** The fields a 400 names (`attribute` of each error record). */
function refusedAttributes(body: any): string[] {
  if (!Array.isArray(body?.errors)) return [];
  return [...new Set<string>(body.errors.map((e: any) => e?.attribute).filter((a: unknown): a is string => typeof a === 'string' && a.length > 0))];
}

/** `order.items[0].unitVat` → ['order', 'items', 0, 'unitVat']. */
function segments(path: string): Array<string | number> {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter((s) => s !== undefined && s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function hasPath(body: unknown, path: string): boolean {
  let node: any = body;
  for (const s of segments(path)) {
    if (node === null || typeof node !== 'object' || !(s in node)) return false;
    node = node[s];
  }
  return true;
}

function withoutPath<T>(body: T, path: string): T {
  const copy = structuredClone(body) as any;
  const segs = segments(path);
  let node = copy;
  for (const s of segs.slice(0, -1)) node = node?.[s];
  const last = segs[segs.length - 1]!;
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else if (node && typeof node === 'object') delete node[last];
  return copy;
}

function uniqueBy<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((t) => (seen.has(key(t)) ? false : (seen.add(key(t)), true)));
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'string' }, 'base-url': { type: 'string' } } });
  let doc: PublishedDocument;
  try {
    doc = PublishedDocument.load(publishedDocumentPath());
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  const baseUrl = values['base-url'] ?? process.env.PF_BASE_URL;
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print(`Published document: ${doc.source}: ${doc.title}`);
  print(`Every request sends Api-Version: ${API_VERSION}`);

  if (baseUrl) {
    const caFile = process.env.PF_CA_FILE;
    const { PF_USERNAME: username, PF_PASSWORD: password } = process.env;
    if (!username || !password) throw new Error('PF_USERNAME and PF_PASSWORD name the partner to run as');
    print(`Service: ${baseUrl}`);
    // without PF_CA_FILE the system's CAs are trusted
    const client = new TestClient(baseUrl, caFile ? readFileSync(caFile, 'utf8') : (undefined as unknown as string));
    const run = new PublishedConformance(doc, client);
    try {
      // a service elsewhere cannot reach our machine: notifications go to a name that leads nowhere
      await run.journey(
        { username, password },
        { notificationEndpoint: 'https://shop.example.com/hooks/applications', paymentsEndpoint: 'https://shop.example.com/hooks/payments' },
      );
    } finally {
      client.close();
    }
    return finish(run, values.json, print);
  }

  const { resolveStack } = await import('./local-stack.js');
  const { startTestApi } = await import('../test/support/api.js');
  const { provisionPartner } = await import('../test/support/partners.js');
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) {
    const stack = await resolveStack({ start: true });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  }
  const t = await startTestApi({ SANDBOX: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '1000000' });
  print(`Service: in-process API at ${t.baseUrl}`);
  try {
    // pinned as the partners CLI's --api-version pins, besides the header every request sends
    const partner = await provisionPartner(t, { apiVersion: API_VERSION });
    const run = new PublishedConformance(doc, t.client);
    // no relay runs here: the notifications wait in Kafka; the Journey (test/published-sdk) receives them
    await run.journey(
      { username: partner.username, password: partner.password },
      { notificationEndpoint: 'https://shop.example.com/hooks/applications', paymentsEndpoint: 'https://shop.example.com/hooks/payments' },
    );
    return finish(run, values.json, print);
  } finally {
    await t.stop();
  }
}

function finish(run: PublishedConformance, json: string | undefined, print: (line: string) => void): number {
  run.report(print);
  if (json) writeFileSync(json, `${JSON.stringify(run.toJson(), null, 2)}\n`);
  return run.outcomes.every((o) => o.conforms) ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
    process.exit(2);
  },
);

import { expect } from 'chai';
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { pino } from 'pino';
import { Histogram, Registry } from 'prom-client';
import { redactedPath, requestContext } from './request-context.js';
import type { AppState } from './state.js';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createLogger } from '../logger.js';
import { Writable } from 'node:stream';

describe('the access log', () => {
  it('when a route has a secret parameter, then the log line has the path with the secret replaced', () => {
    const token = 'A'.repeat(43);
    expect(
      redactedPath(`/gateway/0190d3f0-0000-7000-8000-000000000000/${token}/confirm`, { applicationId: '0190d3f0-0000-7000-8000-000000000000', token }),
    ).to.equal('/gateway/0190d3f0-0000-7000-8000-000000000000/[redacted]/confirm');
    expect(redactedPath('/financing/v1/applications/x', { applicationId: 'x' })).to.equal('/financing/v1/applications/x');
  });

  it('when the gateway page is requested, then no log line holds the link token', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const histogram = new Histogram({ name: 'h', help: 'h', labelNames: ['method', 'route', 'status'], registers: [new Registry()] });
    const app = new Koa<AppState>();
    const router = new Router<AppState>();
    router.get('/gateway/:applicationId/:token', (ctx) => {
      ctx.body = 'page';
    });
    app.use(requestContext(logger, histogram)).use(router.routes());
    const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const token = 'sEcReT_tOkEn-0123456789abcdefghijklmnopqrstu';
      const port = (server.address() as { port: number }).port;
      await new Promise((resolve) => http.get(`http://127.0.0.1:${port}/gateway/app-1/${token}`, (res) => res.resume().on('end', resolve)));
      expect(lines.join('')).to.include('/gateway/app-1/[redacted]').and.not.include(token);
    } finally {
      server.close();
    }
  });
});

describe('the request span and the request id on every log line', () => {
  const exporter = new InMemorySpanExporter();
  before(() => trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })));
  after(() => trace.disable());

  it("when a partner's request is answered, then its server span holds the route template, the status, the partner and the application id, never the raw path, and the handler's log line carries the request id and the span", async () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ level: 'info', name: 'test', destination: sink });
    const histogram = new Histogram({ name: 'h', help: 'h', labelNames: ['method', 'route', 'status'], registers: [new Registry()] });
    const app = new Koa<AppState>();
    const router = new Router<AppState>();
    router.get('/financing/v1/applications/:applicationId', async (ctx) => {
      await new Promise((r) => setImmediate(r));
      ctx.state.log.info('handler ran');
      ctx.status = 404;
      ctx.body = { error: 'none' };
    });
    app
      .use(requestContext(logger, histogram))
      .use(async (ctx, next) => {
        ctx.state.partner = { id: 'partner-7', username: 'shop', payoutTrigger: 'SENT', feeBps: 0 };
        await next();
      })
      .use(router.routes());
    const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const port = (server.address() as { port: number }).port;
      await new Promise((resolve) =>
        http.get(`http://127.0.0.1:${port}/financing/v1/applications/app-42?q=secret`, { headers: { 'X-Request-Id': 'req-77' } }, (res) =>
          res.resume().on('end', resolve),
        ),
      );
    } finally {
      server.close();
    }
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).to.equal('GET /financing/v1/applications/:applicationId');
    expect(span!.attributes).to.deep.include({
      'http.route': '/financing/v1/applications/:applicationId',
      'http.response.status_code': 404,
      'partner.id': 'partner-7',
      'application.id': 'app-42',
      'request.id': 'req-77',
    });
    expect(JSON.stringify(span!.attributes)).to.not.include('secret');
    const handlerLine = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'handler ran');
    expect(handlerLine).to.include({ requestId: 'req-77', trace_id: span!.spanContext().traceId, span_id: span!.spanContext().spanId });
  });
});

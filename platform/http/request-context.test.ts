import { expect } from 'chai';
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { pino } from 'pino';
import { Histogram, Registry } from 'prom-client';
import { redactedPath, requestContext } from './request-context.js';
import type { AppState } from './state.js';

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

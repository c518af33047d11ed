import type Koa from 'koa';

/**
 * An instance on its way out. From SIGTERM on, readiness answers 503 `DRAINING` while every
 * other request is still served, so a load balancer or Kubernetes' endpoint controller takes
 * the instance out of rotation before it stops listening: requests already on their way
 * during those seconds are answered, not refused. Each answer meanwhile says
 * `Connection: close`, so clients with kept-alive connections open their next one elsewhere.
 */
export class Drain {
  private since?: Date;

  get draining(): boolean {
    return this.since !== undefined;
  }

  start(at = new Date()): void {
    this.since ??= at;
  }

  /** Koa middleware: kept-alive connections are closed after their answer while draining. */
  middleware(): Koa.Middleware {
    return async (ctx, next) => {
      await next();
      if (this.draining) ctx.set('Connection', 'close');
    };
  }
}

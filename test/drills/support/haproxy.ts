import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/api-process.js';
import { startHaproxy, type Haproxy } from '../../support/haproxy.js';

export { HAPROXY } from '../../support/haproxy.js';

/**
 * Debian's HAProxy in front of the API instances, as a Kubernetes Service and its endpoint
 * controller (or a cloud load balancer) put them behind one address: TLS passes through (the
 * API ends it), each instance is health-checked on its readiness (`GET /v1/health` over TLS
 * every 500 ms; out after one failure, back after two successes), and a new connection goes
 * to an instance in rotation.
 */
export class LoadBalancer {
  private haproxy: Haproxy | undefined;
  private dir = '';
  port = 0;

  constructor(private readonly backends: number[]) {}

  async start(): Promise<this> {
    this.dir = await mkdtemp(join(tmpdir(), 'pf-haproxy-'));
    this.port = await freePort();
    const config = [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode tcp',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend api',
      `  bind 127.0.0.1:${this.port}`,
      '  default_backend apis',
      'backend apis',
      '  balance roundrobin',
      '  option httpchk',
      '  http-check send meth GET uri /v1/health ver HTTP/1.1 hdr Host localhost',
      '  http-check expect status 200',
      '  default-server inter 500 fall 1 rise 2 check check-ssl verify none',
      ...this.backends.map((p, i) => `  server api${i + 1} 127.0.0.1:${p}`),
    ];
    this.haproxy = await startHaproxy(this.dir, config, this.port);
    return this;
  }

  get log(): string {
    return this.haproxy?.log ?? '';
  }

  async dispose(): Promise<void> {
    await this.haproxy?.dispose();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

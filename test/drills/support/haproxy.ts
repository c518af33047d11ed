import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/api-process.js';
import { waitFor } from '../../support/wait.js';
import { startHaproxy, type Haproxy } from '../../support/haproxy.js';

export { HAPROXY } from '../../support/haproxy.js';

/**
 * Debian's HAProxy in front of the API instances, as a Kubernetes Service and its endpoint
 * controller (or a cloud load balancer) put them behind one address: TLS passes through (the
 * API ends it), each instance is health-checked on its readiness (`GET /v1/health` over TLS
 * every 500 ms, each allowed 2 s as the chart's readiness probe is; out after three failures in a
 * row, so checks slowed by a busy machine do not empty the rotation, which still takes a
 * draining instance out well within its SHUTDOWN_DELAY of 5 s; back after two successes), and a new
 * connection goes to an instance in rotation.
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
      `  stats socket ${join(this.dir, 'admin.sock')} mode 600 level operator`,
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
      '  timeout check 2s',
      '  default-server inter 500 fall 3 rise 2 check check-ssl verify none',
      ...this.backends.map((p, i) => `  server api${i + 1} 127.0.0.1:${p}`),
    ];
    this.haproxy = await startHaproxy(this.dir, config, this.port);
    return this;
  }

  /**
   * Whether the balancer has the server (`api1`, `api2`, …) in rotation now, read from its
   * runtime API (`show stat`), as a rollout reads an endpoint's readiness before it takes the
   * next instance down.
   */
  async inRotation(server: string): Promise<boolean> {
    const csv = await new Promise<string>((resolve, reject) => {
      const s = net.connect(join(this.dir, 'admin.sock'));
      let out = '';
      s.on('connect', () => s.write('show stat\n'));
      s.on('data', (c) => {
        out += c.toString();
      });
      s.on('end', () => resolve(out));
      s.on('error', reject);
    });
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const cols = header!.split(',');
    const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => cols.indexOf(c));
    return rows.some((r) => {
      const f = r.split(',');
      return f[px!] === 'apis' && f[sv!] === server && f[st!] === 'UP';
    });
  }

  /** Waits until the balancer has the server in rotation. */
  async waitInRotation(server: string, maxWait = 60_000): Promise<void> {
    await waitFor(`HAProxy to put ${server} back in rotation`, () => this.inRotation(server), { maxWait, interval: 100 });
  }

  get log(): string {
    return this.haproxy?.log ?? '';
  }

  async dispose(): Promise<void> {
    await this.haproxy?.dispose();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

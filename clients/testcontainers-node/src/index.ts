/**
 * The Partner Financing sandbox for a shop's Node.js tests, on testcontainers:
 *
 *   const sandbox = await new PartnerFinancingSandbox().start();
 *   // sandbox.baseUrl, .username, .password, .webhookSecret, .caCertificate
 *   await sandbox.approve(applicationId);
 *   await sandbox.stop();
 *
 * One container (image partner-financing-sandbox) runs Kafka, the store, the API and the
 * webhook relay with SANDBOX on. Its HTTPS port is published on 127.0.0.1 only; webhooks
 * reach the shop's machine as `host.docker.internal` (see webhookUrl and hostGateway).
 */
import { request } from 'node:https';
import { createServer } from 'node:net';
import { AbstractStartedContainer, GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';

export const DEFAULT_IMAGE = 'partner-financing-sandbox:local';
const API_PORT = 8443;
const FACTS_FILE = '/var/lib/sandbox/sandbox.json';

export type SandboxOutcome = 'APPROVE' | 'REJECT';

/** What the sandbox made for the shop: its partner account and how to reach the API. */
export interface SandboxFacts {
  baseUrl: string;
  partnerId: string;
  username: string;
  password: string;
  webhookSecret: string;
  payoutTrigger: 'SENT' | 'DELIVERED';
  feeBps: number;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class PartnerFinancingSandbox extends GenericContainer {
  private hostPort = 0;
  private partner: Record<string, string> = {};

  /** `image`: the sandbox image's name (PF_SANDBOX_IMAGE, else partner-financing-sandbox:local). */
  constructor(image = process.env.PF_SANDBOX_IMAGE ?? DEFAULT_IMAGE) {
    super(image);
    this.withExtraHosts([{ host: 'host.docker.internal', ipAddress: 'host-gateway' }])
      .withWaitStrategy(Wait.forLogMessage(/\[sandbox\] ready in/))
      .withStartupTimeout(120_000);
  }

  /** The partner the sandbox creates (default: sandbox-shop with a random password). */
  withPartner(opts: { username?: string; password?: string; payoutTrigger?: 'SENT' | 'DELIVERED'; feeBps?: number }): this {
    if (opts.username) this.partner.SANDBOX_PARTNER_USERNAME = opts.username;
    if (opts.password) this.partner.SANDBOX_PARTNER_PASSWORD = opts.password;
    if (opts.payoutTrigger) this.partner.SANDBOX_PAYOUT_TRIGGER = opts.payoutTrigger;
    if (opts.feeBps !== undefined) this.partner.SANDBOX_FEE_BPS = String(opts.feeBps);
    return this;
  }

  /** A fixed host port for the API (default: a free one), published on 127.0.0.1. */
  withHostPort(port: number): this {
    this.hostPort = port;
    return this;
  }

  override async start(): Promise<StartedPartnerFinancingSandbox> {
    const port = this.hostPort || (await freeLoopbackPort());
    // Gateway links and redirects name the address the shop's browser uses.
    this.withExposedPorts({ container: API_PORT, host: port })
      .withEnvironment({ PUBLIC_BASE_URL: `https://localhost:${port}`, ...this.partner });
    // testcontainers publishes on every interface; the sandbox is for this machine only.
    for (const bindings of Object.values(this.hostConfig.PortBindings ?? {}) as Array<Array<{ HostIp?: string }>>) {
      for (const b of bindings) b.HostIp = '127.0.0.1';
    }
    const started = await super.start();
    const facts = JSON.parse(await readFrom(started, FACTS_FILE)) as SandboxFacts & { caCertificateFile: string };
    const caCertificate = await readFrom(started, facts.caCertificateFile);
    const client = await getContainerRuntimeClient();
    const info = await client.container.inspect(client.container.getById(started.getId()));
    const gateway = Object.values(info.NetworkSettings.Networks ?? {})[0]?.Gateway ?? '';
    return new StartedPartnerFinancingSandbox(started, { ...facts, baseUrl: `https://localhost:${port}` }, caCertificate, gateway);
  }
}

async function readFrom(container: StartedTestContainer, path: string): Promise<string> {
  const res = await container.exec(['cat', path]);
  if (res.exitCode !== 0) throw new Error(`cannot read ${path} in the sandbox: ${res.output}`);
  return res.stdout;
}

export class StartedPartnerFinancingSandbox extends AbstractStartedContainer implements SandboxFacts {
  readonly baseUrl: string;
  readonly partnerId: string;
  readonly username: string;
  readonly password: string;
  readonly webhookSecret: string;
  readonly payoutTrigger: 'SENT' | 'DELIVERED';
  readonly feeBps: number;
  private token: { value: string; until: number } | undefined;

  constructor(
    started: StartedTestContainer,
    facts: SandboxFacts,
    /** PEM of the API's self-signed certificate: trust it (and only it) in the shop's HTTPS client. */
    readonly caCertificate: string,
    /**
     * The host's address on the container's network (Linux: the bridge gateway, e.g.
     * 172.17.0.1): `host.docker.internal` resolves to it inside the sandbox. A webhook
     * receiver in the test listens here (not 0.0.0.0) to be reachable from the sandbox.
     */
    readonly hostGateway: string,
  ) {
    super(started);
    this.baseUrl = facts.baseUrl;
    this.partnerId = facts.partnerId;
    this.username = facts.username;
    this.password = facts.password;
    this.webhookSecret = facts.webhookSecret;
    this.payoutTrigger = facts.payoutTrigger;
    this.feeBps = facts.feeBps;
  }

  /** The notificationEndpoint for a receiver on the shop's machine at `port`. */
  webhookUrl(port: number, path = '/'): string {
    return `http://host.docker.internal:${port}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** Approves an application waiting for the customer, as if the customer confirmed at the gateway. */
  approve(applicationId: string): Promise<Record<string, unknown>> {
    return this.decide(applicationId, 'APPROVE');
  }

  /** Rejects an application waiting for the customer (the decision rules then reject it). */
  reject(applicationId: string): Promise<Record<string, unknown>> {
    return this.decide(applicationId, 'REJECT');
  }

  /**
   * The API's sandbox decision helper (POST /financing/v1/sandbox/applications/{id}/decision):
   * confirms a PROCESSING_REDIRECT_NEEDED application with the outcome; the decision and
   * its webhooks follow. Resolves with the application (202), throws on any other answer.
   */
  async decide(applicationId: string, outcome: SandboxOutcome): Promise<Record<string, unknown>> {
    const res = await this.call('POST', `/financing/v1/sandbox/applications/${encodeURIComponent(applicationId)}/decision`, { outcome }, await this.bearer());
    if (res.status !== 202) throw new Error(`sandbox decision ${outcome} for ${applicationId}: HTTP ${res.status} ${res.body}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await this.call('POST', '/authentication/v1/partner', { username: this.username, password: this.password });
    if (res.status !== 200) throw new Error(`sandbox login: HTTP ${res.status} ${res.body}`);
    const body = JSON.parse(res.body) as { accessToken: string; expiresIn?: number };
    this.token = { value: body.accessToken, until: Date.now() + Math.max(0, (body.expiresIn ?? 7200) - 60) * 1000 };
    return body.accessToken;
  }

  private call(method: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: string }> {
    const url = new URL(path, this.baseUrl);
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(url, {
        method,
        ca: this.caCertificate,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}

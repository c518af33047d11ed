import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebhookVerifier } from '../../../clients/typescript/src/webhooks.js';
import type { TestApi } from '../../support/api.js';
import type { TestPartner } from '../../support/partners.js';
import { applicationBody } from '../../applications/requests.js';
import { waitFor } from '../../support/wait.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Received {
  webhookId: string;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** the signature checked with the client's WebhookVerifier under the partner's secret */
  verified: boolean;
}

/**
 * A shop's local webhook endpoint: records every POST, checks its signature with the
 * client's own verifier, and acknowledges as the service expects (or answers `status`).
 */
export class Receiver {
  readonly received: Received[] = [];
  status = 200;
  private server?: http.Server;
  private readonly verifier: WebhookVerifier;

  constructor(secret: string) {
    this.verifier = new WebhookVerifier(secret);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  port = 0;

  async start(port = this.port): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let verified = false;
        try {
          this.verifier.verify(body, req.headers);
          verified = true;
        } catch {
          /* recorded as unverified */
        }
        this.received.push({ webhookId: String(req.headers['webhook-id']), body, headers: req.headers, verified });
        res
          .writeHead(this.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(this.status < 300 ? { statusCode: '200', status: 'OK' } : { status: 'ERROR' }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  ids(): string[] {
    return this.received.map((r) => r.webhookId);
  }
}

/** `partner-financing listen` (or `cert`) as its own process, from the client's sources. */
export class CliRun {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[], env: Record<string, string>, command = [process.execPath, '--import', 'tsx', 'clients/typescript/src/cli/main.ts'], cwd = ROOT) {
    // its own process group: a stop reaches what npx or npm started too
    this.child = spawn(command[0]!, [...command.slice(1), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child.stdout!.on('data', (d) => {
      this.stdout += d;
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[listen out] ${d}`);
    });
    this.child.stderr!.on('data', (d) => {
      this.stderr += d;
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[listen err] ${d}`);
    });
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  get output(): string {
    return `--- stdout\n${this.stdout}--- stderr\n${this.stderr}`;
  }

  async waitFor(pattern: RegExp, where: 'stdout' | 'stderr' = 'stderr', maxWait = 30_000): Promise<RegExpMatchArray> {
    return waitFor(`listen to print ${pattern} on ${where}\n${this.output}`, () => this[where].match(pattern) ?? undefined, { maxWait, interval: 50 });
  }

  /**
   * SIGTERM (what `kill` and a service manager send) to the process started (npx passes it
   * on); SIGKILL to its whole group. Resolves to the exit status.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    try {
      if (signal === 'SIGKILL') process.kill(-this.child.pid!, signal);
      else if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    } catch {
      /* already gone */
    }
    return this.exited;
  }

  /** Ctrl-C in a terminal: SIGINT to the whole process group (npx and the command it started); resolves when all are gone. */
  async interrupt(): Promise<number | null> {
    try {
      process.kill(-this.child.pid!, 'SIGINT');
    } catch {
      /* already gone */
    }
    return this.exited;
  }

  /** SIGSTOP / SIGCONT of the whole group: a paused machine */
  signal(signal: NodeJS.Signals): void {
    process.kill(-this.child.pid!, signal);
  }
}

/** Every event of the partner's feed, oldest first (GET /financing/v1/events, paged with `after`). */
export async function feed(t: TestApi, partner: TestPartner): Promise<Array<{ id: string; type: string; data: Record<string, unknown> }>> {
  const all: any[] = [];
  for (;;) {
    const after = all.at(-1)?.id;
    const res = await t.client.get(`/financing/v1/events?limit=100${after ? `&after=${after}` : ''}`, { token: partner.token });
    if (res.status !== 200) throw new Error(`the feed answered ${res.status}: ${res.text}`);
    all.push(...res.body.data);
    if (res.body.data.length < 100) return all;
  }
}

/**
 * Makes notifications: creates an application and approves it through the sandbox, and
 * waits until the feed holds its READY_TO_SHIP; resolves to the feed's length then.
 */
export async function approvedApplication(t: TestApi, partner: TestPartner): Promise<{ id: string; feedLength: number }> {
  const created = await t.client.post('/financing/v1/applications', applicationBody(), { token: partner.token });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const id = created.body.id as string;
  const decided = await t.client.post(`/financing/v1/sandbox/applications/${id}/decision`, { outcome: 'APPROVE' }, { token: partner.token });
  if (decided.status !== 202) throw new Error(`sandbox decision: ${decided.status} ${decided.text}`);
  const events = await waitFor(
    `the READY_TO_SHIP of ${id} in the feed`,
    async () => {
      const all = await feed(t, partner);
      return all.some((e) => e.data.id === id && e.data.stateReason === 'READY_TO_SHIP') && all;
    },
    { maxWait: 20_000, interval: 100 },
  );
  return { id, feedLength: events.length };
}

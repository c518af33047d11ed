import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config/index.js';
import { selfSignedTls } from '../../platform/http/tls.js';
import { TestClient } from './http.js';
import { waitFor } from './wait.js';
import { ServiceProcess, processEntry, serviceEnv } from './service-process.js';

/** A port that was free a moment ago (the API process must keep one port across restarts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API as its own process (`node dist/api/main.js`, see processEntry: one process, so SIGKILL
 * kills the API itself), on the test's database and topics, on fixed ports and with a
 * certificate written for it, so that a client keeps working across a restart.
 */
export class ApiProcess extends ServiceProcess {
  private dir = '';
  private certPem = '';
  private ports = { https: 0, http: 0 };
  client!: TestClient;

  /** `nodeArgs`: Node flags besides the services' own (a benchmark's `--cpu-prof`). */
  /** `entry`: the benchmarks also run the compiled `dist/api/main.js`. */
  constructor(
    private readonly config: Config,
    private readonly env: Record<string, string> = {},
    nodeArgs: string[] = [],
    entry = processEntry('api/main.ts'),
  ) {
    super(entry, nodeArgs);
  }

  /** Picks the ports and writes the certificate; call once before `start`. */
  async prepare(): Promise<this> {
    const tls = await selfSignedTls();
    this.dir = await mkdtemp(join(tmpdir(), 'pf-api-'));
    await writeFile(join(this.dir, 'cert.pem'), tls.cert);
    await writeFile(join(this.dir, 'key.pem'), tls.key);
    this.certPem = tls.cert;
    this.ports = { https: await freePort(), http: await freePort() };
    this.client = new TestClient(this.baseUrl, this.certPem);
    return this;
  }

  get baseUrl(): string {
    return `https://localhost:${this.ports.https}`;
  }

  get cert(): string {
    return this.certPem;
  }

  /** Where its certificate and key files are (TLS_CERT_FILE, TLS_KEY_FILE): a test may replace them. */
  get tlsDir(): string {
    return this.dir;
  }

  /** `extra`: environment for this start only (e.g. a test hook), over the constructor's. */
  start(extra: Record<string, string> = {}): this {
    this.spawn({
      ...serviceEnv(this.config),
      HTTPS_PORT: String(this.ports.https),
      HTTP_PORT: String(this.ports.http),
      PUBLIC_BASE_URL: this.baseUrl,
      API_METRICS_PORT: '0',
      TLS_CERT_FILE: join(this.dir, 'cert.pem'),
      TLS_KEY_FILE: join(this.dir, 'key.pem'),
      ...this.env,
      ...extra,
    });
    return this;
  }

  /** Resolves once GET /v1/health answers 200 (the API listens only when fully started). */
  async healthy(maxWait = 60_000): Promise<void> {
    await waitFor(
      'the API process to answer its health check',
      async () => {
        if (this.exited) throw new Error(`the API process exited: ${this.log}`);
        return (await this.client.get('/v1/health', { timeoutMs: 2000 })).status === 200;
      },
      { maxWait, interval: 100 },
    );
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    this.client?.close();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

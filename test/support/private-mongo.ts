import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { freePort } from './api-process.js';
import { waitFor } from './wait.js';

/** The mongo-java-server infra/install.sh caches (the same the shared stack runs on). */
function serverHome(): string {
  const cache = process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing');
  return join(cache, `mongo-java-server-${process.env.MJS_VERSION ?? '1.47.0'}`);
}

/**
 * A MongoDB-wire server of the test's own, on a free port with its data file in a
 * temporary directory, that the test may pause (SIGSTOP: the server keeps its sockets and
 * never answers, the hardest outage for a client) and resume, without touching the
 * shared stack other suites run on.
 */
export class PrivateMongo {
  private child: ChildProcess | undefined;
  private dir = '';
  private port = 0;

  /** `heapMb`: the server's heap (it keeps what it scans in memory: a bench with large collections needs more). */
  constructor(private readonly opts: { heapMb?: number } = {}) {}

  get url(): string {
    return `mongodb://127.0.0.1:${this.port}/?directConnection=true&retryWrites=false`;
  }

  async start(): Promise<this> {
    const home = serverHome();
    if (!existsSync(join(home, 'classes'))) throw new Error(`mongo-java-server is not installed under ${home}: run infra/install.sh`);
    this.dir = await mkdtemp(join(tmpdir(), 'pf-private-mongo-'));
    this.port = await freePort();
    this.child = spawn(
      'java',
      [
        '-Xms64m',
        `-Xmx${this.opts.heapMb ?? 384}m`,
        '-Djava.awt.headless=true',
        '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
        '-cp',
        `${home}/lib/*:${home}/classes`,
        'MongoWireServer',
        join(this.dir, 'db.mv'),
        '127.0.0.1',
        String(this.port),
      ],
      { stdio: 'ignore' },
    );
    await waitFor(
      `the private MongoDB-wire server on ${this.port}`,
      async () => {
        if (this.child?.exitCode !== null) throw new Error('the private MongoDB-wire server exited');
        const client = new MongoClient(this.url, { serverSelectionTimeoutMS: 500 });
        try {
          await client.connect();
          return (await client.db('admin').command({ ping: 1 })).ok === 1;
        } finally {
          await client.close();
        }
      },
      { maxWait: 60_000, interval: 250 },
    );
    return this;
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async dispose(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    }
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { freePort } from './api-process.js';
import { waitFor } from './wait.js';

export const HAPROXY = '/usr/sbin/haproxy';

/**
 * Debian's HAProxy as a TLS terminator in front of a plain TCP server (the local MongoDB-wire
 * store has no TLS of its own): `port` answers TLS with the given server certificate;
 * `mutualPort` also requires a client certificate signed by `clientCa`. Both forward the
 * decrypted bytes to `target`, as a cloud database's TLS front end does.
 */
export class TlsTerminator {
  private child: ChildProcess | undefined;
  private output = '';
  port = 0;
  mutualPort = 0;

  constructor(
    private readonly dir: string,
    private readonly opts: { target: { host: string; port: number }; serverCert: string; serverKey: string; clientCa: string },
  ) {}

  async start(): Promise<this> {
    const pem = join(this.dir, 'haproxy-server.pem');
    await writeFile(pem, `${await readFile(this.opts.serverCert, 'utf8')}${await readFile(this.opts.serverKey, 'utf8')}`);
    this.port = await freePort();
    this.mutualPort = await freePort();
    const cfg = [
      'global',
      '  maxconn 500',
      'defaults',
      '  mode tcp',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend tls',
      `  bind 127.0.0.1:${this.port} ssl crt ${pem}`,
      '  default_backend store',
      'frontend mutual_tls',
      `  bind 127.0.0.1:${this.mutualPort} ssl crt ${pem} verify required ca-file ${this.opts.clientCa}`,
      '  default_backend store',
      'backend store',
      `  server store ${this.opts.target.host}:${this.opts.target.port}`,
      '',
    ].join('\n');
    await writeFile(join(this.dir, 'haproxy.cfg'), cfg);
    this.child = spawn(HAPROXY, ['-db', '-f', join(this.dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c: Buffer) => {
      this.output = (this.output + c.toString()).slice(-10_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    await waitFor(
      'HAProxy to listen',
      () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(this.mutualPort, '127.0.0.1', () => {
            s.destroy();
            resolve(true);
          });
          s.on('error', () => resolve(false));
        }),
      { maxWait: 10_000, interval: 100 },
    ).catch((err) => {
      throw new Error(`${err.message}\n${this.output}`);
    });
    return this;
  }

  get log(): string {
    return this.output;
  }

  async dispose(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null)
      await new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGKILL');
      });
  }
}

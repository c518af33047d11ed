import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './api-process.js';
import { startHaproxy, type Haproxy } from './haproxy.js';

/**
 * Debian's HAProxy as a TLS terminator in front of a plain TCP server (the local MongoDB-wire
 * store has no TLS of its own): `port` answers TLS with the given server certificate;
 * `mutualPort` also requires a client certificate signed by `clientCa`. Both forward the
 * decrypted bytes to `target`, as a cloud database's TLS front end does.
 */
export class TlsTerminator {
  private haproxy: Haproxy | undefined;
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
    const config = [
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
    ];
    this.haproxy = await startHaproxy(this.dir, config, this.mutualPort);
    return this;
  }

  get log(): string {
    return this.haproxy?.log ?? '';
  }

  async dispose(): Promise<void> {
    await this.haproxy?.dispose();
  }
}

import { createHash, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { watch, type FSWatcher } from 'node:fs';
import { dirname } from 'node:path';
import tls from 'node:tls';
import type { Logger } from '../logger.js';
import type { TlsMaterial } from './tls.js';

/** How often the files are read again even without a file event (a missed event, a network volume). */
const POLL_MS = 60_000;
/** Writers replace a certificate and its key one after the other: wait for both. */
const SETTLE_MS = 300;

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/**
 * Picks up a renewed certificate and key (cert-manager, Let's Encrypt, a rotated secret)
 * without a restart: on a change in their directory (Kubernetes swaps a mounted secret's
 * files through a symlink, so the directory is watched, not the files), on SIGHUP, and every
 * minute. A new pair is checked by building a TLS context from it before it is used; a pair
 * that cannot be read or does not match keeps the one in use and logs why. Connections
 * already open keep the certificate they started with; every new one gets the new pair.
 */
export class TlsReloader {
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;
  private settle: NodeJS.Timeout | undefined;
  private fingerprint = '';
  private reading: Promise<void> | undefined;
  private readonly onHup = () => {
    void this.reload('SIGHUP');
  };

  constructor(
    private readonly files: TlsFiles,
    private readonly apply: (material: TlsMaterial) => void,
    private readonly logger: Logger,
    current: TlsMaterial,
  ) {
    this.fingerprint = fingerprintOf(current);
  }

  start(): void {
    for (const dir of new Set([dirname(this.files.certFile), dirname(this.files.keyFile)])) {
      try {
        this.watchers.push(watch(dir, () => this.soon()));
      } catch (err) {
        this.logger.warn({ err, dir }, 'TLS files: cannot watch the directory; renewed files are picked up on SIGHUP and every minute');
      }
    }
    this.timer = setInterval(() => {
      void this.reload('poll');
    }, POLL_MS);
    this.timer.unref();
    process.on('SIGHUP', this.onHup);
  }

  stop(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    clearInterval(this.timer);
    clearTimeout(this.settle);
    process.off('SIGHUP', this.onHup);
  }

  private soon(): void {
    clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      void this.reload('file change');
    }, SETTLE_MS);
    this.settle.unref();
  }

  /** Reads the pair again and uses it when it changed and is good. Never throws. */
  reload(why: string): Promise<void> {
    this.reading ??= this.read(why).finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(why: string): Promise<void> {
    let material: TlsMaterial;
    try {
      const [cert, key] = await Promise.all([readFile(this.files.certFile, 'utf8'), readFile(this.files.keyFile, 'utf8')]);
      material = { cert, key };
    } catch (err) {
      this.logger.warn({ err, why, certFile: this.files.certFile, keyFile: this.files.keyFile }, 'TLS files could not be read: the certificate in use is kept');
      return;
    }
    const fingerprint = fingerprintOf(material);
    if (fingerprint === this.fingerprint) return;
    try {
      // refuses a key that does not match the certificate, or a file that is no PEM
      tls.createSecureContext({ cert: material.cert, key: material.key });
    } catch (err) {
      this.logger.warn(
        { err: { message: (err as Error).message }, why },
        'TLS files changed but the new pair is not usable (key and certificate must match): the certificate in use is kept',
      );
      return;
    }
    this.apply(material);
    this.fingerprint = fingerprint;
    this.logger.info({ why, notAfter: notAfterOf(material.cert) }, 'TLS certificate reloaded: new connections use it');
  }
}

function fingerprintOf(m: TlsMaterial): string {
  return createHash('sha256').update(m.cert).update('\0').update(m.key).digest('hex');
}

function notAfterOf(cert: string): string | undefined {
  try {
    return new X509Certificate(cert).validTo;
  } catch {
    return undefined;
  }
}

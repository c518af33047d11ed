import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { waitFor } from './wait.js';

/** Debian's HAProxy (installed on the development and CI machines). */
export const HAPROXY = '/usr/sbin/haproxy';

/** A running HAProxy: its last output (for a failure's message) and a way to stop it. */
export interface Haproxy {
  readonly log: string;
  dispose(): Promise<void>;
}

/**
 * Writes `config` to `dir`/haproxy.cfg, runs HAProxy in the foreground on it, and resolves
 * once `port` accepts connections (fails with HAProxy's output after 10 s).
 */
export async function startHaproxy(dir: string, config: string[], port: number): Promise<Haproxy> {
  await writeFile(join(dir, 'haproxy.cfg'), [...config, ''].join('\n'));
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (c: Buffer) => {
    output = (output + c.toString()).slice(-10_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const handle: Haproxy = {
    get log() {
      return output;
    },
    dispose: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGKILL');
      });
    },
  };
  await waitFor(
    'HAProxy to listen',
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    { maxWait: 10_000, interval: 100 },
  ).catch(async (err) => {
    await handle.dispose();
    throw new Error(`${err.message}\n${output}`);
  });
  return handle;
}

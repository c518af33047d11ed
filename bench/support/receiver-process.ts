import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The partners' endpoints of the webhook benchmarks (bench/relay/receiver.ts) as a process
 * of their own, asked over IPC: its ports, how many notifications arrived, and when each
 * first arrived (by the body's `id`, on this machine's wall clock).
 */
export class ReceiverProcess {
  private readonly child: ChildProcess;

  constructor(endpoints: number) {
    this.child = fork(fileURLToPath(new URL('../relay/receiver.ts', import.meta.url)), [String(endpoints)], { execArgv: ['--import', 'tsx'] });
  }

  ask<T>(cmd: string, key: string): Promise<T> {
    return new Promise((resolve) => {
      const on = (m: any) => {
        if (key in m) {
          this.child.off('message', on);
          resolve(m as T);
        }
      };
      this.child.on('message', on);
      if (cmd) this.child.send({ cmd });
    });
  }

  /** The endpoints' ports, once they listen. */
  async ports(): Promise<number[]> {
    return (await this.ask<{ ports: number[] }>('', 'ports')).ports;
  }

  /** Every first arrival so far: id → time (ms since the epoch). */
  async receipts(): Promise<Map<string, number>> {
    return new Map((await this.ask<{ receipts: [string, number][] }>('dump', 'receipts')).receipts);
  }

  async waitFor(count: number, maxMs: number): Promise<Map<string, number>> {
    const end = Date.now() + maxMs;
    while ((await this.ask<{ count: number }>('count', 'count')).count < count) {
      if (Date.now() > end) throw new Error(`receiver got fewer than ${count} notifications in ${maxMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.receipts();
  }

  async reset(): Promise<void> {
    await this.ask('reset', 'reset');
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  stop(): void {
    this.child.disconnect();
  }
}

import { spawn } from 'node:child_process';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serviceNodeArgs } from '../../platform/node-flags.js';
import { cpuPerOp } from './cpu.js';
import { paced } from './pacing.js';

/**
 * A bare-Koa process (support/bare-koa.ts) with `env`, run with the API's Node flags: its
 * base URL and pid, and how to stop it.
 */
export async function startBareKoa(env: Record<string, string> = {}): Promise<{ url: string; pid: number | undefined; stop(): void }> {
  const child = spawn(process.execPath, serviceNodeArgs(fileURLToPath(new URL('./bare-koa.ts', import.meta.url))), {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`bare Koa exited ${code}`)));
  });
  return { url: `https://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/**
 * The unit of the CPU figures: what one request to a bare Koa route over HTTPS costs its
 * process, in µs, at `connections` keep-alive connections (as bench/applications.ts loads
 * the API), after a warm-up. A figure measured in the same run as the figures it divides,
 * since this shared machine's speed drifts over minutes.
 */
export async function bareKoaCpuPerRequest(seconds = 5, warmupSeconds = 5, connections = 50): Promise<{ us: number; rps: number }> {
  const koa = await startBareKoa();
  try {
    await autocannon({ url: koa.url, connections, duration: warmupSeconds });
    const { result, perOpUs } = await cpuPerOp(
      { koa: koa.pid },
      () => autocannon({ url: koa.url, connections, duration: seconds }),
      (r) => r.requests.total,
    );
    if (result.errors + result.non2xx > 0) throw new Error(`bare Koa: ${result.errors} errors, ${result.non2xx} non-2xx`);
    if (perOpUs.koa === undefined) throw new Error('the CPU of the bare Koa process cannot be read (no /proc?)');
    return { us: perOpUs.koa, rps: result.requests.average };
  } finally {
    koa.stop();
  }
}

/**
 * The same bare Koa route paced at `rate` requests/s over keep-alive HTTPS (as the latency
 * bench paces creates): µs of its process per request. At a paced rate nothing coalesces
 * (each request wakes the process on its own), so this unit is several times the saturated
 * one; a paced create compares fairly only with it.
 */
export async function bareKoaCpuPaced(rate: number, seconds = 5): Promise<number> {
  const koa = await startBareKoa();
  const agent = new https.Agent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false });
  const get = () =>
    new Promise<string>((resolve, reject) => {
      https
        .get(koa.url, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(String(Math.random())) : reject(new Error(`bare Koa answered ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  try {
    await paced(rate, rate, get); // one second of warm-up and connections
    const { perOpUs } = await cpuPerOp(
      { koa: koa.pid },
      () => paced(rate * seconds, rate, get),
      (r) => r.size,
    );
    if (perOpUs.koa === undefined) throw new Error('the CPU of the bare Koa process cannot be read (no /proc?)');
    return perOpUs.koa;
  } finally {
    agent.destroy();
    koa.stop();
  }
}

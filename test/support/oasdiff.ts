import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** oasdiff, the OpenAPI diff tool (a Go module), pinned; built once into the project's cache. */
export const OASDIFF_MODULE = 'github.com/oasdiff/oasdiff@v1.37.0';

export async function oasdiffBinary(): Promise<string> {
  if (process.env.OASDIFF && existsSync(process.env.OASDIFF)) return process.env.OASDIFF;
  const bin = path.join(process.env.PF_CACHE ?? path.join(homedir(), '.cache', 'partner-financing'), 'oasdiff-v1.37.0');
  const exe = path.join(bin, 'oasdiff');
  if (!existsSync(exe)) {
    await run('go', ['install', OASDIFF_MODULE], { env: { ...process.env, GOBIN: bin, GOFLAGS: '-mod=mod' }, timeout: 600_000, maxBuffer: 16 * 2 ** 20 });
  }
  return exe;
}

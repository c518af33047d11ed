import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the running `npm start` serves its API, so that the repository's helpers
 * (`npm run -s cert`) ask that port, whatever HTTPS_PORT it was started with. The file is
 * written at start and removed at the end; one that a killed start left behind names a
 * process that no longer runs, and is ignored.
 */
export const LOCAL_API_FILE = path.join(process.env.PF_CACHE ?? path.join(homedir(), '.cache', 'partner-financing'), 'run', 'local-api.json');

export function localApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `https://localhost:${env.HTTPS_PORT ?? 8443}`;
}

export function recordLocalApi(baseUrl: string, file = LOCAL_API_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ baseUrl, pid: process.pid })}\n`);
}

export function forgetLocalApi(file = LOCAL_API_FILE): void {
  try {
    if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) rmSync(file, { force: true });
  } catch {
    /* nothing recorded */
  }
}

/** The base URL of the running `npm start`, or undefined when none is recorded or its process is gone. */
export function runningLocalApi(file = LOCAL_API_FILE): string | undefined {
  try {
    const { baseUrl, pid } = JSON.parse(readFileSync(file, 'utf8'));
    process.kill(pid, 0); // throws when no such process
    return typeof baseUrl === 'string' ? baseUrl : undefined;
  } catch {
    return undefined;
  }
}

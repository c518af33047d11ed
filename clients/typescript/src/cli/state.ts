import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** Where `listen` is in the partner's feed: the id of the last event it forwarded (or let through its filter). */
export interface ListenState {
  baseUrl: string;
  username: string;
  lastEventId?: string;
  updatedAt: string;
}

/**
 * The default state file: one per service and partner, under the user's state directory
 * (`$XDG_STATE_HOME`, else `~/.local/state`), so `listen` in any folder resumes where the
 * last one stopped.
 */
export function defaultStateFile(baseUrl: string, username: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.XDG_STATE_HOME || path.join(homedir(), '.local', 'state');
  const url = new URL(baseUrl);
  const slug = `${username}@${url.hostname}_${url.port || '443'}`.replace(/[^A-Za-z0-9._@-]/g, '_');
  return path.join(root, 'partner-financing', `listen-${slug}.json`);
}

export class StateFile {
  constructor(readonly file: string) {}

  /** The saved state, undefined when there is none yet; an Error naming the file when it cannot be used. */
  async load(baseUrl: string, username: string): Promise<ListenState | undefined> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`the state file ${this.file} cannot be read: ${(err as Error).message}`);
    }
    let state: ListenState;
    try {
      state = JSON.parse(text) as ListenState;
    } catch {
      throw new Error(`the state file ${this.file} is not JSON: delete it to start at the end of the feed`);
    }
    if (state.baseUrl !== baseUrl || state.username !== username) {
      throw new Error(
        `the state file ${this.file} belongs to ${state.username} at ${state.baseUrl}, not ${username} at ${baseUrl}: name another one with --state-file`,
      );
    }
    return state;
  }

  /** Writes the position: a whole new file renamed over the old one, so a crash leaves one or the other. */
  async save(state: ListenState): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(state, null, 2)}\n`);
    await rename(tmp, this.file);
  }
}

import { readFileSync } from 'node:fs';

/** A setting names a file that cannot be used (the message names the setting). */
export class SettingFileError extends Error {}

/**
 * Reads the file a setting names. One trailing newline goes (`echo secret > file` and
 * Kubernetes secrets written by editors end with one); anything else is kept as it is, so a
 * value that really ends in a space still works. A missing, unreadable or empty file is an
 * error naming the setting, at start, not at the first connection that needs it.
 */
export function readSettingFile(setting: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SettingFileError(`${setting}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const value = text.replace(/\r?\n$/, '');
  if (!value) throw new SettingFileError(`${setting}: ${path} is empty`);
  return value;
}

/**
 * The `*_FILE` convention of containers and Kubernetes secrets: for each setting named in
 * `names`, `X_FILE` may name a file holding the value of X, so a secret (a connection string
 * with a password in it) never has to sit in the environment, where `ps e`, crash dumps and
 * orchestrator specs show it. Returns a copy of env with X filled from its file; giving both
 * X and X_FILE is refused, since which one wins would be a guess.
 */
export function resolveSettingFiles(env: NodeJS.ProcessEnv, names: readonly string[]): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  const errors: string[] = [];
  for (const name of names) {
    const path = env[`${name}_FILE`];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      errors.push(`${name}: both ${name} and ${name}_FILE are set; give only one`);
      continue;
    }
    try {
      out[name] = readSettingFile(`${name}_FILE`, path);
    } catch (err) {
      if (!(err instanceof SettingFileError)) throw err;
      errors.push(err.message);
    }
    delete out[`${name}_FILE`];
  }
  if (errors.length) throw new SettingFileError(errors.join('\n  '));
  return out;
}

import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

/** "<name> <version>" of the project, as the health endpoint reports it. */
export const PROJECT_VERSION = `${pkg.name} ${pkg.version}`;
export const PROJECT_NAME = pkg.name;

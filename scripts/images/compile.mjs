#!/usr/bin/env node
// The images' build step: TypeScript to JavaScript, file by file, with @swc/core (a
// devDependency already), so the containers run `node api/main.js` instead of loading
// tsx and transpiling ~200 files at every start. Types are not checked here (`npm test`
// runs tsc); the tree keeps its shape (api/main.ts -> <out>/api/main.js), so the code's
// own relative paths (../package.json, the `.js` import specifiers) hold unchanged.
//
//   node scripts/images/compile.mjs <out-dir> [--if-stale]
//
// `npm start`, `start:api` and `start:relay` run the same output from `dist/` (built by
// scripts/start.ts and the pre-scripts with --if-stale: nothing is done when the
// fingerprint of the sources, their paths, sizes and modification times, equals the one
// of the last build, kept in <out-dir>/.source-fingerprint). A build writes a fresh
// directory beside <out-dir> and swaps it in, so a half-written tree never runs.
//
// Compiles the service code (api, config, ops, platform, modules, relay, versions, without tests
// and fakes) and the sandbox supervisor (scripts/sandbox); copies package.json (its "type": "module" makes the output ESM). Then
// checks that every relative import of the output names a file of the output, so code that
// starts importing from a directory not listed here fails the build, not the container.
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const target = args.find((a) => !a.startsWith('--'));
if (!target) {
  process.stderr.write('usage: node scripts/images/compile.mjs <out-dir> [--if-stale]\n');
  process.exit(2);
}
const final = resolve(target);

const DIRS = ['api', 'config', 'ops', 'platform', 'modules', 'relay', 'versions', 'scripts/sandbox'];
const FILES = [];
const skip = (f) => f.endsWith('.test.ts') || f.endsWith('.d.ts') || /\.fake\.ts$/.test(f);

async function walk(dir) {
  const found = [];
  for (const e of await readdir(join(ROOT, dir), { withFileTypes: true })) {
    const rel = join(dir, e.name);
    if (e.isDirectory()) found.push(...(await walk(rel)));
    else if (e.name.endsWith('.ts') && !skip(e.name)) found.push(rel);
  }
  return found;
}

// The same semantics as tsx/tsc with this tsconfig: ES2022 output (class fields defined
// as such), ES modules, import specifiers untouched, type-only imports dropped.
const options = {
  jsc: {
    parser: { syntax: 'typescript' },
    target: 'es2022',
    keepClassNames: true,
    transform: { useDefineForClassFields: true },
  },
  module: { type: 'es6' },
  isModule: true,
  sourceMaps: false,
  swcrc: false,
  configFile: false,
};

const t0 = Date.now();
const files = [...FILES];
for (const d of DIRS) files.push(...(await walk(d)));
files.sort();

const hash = createHash('sha256');
for (const f of [...files, 'package.json', 'scripts/images/compile.mjs']) {
  const st = await stat(join(ROOT, f));
  hash.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
}
const fingerprint = hash.digest('hex');
const stampFile = join(final, '.source-fingerprint');
if (ifStale && existsSync(stampFile) && (await readFile(stampFile, 'utf8')).trim() === fingerprint) process.exit(0);

// A fresh tree beside the target, swapped in at the end (the image build writes into an
// empty /app, where this is the same thing).
const out = `${final}.build-${process.pid}`;
await rm(out, { recursive: true, force: true });
const missing = [];
await Promise.all(
  files.map(async (rel) => {
    const { code } = await transformFile(join(ROOT, rel), options);
    const dest = join(out, rel.replace(/\.ts$/, '.js'));
    await mkdir(dirname(dest), { recursive: true });
    await writeFile(dest, code);
    // static and dynamic imports of relative paths: `from './x.js'`, `import('../y.js')`
    for (const m of code.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(dest), m[1]);
      if (!existsSync(target) && !files.some((f) => resolve(out, f.replace(/\.ts$/, '.js')) === target)) missing.push(`${rel} imports ${m[1]}`);
    }
  }),
);
await copyFile(join(ROOT, 'package.json'), join(out, 'package.json'));
const unresolved = missing.filter((m) => !m.endsWith("'../package.json'") && !m.endsWith(' ../package.json'));
if (unresolved.length) {
  process.stderr.write(`[compile] imports outside the compiled tree (add their directory to DIRS):\n  ${unresolved.join('\n  ')}\n`);
  await rm(out, { recursive: true, force: true });
  process.exit(1);
}
await writeFile(join(out, '.source-fingerprint'), `${fingerprint}\n`);
await rm(final, { recursive: true, force: true });
await rename(out, final);
process.stderr.write(`[compile] ${files.length} files to ${relative(process.cwd(), final) || '.'} in ${Date.now() - t0} ms\n`);

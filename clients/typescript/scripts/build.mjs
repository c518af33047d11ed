#!/usr/bin/env node
// `npm run build` (in clients/typescript, or `npm run -w clients/typescript build` at the
// root): compiles src/ to dist/esm (ES modules, with the `partner-financing` command) and
// dist/cjs (CommonJS, the library only), each with its .d.ts files, using this package's
// own TypeScript. The build goes to a fresh folder that replaces dist/ at the end, so a
// reader never sees half a build.
//   --if-stale: do nothing when dist/ was built from exactly these sources (a hash of src/,
//   the tsconfigs and package.json): `npm test` and `npm run example` call it first.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(pkg, 'dist');
const stampFile = path.join(dist, '.build-stamp');

function sourcesHash() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else { hash.update(path.relative(pkg, full)); hash.update(readFileSync(full)); }
    }
  };
  walk(path.join(pkg, 'src'));
  for (const f of ['tsconfig.esm.json', 'tsconfig.cjs.json', 'package.json', 'scripts/build.mjs']) hash.update(readFileSync(path.join(pkg, f)));
  return hash.digest('hex');
}

const want = sourcesHash();
if (process.argv.includes('--if-stale') && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === want) process.exit(0);

/**
 * A copy of src/ in a folder whose package.json says "commonjs", and a tsconfig there that
 * extends tsconfig.cjs.json: with NodeNext, TypeScript writes CommonJS for files in such a
 * folder (the package itself is "type": "module"). Returns that tsconfig's path.
 */
function commonJsProject(next) {
  const dir = path.join(next, 'cjs-src');
  cpSync(path.join(pkg, 'src'), path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{\n  "type": "commonjs"\n}\n');
  const config = path.join(dir, 'tsconfig.json');
  writeFileSync(config, JSON.stringify({
    extends: path.join(pkg, 'tsconfig.cjs.json'),
    compilerOptions: { rootDir: 'src' },
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.test.ts', 'src/cli/**'],
  }, null, 2));
  return config;
}

const tsc = path.join(path.dirname(createRequire(path.join(pkg, 'package.json')).resolve('typescript/package.json')), 'bin', 'tsc');
const next = path.join(pkg, `dist.${process.pid}.tmp`);
rmSync(next, { recursive: true, force: true });
try {
  for (const [config, out] of [['tsconfig.esm.json', 'esm'], [commonJsProject(next), 'cjs']]) {
    const res = spawnSync(process.execPath, [tsc, '-p', config, '--outDir', path.join(next, out)], { cwd: pkg, stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`tsc -p ${path.relative(pkg, config)} failed (exit ${res.status ?? res.signal})`);
  }
  rmSync(path.join(next, 'cjs-src'), { recursive: true, force: true });
  // dist/cjs is CommonJS whatever the package's "type" says
  writeFileSync(path.join(next, 'cjs', 'package.json'), '{\n  "type": "commonjs"\n}\n');
  chmodSync(path.join(next, 'esm', 'cli', 'main.js'), 0o755);
  writeFileSync(path.join(next, '.build-stamp'), `${want}\n`);
  mkdirSync(dist, { recursive: true });
  const old = path.join(pkg, `dist.${process.pid}.old`);
  renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
} catch (err) {
  rmSync(next, { recursive: true, force: true });
  process.stderr.write(`[client build] ${err.message}\n`);
  process.exit(1);
}
process.stderr.write(`[client build] dist/esm and dist/cjs built with TypeScript ${JSON.parse(readFileSync(path.join(path.dirname(tsc), '..', 'package.json'), 'utf8')).version}\n`);

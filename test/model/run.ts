import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run test:model -- [--runs N] [--seed S] [--lanes K] [--shrink M] [--accept a,b] [--stats 1]`:
 * the model-based money test alone, longer than `npm test` runs it (24 sequences). Each
 * option sets the environment variable the spec reads (FC_SEED, MODEL_RUNS, MODEL_LANES,
 * MODEL_SHRINK, MODEL_ACCEPT; see money-model.spec.ts), then mocha runs the spec against
 * the same services as `npm test` (test/setup/global.ts).
 *
 *   npm run test:model -- --runs 5000 --lanes 16 --private-store 1
 */
const OPTIONS: Record<string, string> = {
  '--runs': 'MODEL_RUNS',
  '--seed': 'FC_SEED',
  '--lanes': 'MODEL_LANES',
  '--shrink': 'MODEL_SHRINK',
  '--accept': 'MODEL_ACCEPT',
  '--path': 'MODEL_PATH',
  '--stats': 'MODEL_STATS',
  '--private-store': 'MODEL_PRIVATE_STORE',
  '--job-every-ms': 'MODEL_JOB_EVERY_MS',
};
const env: NodeJS.ProcessEnv = { ...process.env };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
  const name = OPTIONS[flag];
  const value = inline ?? args[++i];
  if (!name || value === undefined) {
    process.stderr.write(
      `unknown option or missing value: ${args[i - (inline ? 0 : 1)]}\nusage: npm run test:model -- [--runs N] [--seed S] [--lanes K] [--shrink M] [--accept a,b] [--path P] [--stats 1] [--private-store 1] [--job-every-ms MS]\n`,
    );
    process.exit(2);
  }
  env[name] = value;
}
const root = fileURLToPath(new URL('../../', import.meta.url));
const mocha = spawn(
  process.execPath,
  [
    'node_modules/mocha/bin/mocha.js',
    '--no-config',
    '--node-option',
    'import=tsx',
    '--require',
    'test/setup/global.ts',
    '--exit',
    'test/model/money-model.spec.ts',
  ],
  { cwd: root, env, stdio: 'inherit' },
);
mocha.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

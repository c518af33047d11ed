// `npm run -s cert`: the certificate the local service presents (PEM on stdout), asked of
// the port the running `npm start` serves on: FINANCING_BASE_URL when set, else the one
// `npm start` recorded, else HTTPS_PORT (8443 by default).
import { run } from '../clients/typescript/src/cli/commands.js';
import { localApiUrl, runningLocalApi } from './local-api.js';

const baseUrl = process.env.FINANCING_BASE_URL ?? runningLocalApi() ?? localApiUrl();
run(['cert', '--base-url', baseUrl, ...process.argv.slice(2)], {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  signal: new AbortController().signal,
}).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`cert: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

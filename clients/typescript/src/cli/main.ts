#!/usr/bin/env node
// The package's bin: `npx @partner-financing/client listen --forward-to http://localhost:3000/hooks`.
import { run } from './commands.js';

const stop = new AbortController();
let signals = 0;
const onSignal = (signal: NodeJS.Signals) => {
  signals += 1;
  if (signals > 1) process.exit(signal === 'SIGINT' ? 130 : 143); // a second one: now
  process.stderr.write(`\n${signal}: finishing the forward in flight and saving the position (again to quit at once)\n`);
  stop.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

run(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  signal: stop.signal,
}).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`partner-financing: unexpected error: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

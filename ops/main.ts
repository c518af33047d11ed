import { runProgram } from './program.js';
import { openSession } from './session.js';
import { VERBS } from './commands/index.js';

/**
 * Entry point and composition root of the operators' program (`ops <group> <verb>`; in the
 * image `ops ...`, locally `npm run -s ops -- ...`): one verb per file under commands/,
 * each calling a use case through a module's door.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

runProgram(process.argv.slice(2), {
  verbs: VERBS,
  open: openSession,
  io: { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), stdin: readStdin },
}).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`ops: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);

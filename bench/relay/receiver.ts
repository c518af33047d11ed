/**
 * The partners' webhook endpoints of the relay benchmark, in a process of their own (forked
 * with IPC): one HTTP server per endpoint on 127.0.0.1, each acknowledging at once with the
 * spec's `{statusCode: "200", status: "OK"}`. It notes when the body `id` (the
 * application id: the correlation key of an end-to-end measurement) first arrived.
 *
 *   argv[2]: number of endpoints
 *   IPC in:  {cmd: 'count'} | {cmd: 'dump'} | {cmd: 'reset'}
 *   IPC out: {ports} once listening, then {count, requests} / {receipts: [id, atMs][]} / {reset: true}
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const endpoints = Number(process.argv[2] ?? '1');
const receipts = new Map<string, number>();
let requests = 0;
const ACK = JSON.stringify({ statusCode: '200', status: 'OK' });

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    requests++;
    try {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: string }).id;
      if (id && !receipts.has(id)) receipts.set(id, at);
    } catch {
      /* counted, not correlated */
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(ACK) });
    res.end(ACK);
  });
}

const servers = await Promise.all(
  Array.from({ length: endpoints }, async () => {
    const server = http.createServer(handle);
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return server;
  }),
);

process.on('message', (m: { cmd: string }) => {
  if (m.cmd === 'count') process.send!({ count: receipts.size, requests });
  else if (m.cmd === 'dump') process.send!({ receipts: [...receipts] });
  else if (m.cmd === 'reset') {
    receipts.clear();
    requests = 0;
    process.send!({ reset: true });
  }
});
process.on('disconnect', () => {
  for (const s of servers) s.close();
  process.exit(0);
});
process.send!({ ports: servers.map((s) => (s.address() as AddressInfo).port) });

/**
 * The bare-Koa figures of bench/applications.ts, each as its own process (like the API it
 * is compared with), over the same HTTPS stack. Prints its port.
 *
 * - no arguments: the ceiling, one route and nothing else;
 * - with BARE_KOA_MONGO_URL, BARE_KOA_DB and BARE_KOA_SHAPE (a stored application as the
 *   template and the collections' indexes, as JSON): the floor, a route that reads and
 *   parses the JSON body, does the store writes of one create (support/create-writes.ts)
 *   and answers 201. No validation, no auth, no Kafka: what HTTP plus the store cost with
 *   nothing of the service in between.
 */
import https from 'node:https';
import Koa from 'koa';
import { MongoClient } from 'mongodb';
import { selfSignedTls } from '../../platform/http/tls.js';
import { createWrites } from './create-writes.js';

const tls = await selfSignedTls();
const app = new Koa();
const mongoUrl = process.env.BARE_KOA_MONGO_URL;
if (mongoUrl) {
  const client = new MongoClient(mongoUrl, { retryWrites: false, maxPoolSize: 50 });
  await client.connect();
  const { template, indexes } = JSON.parse(process.env.BARE_KOA_SHAPE ?? '{}');
  const write = await createWrites(client.db(process.env.BARE_KOA_DB), indexes);
  app.use(async (ctx) => {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const id = await write(template, body?.order?.number);
    ctx.status = 201;
    ctx.body = { id, state: 'PROCESSING_REGISTRATION', orderNumber: body?.order?.number };
  });
} else {
  app.use((ctx) => {
    ctx.body = { status: 'UP' };
  });
}
const server = https.createServer({ cert: tls.cert, key: tls.key }, app.callback());
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

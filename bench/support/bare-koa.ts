/**
 * The bare-Koa ceiling of bench/applications.ts as its own process (like the API it is
 * compared with): one route over the same HTTPS stack, nothing else. Prints its port.
 */
import https from 'node:https';
import Koa from 'koa';
import { selfSignedTls } from '../../platform/http/tls.js';

const tls = await selfSignedTls();
const app = new Koa();
app.use((ctx) => { ctx.body = { status: 'UP' }; });
const server = https.createServer({ cert: tls.cert, key: tls.key }, app.callback());
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

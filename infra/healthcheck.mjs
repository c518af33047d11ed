#!/usr/bin/env node
// Container health check (node:24-bookworm-slim has neither curl nor wget).
//   node infra/healthcheck.mjs api    GET https://127.0.0.1:$HTTPS_PORT/v1/health -> 200
//   node infra/healthcheck.mjs relay  GET http://127.0.0.1:$RELAY_METRICS_PORT/health/live -> 200 (its lanes' loops alive)
// The API's certificate is self-signed unless TLS_CERT_FILE is given, hence no verification
// on this loopback-only probe.
import http from 'node:http';
import https from 'node:https';

const target = process.argv[2] ?? 'api';
const req = target === 'relay'
  ? http.get({ host: '127.0.0.1', port: Number(process.env.RELAY_METRICS_PORT ?? 9465), path: '/health/live', timeout: 4000 })
  : https.get({ host: '127.0.0.1', port: Number(process.env.HTTPS_PORT ?? 8443), path: '/v1/health', rejectUnauthorized: false, timeout: 4000 });

req.on('response', (res) => {
  res.resume();
  if (res.statusCode !== 200) console.error(`${target}: HTTP ${res.statusCode}`);
  process.exit(res.statusCode === 200 ? 0 : 1);
});
req.on('timeout', () => { console.error(`${target}: timeout`); req.destroy(); process.exit(1); });
req.on('error', (e) => { console.error(`${target}: ${e.message}`); process.exit(1); });

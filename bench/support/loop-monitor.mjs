/**
 * Preloaded into a service process by bench/latency.ts (`node --import <this file>`): how
 * late the event loop ran its callbacks and how long garbage collection held it, so that a
 * latency figure can be told apart into "the process was busy" and "it was waiting".
 * On SIGUSR2 it prints one line to stderr, `loop-monitor {json}`, covering the time since
 * the previous one, and starts over. Plain JavaScript: it loads before tsx does.
 *
 * It also counts the writes to each remote port (`sends`): one per store command or Kafka
 * request, whatever the machine's load, so a change that saves a round trip shows in it
 * even when the latency figures drown in noise.
 *
 * And the store's round trips as this process sees them (`storeRttMs`: from a command's
 * write on a connection to MONGO_URL's port to the first bytes back; the driver sends one
 * command at a time per connection): whether a slow answer was the store's wait or this
 * process's.
 */
import net from 'node:net';
import { createHistogram, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

const RESOLUTION_MS = 5;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
let gc = { count: 0, totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.count++;
    gc.totalMs += e.duration;
    gc.maxMs = Math.max(gc.maxMs, e.duration);
  }
}).observe({ entryTypes: ['gc'] });

let sends = new Map();
const count = (socket) => {
  const port = socket.remotePort ?? 0;
  sends.set(port, (sends.get(port) ?? 0) + 1);
};

const storePorts = new Set([...(process.env.MONGO_URL ?? '').matchAll(/:(\d+)/g)].map((m) => Number(m[1])));
let rtt = createHistogram();
const sentAt = new WeakMap();
const watched = new WeakSet();
const timeRoundTrip = (socket) => {
  if (!storePorts.has(socket.remotePort)) return;
  if (!watched.has(socket)) {
    watched.add(socket);
    socket.on('data', () => {
      const t0 = sentAt.get(socket);
      if (t0 === undefined) return;
      sentAt.delete(socket);
      rtt.record(Math.max(1, Math.round((performance.now() - t0) * 1000))); // µs
    });
  }
  if (!sentAt.has(socket)) sentAt.set(socket, performance.now());
};

const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (...args) {
  count(this);
  timeRoundTrip(this);
  return write.apply(this, args);
};

/** The histogram holds the timer's whole interval: the delay is what exceeds the resolution. */
const ms = (ns) => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);
process.on('SIGUSR2', () => {
  const line = {
    loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    gc: { count: gc.count, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 10) / 10 },
    storeRttMs: rtt.count ? { p50: rtt.percentile(50) / 1000, p99: rtt.percentile(99) / 1000, max: rtt.max / 1000, n: rtt.count } : undefined,
    sends: Object.fromEntries(sends),
  };
  process.stderr.write(`loop-monitor ${JSON.stringify(line)}\n`);
  delay.reset();
  gc = { count: 0, totalMs: 0, maxMs: 0 };
  sends = new Map();
  rtt = createHistogram();
});

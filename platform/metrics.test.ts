import { expect } from 'chai';
import { Registry } from 'prom-client';
import { consumerMetrics, httpMetrics, outboxMetrics } from './metrics.js';

describe('metric help texts', () => {
  const helpOf = async (registry: Registry, name: string) =>
    (await registry.metrics()).split('\n').find((l) => l.startsWith(`# HELP ${name} `)) ?? '';

  it('when the consumer metrics are scraped, then the help names every outcome the consumer counts, ignored included', async () => {
    const registry = new Registry();
    consumerMetrics(registry);
    const help = await helpOf(registry, 'kafka_messages_handled_total');
    for (const outcome of ['ok', 'ignored', 'duplicate', 'retry', 'dead_letter']) expect(help).to.include(`${outcome} (`);
    expect(await helpOf(registry, 'kafka_message_handle_seconds')).to.match(/ok only/);
  });

  it('when the outbox and HTTP metrics are scraped, then their help names the label values used', async () => {
    const registry = new Registry();
    outboxMetrics(registry);
    httpMetrics(registry);
    expect(await helpOf(registry, 'outbox_published_total')).to.include('direct').and.include('sweeper');
    expect(await helpOf(registry, 'http_request_duration_seconds')).to.include('unmatched');
  });
});

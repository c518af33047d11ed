import { expect } from 'chai';
import { Registry } from 'prom-client';
import { consumerMetrics, dependencyGauge, httpMetrics, outboxMetrics } from './metrics.js';

describe('metric help texts', () => {
  const helpOf = async (registry: Registry, name: string) => (await registry.metrics()).split('\n').find((l) => l.startsWith(`# HELP ${name} `)) ?? '';

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
    expect(await helpOf(registry, 'outbox_published_total'))
      .to.include('direct')
      .and.include('sweeper');
    expect(await helpOf(registry, 'http_request_duration_seconds')).to.include('unmatched');
  });

  it('when a dependency probe fails, hangs or succeeds, then dependency_up is 0, 0 and 1 at that scrape', async () => {
    const registry = new Registry();
    dependencyGauge(
      registry,
      {
        store: async () => true,
        kafka: async () => {
          throw new Error('down');
        },
        slow: () => new Promise<boolean>(() => {}),
      },
      50,
    );
    const text = await registry.metrics();
    expect(text).to.include('dependency_up{dependency="store"} 1');
    expect(text).to.include('dependency_up{dependency="kafka"} 0');
    expect(text).to.include('dependency_up{dependency="slow"} 0');
  });

  it('when the outbox knows of an unpublished entry, then the gauges show the age of the oldest one and the count, else 0', async () => {
    const registry = new Registry();
    const metrics = outboxMetrics(registry);
    const value = async (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await registry.metrics())?.[1]);
    expect(await value('outbox_oldest_pending_age_seconds')).to.equal(0);
    expect(await value('outbox_pending_entries')).to.equal(0);
    metrics.watchPending(() => ({ count: 3, oldestAt: Date.now() - 90_000 }));
    expect(await value('outbox_oldest_pending_age_seconds')).to.be.within(89.9, 91);
    expect(await value('outbox_pending_entries')).to.equal(3);
  });
});

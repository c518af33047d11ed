/**
 * Where the relay benchmark's notifications come from. Each `create` is one "API call" that
 * must lead to one application notification whose body `id` is the returned id; the
 * receiver correlates arrivals by that id, so end-to-end latency runs from the call to the
 * partner's endpoint.
 *
 * `outboxSource` does what a module does today: one real document insert that carries the
 * NotificationRequest in its outbox, published to Kafka by the platform's OutboxPublisher.
 * When the applications module is in main, an `apiSource` that POSTs
 * /financing/v1/applications (sandbox rules) and returns the applicationId can replace it
 * without touching the measurement: its PROCESSING notification carries that id.
 */
import type { Runtime } from '../../platform/runtime.js';
import { VersionedStore, type Versioned } from '../../platform/versioned-store.js';
import { notificationEntry } from '../../platform/outbox.js';
import { newId } from '../../platform/ids.js';

export interface BenchPartner {
  id: string;
  url: string;
}

export interface NotificationSource {
  name: string;
  /** resolves with the correlation id once the "API call" returned */
  create(partner: BenchPartner): Promise<string>;
  /** resolves when everything created is on Kafka */
  flushed(): Promise<void>;
}

interface BenchApplication extends Versioned {
  partnerId: string;
  state: string;
}

export async function outboxSource(runtime: Runtime): Promise<NotificationSource> {
  const store = new VersionedStore<BenchApplication>(runtime.db.collection<BenchApplication>('bench_applications'), runtime.outbox);
  await store.init();
  return {
    name: 'document write + outbox (as the modules do)',
    async create(partner) {
      const applicationId = newId();
      const notification = {
        id: newId(),
        partnerId: partner.id,
        kind: 'APPLICATION' as const,
        url: partner.url,
        body: { id: applicationId, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' },
        sourceEventId: newId(),
        key: applicationId,
        createdAt: new Date().toISOString(),
      };
      await store.insert({ _id: applicationId, partnerId: partner.id, state: 'PROCESSING' }, [notificationEntry(notification)]);
      return applicationId;
    },
    async flushed() {
      for (;;) {
        if ((await store.collection.countDocuments({ outboxAt: { $exists: true } })) === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

import type { Producer } from 'kafkajs';
import type { Config } from '../../../config/index.js';
import { createLogger } from '../../../platform/logger.js';
import { TOPICS, type Topics } from '../../../platform/kafka.js';
import { newId } from '../../../platform/ids.js';
import type { NotificationRequest } from '../../../platform/notifications.js';
import { startRelay, type Relay } from '../../../relay/create-relay.js';
import { createPartnerDirectory } from '../../../modules/auth/index.js';

/** The relay in-process on the test's database and topics (the API's config from startTestApi). */
export function startTestRelay(config: Config): Promise<Relay> {
  return startRelay(config, createLogger({ level: config.process.logLevel, name: 'relay-test' }), { partnerSecrets: createPartnerDirectory });
}

/** An application notification as the applications module will produce it. */
export function applicationNotification(partnerId: string, url: string, over: Partial<NotificationRequest> = {}): NotificationRequest {
  const applicationId = newId();
  return {
    id: newId(),
    partnerId,
    kind: 'APPLICATION',
    url,
    body: { id: applicationId, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' },
    sourceEventId: newId(),
    key: applicationId,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

/** Puts notifications on the notifications topic, keyed per application, as the outbox does. */
export async function publishNotifications(producer: Producer, topics: Topics, list: NotificationRequest[]): Promise<void> {
  for (let i = 0; i < list.length; i += 500) {
    await producer.send({
      topic: topics.name(TOPICS.notifications),
      acks: -1,
      messages: list.slice(i, i + 500).map((n) => ({ key: n.key, value: JSON.stringify(n), headers: { 'message-id': n.id } })),
    });
  }
}

import { ManagedConsumer } from './consumer.js';
import { createMailer, mailConsumerSpec, type Mailer } from './mail.js';
import type { AppModule, Platform } from './module.js';

/**
 * The API process's mail sender: the mail consumer (mail topic → inbox by entry id → the
 * configured Mailer) started and stopped with the other modules. A send that fails is
 * retried by the consumer; an entry already sent is skipped by its id.
 */
export function mailSender(platform: Pick<Platform, 'config' | 'consumerDeps' | 'logger'>, mailer?: Mailer): AppModule {
  const m = mailer ?? createMailer(platform.config.mail, platform.logger.child({ module: 'mail' }));
  const consumer = new ManagedConsumer(platform.consumerDeps, mailConsumerSpec(platform.config.kafka.topicPrefix, m));
  return {
    name: 'mail',
    start: () => consumer.start(),
    stop: async () => {
      await consumer.stop();
      await m.close?.();
    },
  };
}

import { MongoClient, type Db } from 'mongodb';
import type { Config } from '../../../config/index.js';
import { createKafka } from '../../../platform/kafka.js';
import { createLogger } from '../../../platform/logger.js';
import { dropTestResources } from '../../support/api.js';
import { ApiProcess } from '../../support/api-process.js';
import { provisionPartnerByCli, type TestPartner } from '../../support/partners.js';

/**
 * What the crash specs share: the API as its own process (so a test can SIGKILL it), a
 * partner made by the partners CLI, and a store client on the test's database to look at
 * what was written. `dispose` removes all of it, the test's topics and database included,
 * whatever part of `start` got done.
 */
export class KillableApi {
  readonly api: ApiProcess;
  partner!: TestPartner;
  mongo: MongoClient | undefined;

  constructor(
    readonly config: Config,
    env: Record<string, string> = {},
    private readonly name = 'crash-test',
  ) {
    // made before anything starts: `dispose` removes whatever `prepare` made
    this.api = new ApiProcess(config, env);
  }

  /** Starts the process and waits until it is healthy; `beforePartner` runs in between (a relay the partner's set-up needs). */
  async start(beforePartner: () => Promise<void> = async () => {}): Promise<this> {
    await this.api.prepare();
    this.api.start();
    await this.api.healthy();
    await beforePartner();
    this.partner = await provisionPartnerByCli(this.config, this.api.client);
    this.mongo = await new MongoClient(this.config.store.url, { retryWrites: false }).connect();
    return this;
  }

  db(): Db {
    if (!this.mongo) throw new Error('KillableApi.start() has not finished');
    return this.mongo.db(this.config.store.db);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
    await this.mongo?.close();
    await dropTestResources(this.config, createKafka(this.config.kafka, createLogger({ level: 'silent', name: this.name })), this.config.kafka.topicPrefix);
  }
}

import { MongoClient } from 'mongodb';
import type { Kafka } from 'kafkajs';
import type { Config } from '../../config/index.js';
import { createLogger } from '../../platform/logger.js';
import { startApi, type Api } from '../../api/create-api.js';
import type { ApiOverrides } from '../../api/modules.js';
import { testConfig } from './config.js';
import { TestClient } from './http.js';

export interface TestApi {
  api: Api;
  config: Config;
  client: TestClient;
  baseUrl: string;
  plainUrl: string;
  stop(): Promise<void>;
}

/**
 * The real API in-process on free ports, over real MongoDB and Kafka, with its own
 * database and topics; `stop` drains it and drops both. `parts` replaces what a test must
 * (the document fetcher that trusts a local server's certificate).
 */
export async function startTestApi(
  overrides: Record<string, string> = {},
  parts: ApiOverrides = {},
  logs?: { destination: { write(line: string): void } },
): Promise<TestApi> {
  const config = testConfig(overrides);
  const logger = createLogger({ level: config.process.logLevel, name: 'api-test', ...(logs ? { destination: logs.destination } : {}) });
  const api = await startApi(config, logger, parts);
  const baseUrl = `https://localhost:${api.httpsPort}`;
  const client = new TestClient(baseUrl, api.tls.cert);
  return {
    api,
    config,
    client,
    baseUrl,
    plainUrl: `http://127.0.0.1:${api.httpPort}`,
    stop: async () => {
      client.close();
      const { kafka, topics } = api.runtime;
      await api.stop();
      await dropTestResources(config, kafka, topics.name(''));
    },
  };
}

/** Drops a test's database and deletes its topics (they would slow the next broker start). */
export async function dropTestResources(config: Config, kafka: Kafka, prefix: string) {
  const client = new MongoClient(config.store.url, { retryWrites: false });
  try {
    await client.connect();
    await client.db(config.store.db).dropDatabase();
  } finally {
    await client.close();
  }
  const admin = kafka.admin();
  await admin.connect();
  try {
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (mine.length) await admin.deleteTopics({ topics: mine, timeout: 10_000 });
  } catch {
    /* best effort */
  } finally {
    await admin.disconnect();
  }
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Relay } from '../../relay/create-relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { ADMIN, PrivateKafka } from '../support/private-kafka.js';
import { makeCertificates } from '../support/test-certificates.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { KETTLE, opPath, paymentsPath } from '../orders/orders-harness.js';
import { acknowledge, Receiver } from '../relay/support/receiver.js';
import { startTestRelay } from '../relay/support/relay.js';
import { testConfig } from '../support/config.js';
import { createLogger } from '../../platform/logger.js';
import { systemClock } from '../../platform/clock.js';
import { topics as topicsVerb, serviceTopics } from '../../ops/commands/kafka/topics.js';
import type { VerbContext } from '../../ops/verb.js';
import { API_TOPICS } from '../../api/modules.js';
import { relayTopics } from '../../relay/relay.topics.js';
import { TOPICS } from '../../platform/kafka.js';

// kafkajs' ACL enums (numbers of the Kafka protocol)
const TOPIC = 2,
  GROUP = 3,
  ALLOW = 3,
  PREFIXED = 4;
const READ = 3,
  WRITE = 4,
  CREATE = 5,
  DESCRIBE = 8;

/**
 * The service against a broker as a managed cluster runs one: SASL_SSL only (SCRAM-SHA-512,
 * a CA of its own), deny-by-default ACLs, and the service's user allowed only its topics
 * and groups by prefix. One broker for the suite.
 */
describe('Kafka over SASL_SSL with ACLs (a locked-down cluster)', function () {
  this.timeout(180_000);
  const svc = { username: 'pf-svc', password: randomBytes(9).toString('hex') };
  const noGroups = { username: 'pf-nogroups', password: randomBytes(9).toString('hex') };
  const prefix = `sec.${randomBytes(3).toString('hex')}.`;
  const broker = new PrivateKafka({ kind: 'sasl_ssl', users: [svc, noGroups] });
  let dir: string;
  let env: (user: { username: string; password: string }, over?: Record<string, string>) => Promise<Record<string, string>>;

  before(async () => {
    const started = Date.now();
    await broker.prepare();
    await broker.start();
    dir = await mkdtemp(join(tmpdir(), 'pf-sasl-secrets-'));
    const admin = (await broker.adminKafka()).admin();
    await admin.connect();
    const allow = (user: string, resourceType: number, operations: number[]) =>
      operations.map((operation) => ({
        resourceType,
        resourceName: prefix,
        resourcePatternType: PREFIXED,
        principal: `User:${user}`,
        host: '*',
        operation,
        permissionType: ALLOW,
      }));
    await admin.createAcls({
      acl: [
        ...allow(svc.username, TOPIC, [DESCRIBE, READ, WRITE, CREATE]),
        ...allow(svc.username, GROUP, [DESCRIBE, READ]),
        ...allow(noGroups.username, TOPIC, [DESCRIBE, READ, WRITE, CREATE]),
      ] as never,
    });
    await admin.disconnect();
    env = async (user, over = {}) => {
      const file = join(dir, `${user.username}-${randomBytes(3).toString('hex')}`);
      await writeFile(file, `${user.password}\n`); // a mounted secret often ends in a newline
      return {
        KAFKA_BROKERS: broker.brokers,
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: broker.caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: user.username,
        KAFKA_SASL_PASSWORD_FILE: file,
        ...over,
      };
    };
    console.log(`      (SASL_SSL broker up with users and ACLs in ${Date.now() - started} ms)`);
  });
  after(async () => {
    await broker.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('with the ACLs the service needs', () => {
    let t: TestApi;
    let relay: Relay;
    let receiver: Receiver;
    before(async () => {
      t = await startTestApi({ ...(await env(svc)), SANDBOX: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
      relay = await startTestRelay(t.config);
      receiver = await new Receiver(acknowledge).start();
    });
    after(async () => {
      await relay?.stop();
      await t?.stop();
      await receiver?.stop();
    });

    it('a create, its event, its webhook and a payout on SENT go through', async () => {
      const partner = await provisionPartner(t, { payoutTrigger: 'SENT', feeBps: 0 });
      const hook = receiver.url('/hooks/financing');
      const base = applicationBody();
      const body = applicationBody(
        { merchantUrls: { ...base.merchantUrls, notificationEndpoint: hook } },
        { email: `buyer-${randomBytes(3).toString('hex')}+approve@example.com` },
      );
      const created = await t.client.post('/financing/v1/applications', body, { token: partner.token });
      expect(created.status, created.text).to.equal(201);
      const id = created.body.id as string;
      const confirm = await new GatewayClient(t, created.body.gatewayRedirectUrl).submitAsCustomer('confirm');
      expect(confirm.status).to.be.below(400);
      await waitFor(
        `${id} READY_TO_SHIP`,
        async () => (await t.client.get(`/financing/v1/applications/${id}`, { token: partner.token })).body.stateReason === 'READY_TO_SHIP',
        { maxWait: 30_000 },
      );
      await waitFor(
        'its events in the feed',
        async () => {
          const res = await t.client.get('/financing/v1/events', { token: partner.token });
          return (res.body.data ?? []).some((e: { data?: { id?: string }; applicationId?: string }) => JSON.stringify(e).includes(id));
        },
        { maxWait: 30_000 },
      );
      await waitFor('its webhook at the receiver', () => receiver.requests.some((r) => r.body.includes(id)), { maxWait: 30_000 });
      const sent = await t.client.put(opPath(id, 'send'), { items: [{ code: KETTLE.code, quantity: 1 }] }, { token: partner.token });
      expect(sent.status, sent.text).to.equal(200);
      const payouts = await waitFor(
        'the payout',
        async () => {
          const res = await t.client.get(paymentsPath(id), { token: partner.token });
          return res.body.data?.length === 1 && res.body.data;
        },
        { maxWait: 30_000 },
      );
      expect(payouts[0]).to.include({ type: 'PAYOUT', applicationId: id });
    });
  });

  const failsWithin = async (start: () => Promise<unknown>, pattern: RegExp) => {
    const started = Date.now();
    const err = await start().then(
      () => undefined,
      (e: Error) => e,
    );
    const ms = Date.now() - started;
    expect(err, 'the start should fail').to.be.instanceOf(Error);
    expect(err!.message, err!.message).to.match(pattern);
    expect(ms).to.be.below(30_000);
    console.log(`      (failed in ${ms} ms: ${err!.message.split('\n')[0]})`);
  };

  it('a wrong password stops the start naming the credentials settings', async () => {
    await failsWithin(
      async () => startTestApi(await env({ ...svc, password: 'not-the-password' })),
      /^KAFKA_SASL_USERNAME\/KAFKA_SASL_PASSWORD_FILE: the broker refused the credentials \(SASL SCRAM-SHA-512 as user pf-svc\)/,
    );
  });

  it("a CA that did not sign the broker's certificate stops the start naming KAFKA_SSL_CA_FILE", async () => {
    const otherCa = (await makeCertificates(dir, 'other-')).ca;
    await failsWithin(async () => startTestApi(await env(svc, { KAFKA_SSL_CA_FILE: otherCa })), /^KAFKA_SSL_CA_FILE: the broker's certificate is not trusted/);
  });

  it('a user without the group ACLs stops the API and the relay naming the ACL', async () => {
    const config = await startTestApi(await env(svc)); // the service's topics exist; its config reused for the relay
    try {
      const acl = /^Kafka ACLs: user pf-nogroups may not DESCRIBE consumer groups prefixed sec\./;
      await failsWithin(async () => startTestApi(await env(noGroups)), acl);
      const relayEnv = await env(noGroups);
      await failsWithin(() => startTestRelay(testConfig(relayEnv)), acl);
    } finally {
      await config.stop();
    }
  });

  describe('KAFKA_TOPICS=check (the service may not create topics)', () => {
    it('the start fails naming a missing topic; `ops kafka topics --create` as admin creates them all; then the start passes', async () => {
      const own = `${prefix}chk.`; // under the service user's prefixed ACLs
      await failsWithin(
        async () => startTestApi({ ...(await env(svc)), KAFKA_TOPIC_PREFIX: own, KAFKA_TOPICS: 'check' }),
        new RegExp(`^KAFKA_TOPICS=check: topics ${own.replace(/\./g, '\\.')}notifications, .* do not exist.*ops kafka topics`),
      );
      const adminFile = join(dir, 'admin-password');
      await writeFile(adminFile, ADMIN.password);
      const config = testConfig({ ...(await env(svc)), KAFKA_TOPIC_PREFIX: own, KAFKA_SASL_USERNAME: 'admin', KAFKA_SASL_PASSWORD_FILE: adminFile });
      const ctx = { config, logger: createLogger({ level: 'silent', name: 'ops-test' }), clock: systemClock } as unknown as VerbContext;
      const printed = (await topicsVerb.run(ctx, {})) as { commands: string[] };
      expect(printed.commands.find((c) => c.includes(`--topic ${own}webhooks.dead-letter `))).to.include('--config retention.ms=2592000000');
      const created = (await topicsVerb.run(ctx, { create: true })) as { created: string[] };
      expect(created.created).to.have.members(serviceTopics(config));
      const t = await startTestApi({ ...(await env(svc)), KAFKA_TOPIC_PREFIX: own, KAFKA_TOPICS: 'check' });
      const relay = await startTestRelay(t.config);
      await relay.stop();
      await t.stop();
    });

    it('the verb lists exactly the topics the API and the relay use', () => {
      const config = testConfig({ KAFKA_TOPIC_PREFIX: 'x.' });
      const used = [...Object.values(TOPICS), ...API_TOPICS, ...relayTopics(config.webhooks.retryDelaysMs)].map((t) => `x.${t}`);
      expect(serviceTopics(config)).to.have.members([...new Set(used)]);
    });
  });
});

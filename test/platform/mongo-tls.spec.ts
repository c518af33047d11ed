import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { loadConfig, type Config } from '../../config/index.js';
import { connectMongo } from '../../platform/mongo.js';
import { startApi } from '../../api/create-api.js';
import { createLogger } from '../../platform/logger.js';
import { dropTestResources } from '../support/api.js';
import { testConfig, uniqueSuffix } from '../support/config.js';
import { TestClient } from '../support/http.js';
import { makeCertificates, makeClientCertificate, type TestCertificates } from '../support/test-certificates.js';
import { TlsTerminator } from '../support/tls-terminator.js';

/**
 * The store over TLS, for real: the local MongoDB-wire server speaks no TLS, so HAProxy
 * terminates TLS in front of it with certificates openssl makes now, and the service's own
 * connection code (config loader, connectMongo) connects through it.
 */
describe('MongoDB over TLS (HAProxy terminating TLS in front of the local store)', function () {
  this.timeout(60_000);
  let dir: string;
  let certs: TestCertificates;
  let stranger: TestCertificates;
  let client: { certAndKey: string };
  let proxy: TlsTerminator;
  const db = `test_mongo_tls_${uniqueSuffix()}`;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pf-mongo-tls-'));
    certs = await makeCertificates(dir);
    stranger = await makeCertificates(dir, 'other-');
    client = await makeClientCertificate(dir, certs, 'pf-api');
    const store = new URL(process.env.MONGO_URL!.replace(/^mongodb:/, 'http:'));
    proxy = await new TlsTerminator(dir, {
      target: { host: store.hostname, port: Number(store.port) },
      serverCert: certs.serverCert,
      serverKey: certs.serverKey,
      clientCa: certs.ca,
    }).start();
  });

  after(async () => {
    await proxy?.dispose();
    const plain = new MongoClient(process.env.MONGO_URL!);
    await plain
      .db(db)
      .dropDatabase()
      .catch(() => {});
    await plain.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const config = (port: number, extra: Record<string, string>): Config =>
    loadConfig({
      KAFKA_BROKERS: '127.0.0.1:1',
      MONGO_URL: `mongodb://localhost:${port}/?directConnection=true`,
      MONGO_DB: db,
      STORE_TIMEOUT: '1500ms',
      ...extra,
    });
  const connect = (c: Config) => connectMongo(c.store.url, c.store.db, c.store.timeoutMs, c.store.tls);
  /** The start's error, and how long it took to come. */
  const failure = async (c: Config) => {
    const t0 = Date.now();
    try {
      const { client } = await connect(c);
      await client.close();
    } catch (err) {
      return { message: (err as Error).message, ms: Date.now() - t0 };
    }
    throw new Error('connected, but should have been refused');
  };

  it('when MONGO_TLS_CA_FILE names the CA that signed the store certificate, then the service writes and reads through TLS', async () => {
    const c = config(proxy.port, { MONGO_TLS_CA_FILE: certs.ca });
    expect(c.store.tls).to.deep.equal({ caFile: certs.ca, certKeyFile: undefined });
    const { client: mongo, db: store } = await connect(c);
    try {
      await store.collection('probe').insertOne({ _id: 'tls' as never, at: 1 });
      expect(await store.collection('probe').findOne({ _id: 'tls' as never })).to.deep.equal({ _id: 'tls', at: 1 });
    } finally {
      await mongo.close();
    }
  });

  it('when the client speaks no TLS to the TLS port, then it does not get through (the port really is TLS)', async () => {
    const { message } = await failure(config(proxy.port, {}));
    expect(message).to.not.match(/MONGO_TLS/);
  });

  it('when MONGO_TLS_CA_FILE names another CA, then the start is refused within seconds naming MONGO_TLS_CA_FILE', async () => {
    const { message, ms } = await failure(config(proxy.port, { MONGO_TLS_CA_FILE: stranger.ca }));
    expect(message).to.match(/^MONGO_TLS_CA_FILE \(.*other-ca\.pem\): the store's TLS certificate is not trusted/);
    expect(ms).to.be.below(5_000);
  });

  it('when the store requires a client certificate, then MONGO_TLS_CERT_KEY_FILE gets through and its absence is refused naming it', async () => {
    const { client: mongo, db: store } = await connect(config(proxy.mutualPort, { MONGO_TLS_CA_FILE: certs.ca, MONGO_TLS_CERT_KEY_FILE: client.certAndKey }));
    try {
      expect((await store.command({ ping: 1 })).ok).to.equal(1);
    } finally {
      await mongo.close();
    }
    const { message, ms } = await failure(config(proxy.mutualPort, { MONGO_TLS_CA_FILE: certs.ca }));
    expect(message).to.match(/^MONGO_TLS_CERT_KEY_FILE \(unset\): the store refused the TLS handshake/);
    expect(ms).to.be.below(5_000);
  });

  it('when the API starts with MONGO_URL_FILE and MONGO_TLS_CA_FILE, then its store goes through TLS and readiness reports it up', async () => {
    const urlFile = join(dir, 'mongo-url');
    await writeFile(urlFile, `mongodb://localhost:${proxy.port}/?directConnection=true\n`);
    const cfg = testConfig({ MONGO_URL: '', MONGO_URL_FILE: urlFile, MONGO_TLS_CA_FILE: certs.ca, MONGO_DB: db });
    expect(cfg.store.url).to.equal(`mongodb://localhost:${proxy.port}/?directConnection=true`);
    const api = await startApi(cfg, createLogger({ level: 'silent', name: 'mongo-tls-test' }));
    const client = new TestClient(`https://localhost:${api.httpsPort}`, api.tls.cert);
    try {
      const health = await client.get('/v1/health');
      expect(health.status, health.text).to.equal(200);
      expect(health.body.components.mongo).to.deep.equal({ status: 'UP' });
      // (the only address the API has for its store is the TLS port, so UP means TLS worked)
      expect(api.runtime.mongoClient.options.tls).to.equal(true);
    } finally {
      client.close();
      await api.stop();
      await dropTestResources({ ...cfg, store: { ...cfg.store, url: process.env.MONGO_URL!, tls: undefined } }, api.runtime.kafka, api.runtime.topics.name(''));
    }
  });

  it('when a TLS file cannot be read, then the configuration names the setting before any connection', () => {
    expect(() => config(proxy.port, { MONGO_TLS_CA_FILE: join(dir, 'missing.pem') })).to.throw(/MONGO_TLS_CA_FILE: cannot read .*missing\.pem/);
  });
});

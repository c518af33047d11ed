import { expect } from 'chai';
import { loadConfig, ConfigError } from './index.js';
import { parseDuration, parseDurationList } from '../platform/duration.js';

const base = { MONGO_URL: 'mongodb://127.0.0.1:1/', KAFKA_BROKERS: '127.0.0.1:2' };

describe('config', () => {
  it('when only the two addresses are given, then the documented defaults apply', () => {
    const c = loadConfig(base);
    expect(c.http.httpsPort).to.equal(8443);
    expect(c.http.httpPort).to.equal(8080);
    expect(c.process.sandbox).to.equal(true);
    expect(c.webhooks.retryDelaysMs).to.deep.equal([60_000, 300_000, 300_000, 300_000, 300_000]);
    expect(c.webhooks.allowPrivateNetworks).to.equal(true);
    expect(c.applications.applicationTtlMs).to.equal(24 * 3600_000);
    expect(c.applications.currencies).to.deep.equal(['CZK']);
  });

  it('when NODE_ENV=production, then private webhook networks are refused by default', () => {
    expect(loadConfig({ ...base, ...BILLING, NODE_ENV: 'production' }).webhooks.allowPrivateNetworks).to.equal(false);
  });

  const BILLING = {
    BILLING_NAME: 'Financing a.s.',
    BILLING_ACCOUNT_NUMBER: '123456789',
    BILLING_BANK_CODE: '0300',
    BILLING_STREET: 'Main',
    BILLING_STREET_NUMBER: '1',
    BILLING_CITY: 'Brno',
    BILLING_ZIP: '60200',
    BILLING_COUNTRY: 'CZ',
    COLLECTION_IBAN: 'CZ65 0800 0000 1920 0014 5399',
    // (not billing, but required in production as they are: the master key of secrets at rest)
    MASTER_KEY_FILE: '/run/secrets/master-key',
  };

  it('when COLLECTION_IBAN is given, then spaces go and the check digits must hold; a wrong one stops start-up naming it', () => {
    expect(loadConfig({ ...base, COLLECTION_IBAN: 'cz65 0800 0000 1920 0014 5399' }).payments.collection.iban).to.equal('CZ6508000000192000145399');
    expect(loadConfig({ ...base }).payments.collection).to.deep.equal({ iban: 'CZ9320100000002000145399', name: 'Partner Financing s.r.o.' });
    expect(() => loadConfig({ ...base, COLLECTION_IBAN: 'CZ6508000000192000145398' })).to.throw(
      ConfigError,
      /COLLECTION_IBAN: "COLLECTION_IBAN" must be an IBAN with valid check digits/,
    );
  });

  it('when NODE_ENV=production and the billing details are missing, then start-up stops naming each missing variable', () => {
    let err: unknown;
    try {
      loadConfig({ ...base, NODE_ENV: 'production', BILLING_NAME: 'Financing a.s.' });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const name of Object.keys(BILLING).filter((n) => n !== 'BILLING_NAME')) expect(msg).to.include(`${name} must be set in production`);
    expect(msg).not.to.include('BILLING_NAME');
  });

  it('when NODE_ENV=production, then the sandbox decision rules are off unless SANDBOX says otherwise', () => {
    expect(loadConfig({ ...base, ...BILLING, NODE_ENV: 'production' }).process.sandbox).to.equal(false);
    expect(loadConfig({ ...base, ...BILLING, NODE_ENV: 'production', SANDBOX: 'true' }).process.sandbox).to.equal(true);
    expect(loadConfig({ ...base, ...BILLING, NODE_ENV: 'production' }).payments.billing.bankCode).to.equal('0300');
  });

  it('when run locally, then the sandbox and the sample billing details are the defaults', () => {
    const c = loadConfig({ ...base, NODE_ENV: 'development' });
    expect(c.process.sandbox).to.equal(true);
    expect(c.payments.billing.accountNumber).to.equal('2000145399');
  });

  it('when values are bad, then start-up fails naming every bad variable', () => {
    let err: unknown;
    try {
      loadConfig({ ...base, HTTPS_PORT: 'abc', WEBHOOK_RETRY_DELAYS: '1m,soon', TLS_CERT_FILE: '/x.pem' });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).to.include('HTTPS_PORT');
    expect(msg).to.include('WEBHOOK_RETRY_DELAYS');
    expect(msg).to.include('TLS_KEY_FILE');
  });

  it('when EVENT_FEED_RETENTION is unset, then 30 days; under an hour, then start-up fails naming it', () => {
    expect(loadConfig(base).events.retentionMs).to.equal(30 * 24 * 3600_000);
    expect(loadConfig({ ...base, EVENT_FEED_RETENTION: '1h' }).events.retentionMs).to.equal(3600_000);
    expect(() => loadConfig({ ...base, EVENT_FEED_RETENTION: '59m' })).to.throw(ConfigError, /EVENT_FEED_RETENTION.*at least 1h/);
  });

  it('when MONGO_URL is missing, then start-up fails naming it', () => {
    expect(() => loadConfig({ KAFKA_BROKERS: 'x:1' })).to.throw(ConfigError, /MONGO_URL/);
  });
});

describe('durations', () => {
  for (const [text, ms] of [
    ['500ms', 500],
    ['30s', 30_000],
    ['5m', 300_000],
    ['24h', 86_400_000],
    ['365d', 31_536_000_000],
  ] as const) {
    it(`when "${text}" is parsed, then it is ${ms} ms`, () => expect(parseDuration(text)).to.equal(ms));
  }
  it('when a list is parsed, then each item is converted', () => expect(parseDurationList('1s,2m')).to.deep.equal([1000, 120_000]));
  it('when a duration has no unit, then it is refused', () => expect(() => parseDuration('10')).to.throw());
});

import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/index.js';

const dir = mkdtempSync(join(tmpdir(), 'pf-kafka-security-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const base = { KAFKA_BROKERS: 'b:9093', MONGO_URL: 'mongodb://x' };

describe('Kafka security settings', () => {
  it('when SASL and TLS are set, then the password is read from its file without its trailing newline, the CA read', () => {
    const c = loadConfig({
      ...base,
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: file('ca.pem', 'CA'),
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: 'pf',
      KAFKA_SASL_PASSWORD_FILE: file('pw', 's3cret\n'),
    });
    expect(c.kafka.sasl).to.deep.equal({ mechanism: 'scram-sha-512', username: 'pf', password: 's3cret' });
    expect(c.kafka.ssl).to.include({ ca: 'CA', rejectUnauthorized: true });
    expect(c.kafka.topicsMode).to.equal('create');
  });

  it('when nothing is set, then no TLS and no SASL (the local stack)', () => {
    const c = loadConfig(base);
    expect(c.kafka.ssl).to.equal(undefined);
    expect(c.kafka.sasl).to.equal(undefined);
  });

  it('when a mechanism lacks its user or password file, then the start names them', () => {
    expect(() => loadConfig({ ...base, KAFKA_SASL_MECHANISM: 'plain' })).to.throw(
      /KAFKA_SASL_USERNAME[\s\S]*KAFKA_SASL_PASSWORD_FILE|KAFKA_SASL_MECHANISM.*KAFKA_SASL_USERNAME/,
    );
  });

  it('when the password file cannot be read or is empty, then the start names the setting', () => {
    const sasl = { ...base, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'pf' };
    expect(() => loadConfig({ ...sasl, KAFKA_SASL_PASSWORD_FILE: join(dir, 'missing') })).to.throw(/KAFKA_SASL_PASSWORD_FILE: cannot read .*ENOENT/);
    expect(() => loadConfig({ ...sasl, KAFKA_SASL_PASSWORD_FILE: file('empty', '\n') })).to.throw(/KAFKA_SASL_PASSWORD_FILE: .* is empty/);
  });

  it('when a client certificate comes without its key, or a CA file without KAFKA_SSL, then the start refuses', () => {
    expect(() => loadConfig({ ...base, KAFKA_SSL: 'true', KAFKA_SSL_CERT_FILE: file('c.pem', 'C') })).to.throw(/KAFKA_SSL_KEY_FILE/);
    expect(() => loadConfig({ ...base, KAFKA_SSL_CA_FILE: file('ca2.pem', 'CA') })).to.throw(/KAFKA_SSL_CA_FILE: set, but KAFKA_SSL is not true/);
  });

  it('when KAFKA_TOPICS is neither create nor check, then the start refuses', () => {
    expect(() => loadConfig({ ...base, KAFKA_TOPICS: 'maybe' })).to.throw(/KAFKA_TOPICS/);
  });
});

import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, describeConfig, loadConfig } from './index.js';
import { readSettingFile, resolveSettingFiles, SettingFileError } from '../platform/setting-files.js';

const dir = mkdtempSync(join(tmpdir(), 'pf-setting-files-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('settings given as files (*_FILE)', () => {
  it('when X_FILE names a file, then X is its content without one trailing newline, and X_FILE is gone', () => {
    const env = resolveSettingFiles({ A_FILE: file('a', 'secret value \n'), B: 'kept' }, ['A', 'B']);
    expect(env).to.deep.equal({ A: 'secret value ', B: 'kept' });
  });

  it('when the file ends in two newlines or CRLF, then only one line ending goes', () => {
    expect(readSettingFile('A_FILE', file('two', 'x\n\n'))).to.equal('x\n');
    expect(readSettingFile('A_FILE', file('crlf', 'x\r\n'))).to.equal('x');
    expect(readSettingFile('A_FILE', file('none', 'x'))).to.equal('x');
  });

  it('when both X and X_FILE are set, then it is refused naming the setting', () => {
    expect(() => resolveSettingFiles({ A: 'v', A_FILE: file('b', 'w') }, ['A'])).to.throw(SettingFileError, 'A: both A and A_FILE are set');
  });

  it('when the file is missing or empty, then the error names X_FILE and the path', () => {
    expect(() => resolveSettingFiles({ A_FILE: join(dir, 'nope') }, ['A'])).to.throw(SettingFileError, /A_FILE: cannot read .*nope \(ENOENT\)/);
    expect(() => resolveSettingFiles({ A_FILE: file('empty', '\n') }, ['A'])).to.throw(SettingFileError, /A_FILE: .*empty is empty/);
  });

  it('when a setting is not in the list, then its _FILE is left alone (KAFKA_SASL_PASSWORD_FILE is a setting of its own)', () => {
    expect(resolveSettingFiles({ C_FILE: '/x' }, ['A'])).to.deep.equal({ C_FILE: '/x' });
  });

  it('when MONGO_URL_FILE is given, then the store connects with its content', () => {
    const c = loadConfig({ KAFKA_BROKERS: 'k:9092', MONGO_URL_FILE: file('mongo-url', 'mongodb://pf:p%40ss@db.internal:27017/?authSource=admin\n') });
    expect(c.store.url).to.equal('mongodb://pf:p%40ss@db.internal:27017/?authSource=admin');
    // an empty MONGO_URL (npm start passes one on when the file gives the store) is no value
    const empty = loadConfig({ KAFKA_BROKERS: 'k:9092', MONGO_URL: '', MONGO_URL_FILE: file('mongo-url-2', 'mongodb://b\n') });
    expect(empty.store.url).to.equal('mongodb://b');
  });

  it('when MONGO_URL and MONGO_URL_FILE are both set or the file is missing, then the start stops naming the setting', () => {
    expect(() => loadConfig({ KAFKA_BROKERS: 'k:9092', MONGO_URL: 'mongodb://a', MONGO_URL_FILE: file('u', 'mongodb://b') })).to.throw(
      ConfigError,
      /MONGO_URL: both MONGO_URL and MONGO_URL_FILE are set/,
    );
    expect(() => loadConfig({ KAFKA_BROKERS: 'k:9092', MONGO_URL_FILE: join(dir, 'missing') })).to.throw(ConfigError, /MONGO_URL_FILE: cannot read/);
  });

  it('when the file holds a bad value, then validation names the setting as for the variable', () => {
    expect(() => loadConfig({ KAFKA_BROKERS: 'k:9092', MONGO_URL_FILE: file('bad-url', 'postgres://x\n') })).to.throw(ConfigError, /MONGO_URL/);
  });

  it('when SMTP_PASSWORD_FILE is set, then the password is read at start; a missing file stops the start naming it', () => {
    const smtp = { KAFKA_BROKERS: 'k:9092', MONGO_URL: 'mongodb://x', MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', SMTP_USER: 'pf' };
    expect(loadConfig({ ...smtp, SMTP_PASSWORD_FILE: file('smtp', 'pw\n') }).mail.smtp.password).to.equal('pw');
    expect(() => loadConfig({ ...smtp, SMTP_PASSWORD_FILE: join(dir, 'gone') })).to.throw(ConfigError, /SMTP_PASSWORD_FILE: cannot read/);
  });

  it('every setting holding a secret is marked, so the README table says how it is given', () => {
    const secret = Object.fromEntries(describeConfig().map((v) => [v.name, v.secret]));
    expect(secret).to.include({
      MONGO_URL: 'value or file',
      TLS_KEY_FILE: 'file',
      KAFKA_SSL_KEY_FILE: 'file',
      KAFKA_SASL_PASSWORD_FILE: 'file',
      SMTP_PASSWORD_FILE: 'file',
      MASTER_KEY_FILE: 'file',
    });
    // names that look like a secret but are not marked would miss the column
    const unmarked = Object.entries(secret).filter(([n, s]) => /PASSWORD|SECRET|TOKEN(?!_TTL)|_KEY_FILE|MASTER_KEY/.test(n) && !s);
    expect(unmarked).to.deep.equal([]);
  });
});

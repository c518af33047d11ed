import { expect } from 'chai';
import { Writable } from 'node:stream';
import pino from 'pino';
import { PERSONAL_DATA_KEYS, REDACTED_PATHS } from './logger.js';

/** What the logger writes, as the service configures it, into a string. */
function capture(): { logger: pino.Logger; text: () => string } {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return { logger: pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink), text: () => out };
}

describe('logs carry no personal data', () => {
  it('when a log line carries a customer (top level, nested in an application, in a list of changes), then no name, e-mail, phone or address reaches the output', () => {
    const { logger, text } = capture();
    const customer = {
      firstName: 'Marker-First',
      lastName: 'Marker-Last',
      email: 'marker@example.cz',
      phone: '+420777000111',
      tin: 'CZ-MARKER-TIN',
      addresses: [{ streetAddress: 'Marker Street', streetNumber: '7', city: 'Marker City', zip: '11000', country: 'CZ' }],
    };
    logger.info({ customer }, 'one');
    logger.info({ application: { id: 'app-1', customer } }, 'two');
    logger.info({ change: { after: { customer, order: { orderNumber: 'N-1' } } } }, 'three');
    logger.info({ ...customer, applicationId: 'app-1' }, 'four');
    logger.warn({ err: { details: { email: 'marker@example.cz', phone: '+420777000111' } } }, 'five');
    const written = text();
    expect(written).to.not.match(/marker|Marker|777000111/);
    // the ids that replace them are kept
    expect(written).to.include('app-1');
    expect(written).to.include('N-1');
    expect(written.split('\n').filter(Boolean)).to.have.length(5);
  });

  it('when the list of personal fields is read, then each is censored at every depth up to four', () => {
    for (const key of PERSONAL_DATA_KEYS) for (const p of [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]) expect(REDACTED_PATHS).to.include(p);
  });
});

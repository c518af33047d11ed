import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeEvent, matches, parseEventFilter } from './event-filter.js';
import { defaultStateFile, StateFile } from './state.js';
import { run } from './commands.js';

describe('the listen command, offline parts', () => {
  it('when --events names kinds, states, stateReasons and payment types, then an event passes on any of them', () => {
    const filter = parseEventFilter('READY_TO_SHIP, CREDIT_NOTE');
    expect(matches(filter, { type: 'application', data: { state: 'READY', stateReason: 'READY_TO_SHIP' } })).to.equal(true);
    expect(matches(filter, { type: 'application', data: { state: 'READY', stateReason: 'READY_SHIPPED' } })).to.equal(false);
    expect(matches(filter, { type: 'payment', data: { type: 'CREDIT_NOTE' } })).to.equal(true);
    expect(matches(parseEventFilter('payment'), { type: 'payment', data: { type: 'PAYOUT' } })).to.equal(true);
    expect(matches(parseEventFilter('READY'), { type: 'application', data: { state: 'READY', stateReason: 'READY_PAID' } })).to.equal(true);
    expect(matches(undefined, { type: 'payment', data: {} })).to.equal(true);
  });

  it('when --events names something unknown, then the error lists what is known', () => {
    expect(() => parseEventFilter('READY_TO_SHIPP')).to.throw(TypeError, /unknown READY_TO_SHIPP; known: application, payment, settlement, PROCESSING/);
    expect(() => parseEventFilter(' , ')).to.throw(TypeError, /names nothing/);
  });

  it('when --events names settlements, then settlements pass and nothing else does', () => {
    const filter = parseEventFilter('settlement');
    expect(matches(filter, { type: 'settlement', data: { reference: '0000000012' } })).to.equal(true);
    expect(matches(filter, { type: 'payment', data: { type: 'PAYOUT' } })).to.equal(false);
    expect(matches(parseEventFilter('settlement,PAYOUT,CREDIT_NOTE'), { type: 'payment', data: { type: 'CREDIT_NOTE' } })).to.equal(true);
  });

  it('when --events names a stateReason the service never notifies, then it is refused, saying so', () => {
    expect(() => parseEventFilter('PROCESSING_PREAPPROVED')).to.throw(TypeError, /PROCESSING_PREAPPROVED is never notified/);
    expect(() => parseEventFilter('READY_TO_SHIP,PROCESSING_VALIDATION_IN_PROGRESS')).to.throw(
      TypeError,
      /PROCESSING_VALIDATION_IN_PROGRESS is never notified/,
    );
  });

  it('when a settlement is described, then the line names its reference and transfer', () => {
    const settlement = { reference: '0000000012', transfer: { amount: 987650, currency: 'CZK' }, number: 12 };
    expect(describeEvent({ type: 'settlement', data: settlement })).to.equal('settlement 0000000012 transfer 9876.50 CZK');
  });

  it('when an event is described, then the line names its kind, state and amount', () => {
    expect(describeEvent({ type: 'application', data: { state: 'READY', stateReason: 'READY_TO_SHIP' } })).to.equal('application READY / READY_TO_SHIP');
    expect(describeEvent({ type: 'payment', data: { type: 'PAYOUT', value: { amount: 123450, currency: 'CZK' } } })).to.equal('payment PAYOUT 1234.50 CZK');
  });

  it('when a position is saved, then it is read back for the same partner only', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'listen-state-'));
    try {
      const file = path.join(dir, 'deeper', 'state.json');
      const state = new StateFile(file);
      expect(await state.load('https://localhost:8443', 'shop')).to.equal(undefined);
      await state.save({ baseUrl: 'https://localhost:8443', username: 'shop', lastEventId: 'e7', updatedAt: '2026-01-01T00:00:00Z' });
      expect((await state.load('https://localhost:8443', 'shop'))?.lastEventId).to.equal('e7');
      const err = await state.load('https://localhost:8443', 'another').catch((e) => e);
      expect(err.message).to.match(/belongs to shop at https:\/\/localhost:8443, not another/);
      await writeFile(file, '{not json');
      expect((await state.load('https://localhost:8443', 'shop').catch((e) => e)).message).to.match(/is not JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when no state file is named, then it lives under XDG_STATE_HOME, one per service and partner', () => {
    expect(defaultStateFile('https://localhost:8443', 'shop-1', { XDG_STATE_HOME: '/state' })).to.equal(
      '/state/partner-financing/listen-shop-1@localhost_8443.json',
    );
    expect(defaultStateFile('https://api.example', 'a/b', { XDG_STATE_HOME: '/state' })).to.equal('/state/partner-financing/listen-a_b@api.example_443.json');
  });

  it('when an option is wrong or missing, then the command says which and exits 2', async () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), env: {}, signal: new AbortController().signal };
    const ok = {
      'forward-to': 'http://localhost:3000/hooks',
      username: 'shop',
      password: 'pw',
      'webhook-secret': `whsec_${Buffer.from('k').toString('base64')}`,
    };
    const argv = (over: Record<string, string | undefined>) => Object.entries({ ...ok, ...over }).flatMap(([k, v]) => (v === undefined ? [] : [`--${k}`, v]));
    const cases: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ 'forward-to': undefined }, /--forward-to is required/],
      [{ 'forward-to': 'localhost:3000' }, /--forward-to: localhost:3000 must be http:\/\/ or https:\/\//],
      [{ username: undefined }, /--username \(or FINANCING_USERNAME\) is required/],
      [{ 'webhook-secret': 'whsec_!!' }, /--webhook-secret: the webhook secret is not a `whsec_` secret/],
      [{ 'base-url': 'http://localhost:8080' }, /answers over HTTPS only/],
      [{ 'ca-file': '/nonexistent.pem' }, /--ca-file \/nonexistent.pem cannot be read \(ENOENT\)/],
      [{ events: 'SHIPPED' }, /--events: unknown SHIPPED/],
      [{ 'poll-interval': 'soon' }, /--poll-interval must be a whole number/],
      [{ colour: 'yes' }, /Unknown option '--colour'/],
    ];
    for (const [over, message] of cases) {
      lines.length = 0;
      expect(await run(['listen', ...argv(over)], io), String(message)).to.equal(2);
      expect(lines.join('\n')).to.match(message);
    }
    lines.length = 0;
    expect(await run(['transmogrify'], io)).to.equal(2);
    expect(lines.join('\n')).to.match(/unknown command transmogrify/);
  });
});

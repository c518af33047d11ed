import { expect } from 'chai';
import Joi from 'joi';
import { readFileSync } from 'node:fs';
import { loadConfig, SECTIONS } from './index.js';
import { PLATFORM_SECTIONS, platformConfig } from '../platform/config-sections.js';
import { ownValues, type ConfigSection } from '../platform/config.js';
import { configTable, readmeTable } from '../scripts/config-table.js';

const base = { MONGO_URL: 'mongodb://127.0.0.1:1/', KAFKA_BROKERS: '127.0.0.1:2' };
const MODULES = Object.keys(SECTIONS).filter((name) => !(name in PLATFORM_SECTIONS));
/** The one key every section may look at: the kind of run decides production rules everywhere. */
const RUN_KEY = 'NODE_ENV';

/** Every key a section's joi schema refers to (when, ref), found in its description. */
function referencedKeys(described: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(described)) for (const d of described) referencedKeys(d, into);
  else if (described && typeof described === 'object') {
    const o = described as Record<string, unknown>;
    const ref = o.ref as { path?: string[] } | undefined;
    if (ref?.path?.[0]) into.add(ref.path[0]);
    for (const v of Object.values(o)) referencedKeys(v, into);
  }
  return into;
}

describe('configuration by owner (config/index.ts)', () => {
  it('when the sections are composed, then every variable is owned by exactly one section', () => {
    const owners = new Map<string, string[]>();
    for (const [name, s] of Object.entries(SECTIONS)) for (const key of Object.keys(s.keys)) owners.set(key, [...(owners.get(key) ?? []), name]);
    expect([...owners].filter(([, by]) => by.length !== 1)).to.deep.equal([]);
    expect(owners.size).to.be.greaterThan(60);
  });

  it("when a section's value is made, then it reads only its own variables (a module never another's)", () => {
    const { value } = Joi.object(Object.assign({}, ...Object.values(SECTIONS).map((s) => s.keys)))
      .unknown(true)
      .validate(base);
    const strays: string[] = [];
    for (const [name, s] of Object.entries(SECTIONS) as Array<[string, ConfigSection<unknown>]>) {
      const own = new Set(Object.keys(s.keys));
      const seen = new Proxy(ownValues(s, value), {
        get(target, key) {
          if (typeof key === 'string' && !own.has(key)) strays.push(`${name} reads ${key}`);
          return Reflect.get(target, key);
        },
      });
      s.shape(seen, { production: false });
    }
    expect(strays).to.deep.equal([]);
  });

  it("when a section's rules are read, then they name only its own variables (and NODE_ENV, the kind of run)", () => {
    const strays: string[] = [];
    for (const [name, s] of Object.entries(SECTIONS) as Array<[string, ConfigSection<unknown>]>) {
      const own = new Set([...Object.keys(s.keys), RUN_KEY]);
      const schema = s.rules ? s.rules(Joi.object(s.keys)) : Joi.object(s.keys);
      const described = schema.describe() as { dependencies?: Array<{ key: string | null; peers: string[] }> };
      const named = referencedKeys(described);
      for (const d of described.dependencies ?? []) for (const k of [d.key, ...d.peers]) if (k) named.add(k);
      for (const k of named) if (!own.has(k)) strays.push(`${name} names ${k}`);
    }
    expect(strays).to.deep.equal([]);
  });

  it('when the module sections are listed, then each module of the API owns one, apart from the platform', () => {
    expect(MODULES.sort()).to.deep.equal(['applications', 'auth', 'events', 'payments', 'portal', 'webhooks']);
    for (const m of MODULES) expect(m in PLATFORM_SECTIONS, m).to.equal(false);
  });

  it("when a runtime is handed the whole configuration, then what its modules see holds the platform's sections only", () => {
    const whole = loadConfig(base);
    expect(Object.keys(whole)).to.include.members(MODULES);
    expect(Object.keys(platformConfig(whole)).sort()).to.deep.equal(Object.keys(PLATFORM_SECTIONS).sort());
  });

  it('when a section changes, then the README table, grouped by section, must be regenerated (npm run -s config:table -- --write)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readmeTable(readme)).to.equal(configTable());
    for (const s of Object.values(SECTIONS)) expect(readmeTable(readme)).to.include(`**${s.title}**`);
  });
});

import Joi from 'joi';
import { parseDuration } from './duration.js';
import { resolveSettingFiles, SettingFileError } from './setting-files.js';

/**
 * The machinery of the configuration: a section is what one owner (a part of the platform
 * or a module) reads from the environment, its joi keys with descriptions and the typed
 * value it hands its owner. config/index.ts composes the sections; every variable is
 * validated in one pass at boot and a bad value stops start-up naming the variable.
 * Nothing else in the code base reads process.env (scripts/ and test/ excepted).
 */
export interface ConfigSection<T> {
  /** what the README's table calls the group ("payments module") */
  title: string;
  /** the environment variables this section owns, each with a description */
  keys: Record<string, Joi.Schema>;
  /** rules across this section's own keys (`and`, `with`) */
  rules?: (o: Joi.ObjectSchema) => Joi.ObjectSchema;
  /**
   * The typed value, from the validated values of this section's own keys only (a section
   * cannot read another's: it is handed nothing else) and whether this is a production run.
   */
  shape(v: Record<string, any>, run: { production: boolean }): T;
}

/** Declares a section (only to infer its type). */
export function configSection<T>(s: ConfigSection<T>): ConfigSection<T> {
  return s;
}

export type Sections = Record<string, ConfigSection<unknown>>;
/** The typed configuration of a set of sections: one property per section. */
export type SectionValues<S extends Sections> = { [K in keyof S]: S[K] extends ConfigSection<infer T> ? T : never };

export class ConfigError extends Error {}

/** NODE_ENV decides the production rules of every section, so each sees it (the process section owns it). */
const RUN_KEY = 'NODE_ENV';

function composedSchema(sections: Sections): Joi.ObjectSchema {
  let schema = Joi.object(Object.assign({}, ...Object.values(sections).map((s) => s.keys)));
  for (const s of Object.values(sections)) if (s.rules) schema = s.rules(schema);
  return schema.unknown(true);
}

/**
 * How a secret setting is given, shown in the README table. `value or file`: the value in X,
 * or in a file named by X_FILE (platform/setting-files.ts); `file`: the setting is itself a
 * file path (a key, a password), so the secret never sits in the environment.
 */
export const secretAsValueOrFile = { secret: 'value or file' } as const;
export const secretAsFile = { secret: 'file' } as const;

/** Validates the environment against every section; throws ConfigError naming every bad variable. */
export function loadSections<S extends Sections>(sections: S, given: NodeJS.ProcessEnv = process.env): SectionValues<S> {
  let env: NodeJS.ProcessEnv;
  try {
    const valueOrFile = describeSections(sections)
      .filter((v) => v.secret === 'value or file')
      .map((v) => v.name);
    env = resolveSettingFiles(given, valueOrFile);
  } catch (err) {
    if (err instanceof SettingFileError) throw new ConfigError(`invalid configuration:\n  ${err.message}`);
    throw err;
  }
  const { value, error } = composedSchema(sections).validate(env, { abortEarly: false, convert: true });
  if (error) {
    const lines = error.details.map((d) => {
      const name = d.path.join('.') || d.context?.label;
      const why =
        d.type === 'any.required' && env.NODE_ENV === 'production' ? `${name} must be set in production (it has a default only for local runs)` : d.message;
      return `  ${name}: ${why}`;
    });
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const run = { production: value[RUN_KEY] === 'production' };
  try {
    const out: Record<string, unknown> = {};
    for (const [name, s] of Object.entries(sections)) out[name] = s.shape(ownValues(s, value), run);
    return out as SectionValues<S>;
  } catch (err) {
    // a secret file that cannot be read is a configuration error too, named like the others
    if (err instanceof SettingFileError) throw new ConfigError(`invalid configuration:\n  ${err.message}`);
    throw err;
  }
}

/** The validated values of one section's keys: what its shape may read. */
export function ownValues(s: ConfigSection<unknown>, all: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(s.keys).map((k) => [k, all[k]]));
}

export interface SettingDescription {
  section: string;
  title: string;
  name: string;
  default?: unknown;
  description?: string;
  /** how a secret is given: in X or a file named by X_FILE, or X is itself a file path */
  secret?: 'value or file' | 'file';
}

/** The variables, defaults and descriptions by section, for the README's configuration table. */
export function describeSections(sections: Sections): SettingDescription[] {
  return Object.entries(sections).flatMap(([section, s]) => {
    const d = Joi.object(s.keys).describe() as { keys: Record<string, any> };
    return Object.entries(d.keys).map(([name, k]) => {
      const meta = Object.assign({}, ...(k.metas ?? [])) as {
        localDefault?: unknown;
        productionDefault?: unknown;
        production?: string;
        secret?: 'value or file' | 'file';
      };
      let def = k.flags?.default;
      if (meta.localDefault !== undefined) {
        const inProduction = meta.production ?? (meta.productionDefault === undefined ? '' : String(meta.productionDefault));
        def = `${String(meta.localDefault)}` + (inProduction ? ` (production: ${inProduction})` : '');
      }
      return { section, title: s.title, name, default: def, description: k.flags?.description, ...(meta.secret ? { secret: meta.secret } : {}) };
    });
  });
}

// The value types sections share.

export const duration = Joi.string()
  .pattern(/^\d+(ms|s|m|h|d)$/)
  .message('{{#label}} must be a duration like 500ms, 30s, 5m, 24h or 365d');
export const boolean = Joi.boolean().truthy('1', 'yes').falsy('0', 'no', '');
export const port = Joi.number().integer().min(0).max(65535);
/**
 * A value with a default for local runs only: with NODE_ENV=production it must be set, so
 * a production start never runs on a placeholder (invoices with made-up bank details).
 */
export const localOnly = (s: Joi.Schema, local: string) =>
  s.when(RUN_KEY, { is: 'production', then: Joi.required(), otherwise: Joi.optional().default(local) }).meta({ localDefault: local, production: 'required' });
/** A default that differs between local runs and production (the table shows both). */
export const runDefault = (s: Joi.Schema, local: string | boolean, production: string | boolean) =>
  s
    .when(RUN_KEY, { is: 'production', then: Joi.optional().default(production), otherwise: Joi.optional().default(local) })
    .meta({ localDefault: local, productionDefault: production });
/** The event feed's removal of old entries relies on no insert lasting anywhere near it. */
export const atLeastAnHour: Joi.CustomValidator<string> = (v, h) =>
  parseDuration(v) >= 3_600_000 ? v : h.message({ custom: '{{#label}} must be at least 1h' });

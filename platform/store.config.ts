import Joi from 'joi';
import { configSection, duration, runDefault, secretAsFile, secretAsValueOrFile } from './config.js';
import type { MongoTls } from './mongo.js';
import { readSettingFile } from './setting-files.js';
import { parseDuration } from './duration.js';

/** The MongoDB-wire store. */
export const storeSection = configSection({
  title: 'store',
  keys: {
    MONGO_URL: Joi.string()
      .pattern(/^mongodb(\+srv)?:\/\//)
      .required()
      .meta(secretAsValueOrFile)
      .description(
        'MongoDB-wire connection string, credentials included (`mongodb://user:pass@host/?authSource=admin`); MONGO_URL_FILE names a file holding it instead (npm start: the local stack when unset)',
      ),
    STORE_TIMEOUT: duration
      .default('1500ms')
      .description(
        'how long one store operation may wait for an answer (and for a server to be found) before the request gets a retryable 503; raise it for stores that scan large collections',
      ),
    MONGO_DB: Joi.string()
      .pattern(/^[A-Za-z0-9_-]{1,60}$/)
      .default('partner_financing')
      .description('database name'),
    MONGO_TLS_CA_FILE: Joi.string().description(
      "PEM CA bundle that signs the store's certificate; setting it turns TLS on (unset: TLS only if MONGO_URL says tls=true, against the system's CAs)",
    ),
    MONGO_TLS_CERT_KEY_FILE: Joi.string()
      .meta(secretAsFile)
      .description('PEM file holding a client certificate and its private key, for a store that requires mutual TLS (turns TLS on)'),
    // Production only checks, so one Job (`ops migrate apply`) changes the schema before the
    // new instances take traffic, never every replica at once (platform/migrations.ts).
    MIGRATIONS: runDefault(Joi.string().valid('apply', 'check'), 'apply', 'check').description(
      "apply: the API and the relay apply the store's pending migrations at start (local, tests); check: they only check, answering readiness 503 NOT_READY until `ops migrate apply` (the migration Job) has applied them",
    ),
  },
  shape: (v) => ({
    url: v.MONGO_URL as string,
    db: v.MONGO_DB as string,
    timeoutMs: parseDuration(v.STORE_TIMEOUT),
    tls: mongoTls(v),
    migrations: v.MIGRATIONS as 'apply' | 'check',
  }),
});

/** The store's TLS files, checked readable now so a wrong path stops the start naming its setting. */
function mongoTls(v: Record<string, any>): MongoTls | undefined {
  if (!v.MONGO_TLS_CA_FILE && !v.MONGO_TLS_CERT_KEY_FILE) return undefined;
  for (const name of ['MONGO_TLS_CA_FILE', 'MONGO_TLS_CERT_KEY_FILE']) if (v[name]) readSettingFile(name, v[name]);
  return { caFile: v.MONGO_TLS_CA_FILE, certKeyFile: v.MONGO_TLS_CERT_KEY_FILE };
}

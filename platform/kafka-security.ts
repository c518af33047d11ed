import { readFileSync } from 'node:fs';
import type { SASLOptions } from 'kafkajs';
import { readSettingFile, SettingFileError } from './setting-files.js';

/** TLS and SASL options of every Kafka client of a process (kafkajs' own shapes). */
export interface KafkaSecurity {
  ssl?: { ca?: string; cert?: string; key?: string; rejectUnauthorized: true } | undefined;
  sasl?: SASLOptions | undefined;
  /** what names the credentials in an error message ("SCRAM-SHA-512 as user pf-api") */
  saslLabel?: string | undefined;
}

/**
 * Reads the files the Kafka settings name, once, at start: a missing or unreadable file
 * stops the start naming its setting instead of failing later at the first connection.
 * The password comes only from a file (a mounted Kubernetes or Docker secret), never from
 * the environment, where it would show in `ps e`, crash dumps and orchestrator specs.
 */
export function kafkaSecurity(v: Record<string, unknown>): KafkaSecurity {
  const files = ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'].filter((k) => v[k]);
  if (files.length && !v.KAFKA_SSL) throw new SettingFileError(`${files.join(', ')}: set, but KAFKA_SSL is not true (the files would be ignored)`);
  const ssl = v.KAFKA_SSL
    ? {
        ca: readSetting(v, 'KAFKA_SSL_CA_FILE'),
        cert: readSetting(v, 'KAFKA_SSL_CERT_FILE'),
        key: readSetting(v, 'KAFKA_SSL_KEY_FILE'),
        rejectUnauthorized: true as const,
      }
    : undefined;
  const mechanism = v.KAFKA_SASL_MECHANISM as 'plain' | 'scram-sha-256' | 'scram-sha-512' | undefined;
  if (!mechanism) return { ssl };
  const username = v.KAFKA_SASL_USERNAME as string;
  const password = readSettingFile('KAFKA_SASL_PASSWORD_FILE', v.KAFKA_SASL_PASSWORD_FILE as string);
  return { ssl, sasl: { mechanism, username, password } as SASLOptions, saslLabel: `${mechanism.toUpperCase()} as user ${username}` };
}

function readSetting(v: Record<string, unknown>, name: string): string | undefined {
  const path = v[name] as string | undefined;
  if (!path) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new SettingFileError(`${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

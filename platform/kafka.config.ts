import Joi from 'joi';
import { boolean, configSection, secretAsFile } from './config.js';
import { kafkaSecurity } from './kafka-security.js';

/** The Kafka cluster: where it is, the topics the service makes, and how it connects to a secured one. */
export const kafkaSection = configSection({
  title: 'Kafka',
  keys: {
    KAFKA_BROKERS: Joi.string()
      .pattern(/^[^,\s]+(,[^,\s]+)*$/)
      .required()
      .description('comma-separated host:port list (npm start: the local stack when unset)'),
    KAFKA_CLIENT_ID: Joi.string().default('partner-financing').description('Kafka client id'),
    KAFKA_TOPIC_PREFIX: Joi.string()
      .pattern(/^[a-z0-9._-]{0,40}$/)
      .allow('')
      .default('pf.')
      .description('prefix of every topic and consumer group (isolates test runs)'),
    KAFKA_PARTITIONS: Joi.number().integer().min(1).max(64).default(3).description('partitions of the topics the service creates'),
    // connecting to a secured cluster (read by platform/kafka-security.ts; docs/operations.md)
    KAFKA_SSL: boolean.default(false).description('connect to the brokers over TLS'),
    KAFKA_SSL_CA_FILE: Joi.string().description("PEM CA bundle that signs the brokers' certificates (KAFKA_SSL); unset: the system's trusted CAs"),
    KAFKA_SSL_CERT_FILE: Joi.string().description('PEM client certificate for mutual TLS (with KAFKA_SSL_KEY_FILE)'),
    KAFKA_SSL_KEY_FILE: Joi.string().meta(secretAsFile).description('PEM private key of KAFKA_SSL_CERT_FILE'),
    KAFKA_SASL_MECHANISM: Joi.string()
      .lowercase()
      .valid('plain', 'scram-sha-256', 'scram-sha-512')
      .description('SASL mechanism: plain, scram-sha-256 or scram-sha-512; unset: no SASL'),
    KAFKA_SASL_USERNAME: Joi.string().description('SASL user name (with KAFKA_SASL_MECHANISM)'),
    KAFKA_SASL_PASSWORD_FILE: Joi.string()
      .meta(secretAsFile)
      .description('file holding the SASL password (a mounted secret; read at start, one trailing newline dropped)'),
    KAFKA_TOPICS: Joi.string()
      .valid('create', 'check')
      .default('create')
      .description(
        'create: create missing topics at start; check: only verify they exist with enough partitions and replicas (clusters that forbid clients to create topics; `ops kafka topics` prints or creates them)',
      ),
  },
  rules: (o) => o.and('KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE').with('KAFKA_SASL_MECHANISM', ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD_FILE']),
  shape: (v) => ({
    brokers: (v.KAFKA_BROKERS as string).split(','),
    clientId: v.KAFKA_CLIENT_ID as string,
    topicPrefix: v.KAFKA_TOPIC_PREFIX as string,
    partitions: v.KAFKA_PARTITIONS as number,
    topicsMode: v.KAFKA_TOPICS as 'create' | 'check',
    ...kafkaSecurity(v),
  }),
});

import type Joi from 'joi';

/**
 * One way to read a Kafka message value as a validated object, for every consumer: JSON,
 * then the schema, with one rule for fields the schema does not name. They are allowed
 * and dropped: a producer that adds a field never turns a running consumer's messages into
 * dead letters, and a handler only ever sees the fields it was written for. Types are never
 * converted ("2" is not 2). Throws `InvalidMessage`; each consumer decides what that means
 * for it (dead letter, poison topic).
 */
export class InvalidMessage extends Error {
  readonly retriable = false;
}

export function parseMessage<T>(value: Buffer | null, schema: Joi.Schema<T>, what: string): T {
  if (!value) throw new InvalidMessage(`not a ${what}: empty message`);
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch {
    throw new InvalidMessage(`not a ${what}: not JSON`);
  }
  const { value: parsed, error } = schema.validate(json, { convert: false, allowUnknown: true, stripUnknown: true });
  if (error) throw new InvalidMessage(`not a ${what}: ${error.message}`);
  return parsed as T;
}

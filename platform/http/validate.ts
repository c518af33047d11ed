import type Joi from 'joi';
import { AppError, InvalidRequestError, type ErrorRecord } from '../errors.js';
import './joi-characters.js'; // string limits count characters, as the OpenAPI document does

/** `order.items[0].code`: the spec's "JSON path of the request attribute at fault". */
export function jsonPath(path: ReadonlyArray<string | number>, root?: string): string {
  let out = root ?? '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

/**
 * Validates request input with a joi schema. Every violation becomes one error record
 * (code INVALID_REQUEST, the attribute at fault); the first one's message leads. A schema
 * whose refusal is not a 400 says so with joi's `.error()` returning an AppError, which is
 * thrown as it is: the rule stays in the schema (and so in the OpenAPI document) while the
 * answer keeps its own status and code.
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown, opts: { root?: string; convert?: boolean } = {}): T {
  const { value: out, error } = schema.validate(value, {
    abortEarly: false,
    convert: opts.convert ?? false,
    errors: { wrap: { label: false } },
  });
  if (!error) return out as T;
  if ((error as unknown) instanceof AppError) throw error;
  const records: ErrorRecord[] = error.details.slice(0, 50).map((d) => {
    const attribute = jsonPath(d.path, opts.root);
    return {
      code: 'INVALID_REQUEST',
      message: attribute && !d.message.startsWith(attribute) ? `${attribute}: ${d.message}` : d.message,
      severity: 'ERROR',
      ...(attribute ? { attribute } : {}),
    };
  });
  throw new InvalidRequestError(records[0]!.message, { attribute: records[0]!.attribute, records });
}

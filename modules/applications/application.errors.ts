import { AppError, NotFoundError, UnprocessableError } from '../../platform/errors.js';
import { TransitionRefused } from './application.state-machine.js';

/** 404 APPLICATION_NOT_FOUND (detail) or OBJECT_NOT_FOUND (operations), per the spec's tables. */
export function applicationNotFound(code: 'APPLICATION_NOT_FOUND' | 'OBJECT_NOT_FOUND' = 'OBJECT_NOT_FOUND'): NotFoundError {
  return new NotFoundError('No application with this id exists for this partner.', code);
}

export function recurrenceNotFound(): NotFoundError {
  return new NotFoundError('No recurrence with this id exists for this partner.', 'RECURRENCE_NOT_FOUND');
}

/** A refused state transition as the spec's 422 error. */
export function asAppError(err: unknown): unknown {
  if (err instanceof TransitionRefused) return new UnprocessableError(err.refusal.code, err.refusal.message);
  return err;
}

export { AppError, UnprocessableError };

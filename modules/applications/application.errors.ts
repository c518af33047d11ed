import { AppError, NotFoundError } from '../../platform/errors.js';
import type { ErrorDeclaration } from '../../platform/openapi/registry.js';

/** 404 APPLICATION_NOT_FOUND (detail) or OBJECT_NOT_FOUND (operations), per the spec's tables. */
export function applicationNotFound(code: 'APPLICATION_NOT_FOUND' | 'OBJECT_NOT_FOUND' = 'OBJECT_NOT_FOUND'): NotFoundError {
  return new NotFoundError('No application with this id exists for this partner.', code);
}

export function recurrenceNotFound(): NotFoundError {
  return new NotFoundError('No recurrence with this id exists for this partner.', 'RECURRENCE_NOT_FOUND');
}

/** An error a route declares (for /openapi.json): its status, its code and when it is answered. */
export const declared = (status: number, code: string, when: string): ErrorDeclaration => ({ status, code, when });
/** The 400 every route with input declares. */
export const INVALID_REQUEST = declared(400, 'INVALID_REQUEST', 'a field is missing, malformed or over a limit; `attribute` names it');

/**
 * A write made on a preview's word (the partner portal's confirm page): the application
 * must still be at the version the preview was computed on, else 409 APPLICATION_CHANGED
 * and nothing is written, so figures other than those shown are never applied. Called
 * inside a change's `decide`, it sees the very document the write is guarded by.
 */
export class ApplicationChanged extends AppError {
  constructor(readonly current: number) {
    super('APPLICATION_CHANGED', 'The application changed since the preview.', { status: 409 });
  }
}

export function assertVersion(app: { version: number }, ifVersion: number): void {
  if (app.version !== ifVersion) throw new ApplicationChanged(app.version);
}

import { SluiceError } from './sluice-error.js'

/**
 * Classes of database failure, as a dialect sorts its driver's errors. Everything a request can cause maps to a
 * 4xx; only `other` (a failure we cannot attribute to the input) is a 500.
 */
export type DatabaseErrorKind =
  | 'unique' // unique or primary-key violation → 409
  | 'not-null' // → 400
  | 'foreign-key' // → 400
  | 'check' // → 400
  | 'invalid-input' // cast failure, out-of-range number, bad date, string too long → 400
  | 'not-writable' // the object cannot take this write: a view that is not updatable, a generated column → 400
  | 'unavailable' // connection refused/lost, pool exhausted, server shutting down → 503
  | 'timeout' // the statement ran past the statement timeout and the database cancelled it → 504
  | 'other' // → 500

export interface DatabaseErrorClassification {
  readonly kind: DatabaseErrorKind
  /** The engine's own message (shown in development mode only). */
  readonly message: string
}

const REASONS: Record<Exclude<DatabaseErrorKind, 'unique' | 'unavailable' | 'timeout' | 'other'>, string> = {
  'not-null': 'a required value is missing',
  'foreign-key': 'a referenced row does not exist, or other rows still reference this one',
  check: 'a value violates a check constraint',
  'invalid-input': 'a value has the wrong type, format or range for its column',
  'not-writable': 'the database cannot write this object or column (for example a view that is not updatable)',
}

/** Turns a classified driver error into the coded error protocols report. */
export function createDatabaseError(classification: DatabaseErrorClassification, cause: unknown): SluiceError {
  const options = { cause, devDetail: classification.message }
  switch (classification.kind) {
    case 'unique':
      return new SluiceError('SLUICE_ERR_DATABASE_CONFLICT', {}, options)
    case 'unavailable':
      return new SluiceError('SLUICE_ERR_DATABASE_UNAVAILABLE', {}, options)
    case 'timeout':
      return new SluiceError('SLUICE_ERR_DATABASE_TIMEOUT', {}, options)
    case 'other':
      return new SluiceError('SLUICE_ERR_DATABASE', {}, options)
    default:
      return new SluiceError('SLUICE_ERR_DATABASE_INPUT', { reason: REASONS[classification.kind] }, options)
  }
}

import { isSluiceError } from './sluice-error.js'

/**
 * Whether a write that failed with `error` may still have changed the database. A client error (4xx) was refused
 * before or by the statement, which then changed nothing; a lost connection, a timeout, a cancellation or an
 * unexpected error may have come after the commit.
 */
export function mayHaveWritten(error: unknown): boolean {
  return !isSluiceError(error) || error.status >= 499
}

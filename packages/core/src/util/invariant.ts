/**
 * Asserts a condition that can only fail through a bug in Sluice itself (never through user input).
 * A failed invariant surfaces as a logged 500 (`SLUICE_ERR_INTERNAL`); anything a user can cause must be a
 * coded 4xx `SluiceError` instead.
 */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message)
}

/** The error thrown by {@link invariant}; kept separate from `SluiceError` so it can never be mistaken for a user error. */
export class InvariantError extends Error {
  override readonly name = 'InvariantError'
}

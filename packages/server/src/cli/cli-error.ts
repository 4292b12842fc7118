/**
 * A failure the user can correct (an unknown flag, a bad value, a missing entity). The CLI prints its message as one
 * line and exits 1; it never shows a stack trace.
 */
export class CliError extends Error {
  override readonly name = 'CliError'
}

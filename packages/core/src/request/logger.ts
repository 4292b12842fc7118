/** The logging surface core and plugins use (pino-compatible; the server supplies a pino logger). */
export interface Logger {
  trace(obj: object | string, msg?: string): void
  debug(obj: object | string, msg?: string): void
  info(obj: object | string, msg?: string): void
  warn(obj: object | string, msg?: string): void
  error(obj: object | string, msg?: string): void
  child(bindings: Record<string, unknown>): Logger
}

/** A logger that drops everything (tests, library use without logging). */
export const silentLogger: Logger = Object.freeze({
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger
  },
})

import type { Logger } from '@sluice/core'

interface Window {
  readonly opened: number
  suppressed: number
}

/**
 * Logs server-side failures once per distinct cause per interval: the first occurrence in full (with its error and
 * stack), the rest only counted, and the count reported with the next occurrence after the interval. During a
 * database outage every request fails the same way; without this each would write a stack (15 MB in 10 s, seen).
 */
export class ErrorLogThrottle {
  readonly #windows = new Map<string, Window>()

  constructor(
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Logs `message` at error level unless the same `cause` was logged within the interval. */
  error(log: Logger, cause: string, details: object, message: string): void {
    const at = this.now()
    const window = this.#windows.get(cause)
    if (window !== undefined && at - window.opened < this.intervalMs) {
      window.suppressed++
      return
    }
    const repeated = window?.suppressed ?? 0
    this.#windows.set(cause, { opened: at, suppressed: 0 })
    if (this.#windows.size > 1000) this.#forgetOldest()
    log.error(
      repeated === 0 ? details : { ...details, repeated, intervalSeconds: this.intervalMs / 1000 },
      repeated === 0 ? message : `${message} (and ${repeated} more like it since it was last logged)`,
    )
  }

  /** Bounded memory: causes are few in practice, but their text comes partly from outside. */
  #forgetOldest(): void {
    const oldest = this.#windows.keys().next().value
    if (oldest !== undefined) this.#windows.delete(oldest)
  }
}

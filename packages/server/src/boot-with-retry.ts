import { isSluiceError, type Logger } from '@sluice/core'

/** Errors that a database still starting (or waking from scale-to-zero) causes: worth waiting for. */
const RETRYABLE = new Set(['SLUICE_ERR_DATABASE_CONNECT', 'SLUICE_ERR_DATABASE_UNAVAILABLE'])
const FIRST_DELAY_MS = 250
const MAX_DELAY_MS = 5_000

/**
 * Runs `boot` until it succeeds, retrying a database that cannot be reached with exponential back-off (250 ms
 * doubling to 5 s) for at most `retryForMs`; any other failure (a config or model problem) is thrown at once, and
 * so is the last connection failure once the time is up. One log line per attempt that failed.
 */
export async function bootWithRetry<T>(
  boot: () => Promise<T>,
  options: { readonly retryForMs: number; readonly log: Logger; readonly now?: () => number },
): Promise<T> {
  const now = options.now ?? Date.now
  const deadline = now() + options.retryForMs
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return await boot()
    } catch (error) {
      const retryable = isSluiceError(error) && RETRYABLE.has(error.code)
      const left = deadline - now()
      if (!retryable || left <= 0) throw error
      const wait = Math.min(delay, left)
      options.log.warn(
        `${(error as Error).message} — retrying in ${(wait / 1000).toFixed(1)} s (up to ${Math.ceil(left / 1000)} s more; requests get 503 meanwhile)`,
      )
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

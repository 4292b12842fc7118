import { performance } from 'node:perf_hooks'

/** How long past its threshold a check is waited for before it is reported as too slow. */
export const CHECK_GRACE_MS = 30_000

/**
 * Whole milliseconds `work` took (truncated, as Data API builder reports them), or its failure. A check still running
 * `graceMs` after its threshold is given up on and reported with the time waited — Unhealthy, since that is past the
 * threshold — so a database that never answers cannot hold `/health` (and every caller sharing its run) forever.
 */
export async function measureCheck(thresholdMs: number, work: () => Promise<void>, graceMs = CHECK_GRACE_MS): Promise<{ ms: number } | { error: string }> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, thresholdMs + graceMs)
    timer.unref()
  })
  try {
    await Promise.race([work(), gaveUp])
    return { ms: Math.trunc(performance.now() - started) }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

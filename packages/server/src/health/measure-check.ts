import { performance } from 'node:perf_hooks'

/** How a check ended: the whole milliseconds it took (or was waited for), or its failure. */
export type CheckOutcome = { readonly ms: number } | { readonly error: string }

/**
 * Whole milliseconds `work` took (truncated, as Data API builder reports them), or its failure. Work still running
 * when `thresholdMs` passes is not waited for: its outcome is already decided (Unhealthy: at or past the threshold),
 * so it is reported at once with the time waited, and its signal aborts, cancelling what it started
 * (a wait for a pooled connection, a statement), so a database that hangs neither holds `/health` nor piles up checks.
 */
export async function measureCheck(
  thresholdMs: number,
  work: (signal: AbortSignal) => Promise<void>,
): Promise<CheckOutcome> {
  const started = performance.now()
  const cancel = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      resolve('late')
      cancel.abort(new Error(`The check was cancelled after its threshold of ${thresholdMs} ms.`))
    }, thresholdMs)
    timer.unref()
  })
  // A timer may fire a fraction of a millisecond early by performance.now(): a cut-off check never reads below it.
  const cutOff = (): CheckOutcome => ({ ms: Math.max(thresholdMs, Math.trunc(performance.now() - started)) })
  try {
    if ((await Promise.race([work(cancel.signal), late])) === 'late') return cutOff()
    return { ms: Math.trunc(performance.now() - started) }
  } catch (error) {
    if (cancel.signal.aborted) return cutOff()
    return { error: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

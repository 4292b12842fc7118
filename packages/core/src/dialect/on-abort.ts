/** The callbacks waiting on each signal; one real 'abort' listener per signal runs them. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * Calls `callback` once when `signal` aborts, until the returned function is called. For a driver that watches the
 * request's signal around every statement: Sluice's signal belongs to the client's connection and outlives its
 * requests, and `addEventListener`/`removeEventListener` on an AbortSignal cost microseconds per statement, while
 * this registers one listener per signal and then only adds to and deletes from a set. A callback that throws is
 * reported as an uncaught exception, as an event listener's would be, without stopping the others.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiting.get(signal)
  if (callbacks === undefined) {
    const created = new Set<() => void>()
    callbacks = created
    waiting.set(signal, created)
    signal.addEventListener('abort', () => {
      const due = [...created]
      created.clear()
      for (const run of due) {
        try {
          run()
        } catch (error) {
          queueMicrotask(() => { throw error })
        }
      }
    }, { once: true })
  }
  const registered = callbacks
  registered.add(callback)
  return () => { registered.delete(callback) }
}

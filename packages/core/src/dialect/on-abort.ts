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
  const callbacks = waiting.get(signal) ?? watch(signal)
  callbacks.add(callback)
  return () => {
    callbacks.delete(callback)
  }
}

/**
 * The one 'abort' listener of `signal`, running the callbacks in the set it returns. A function of its own so the
 * listener's closure holds the set alone: created inside `onAbort`, it would share that call's scope and keep its
 * first `callback` — and the request that callback belongs to — for as long as the signal lives.
 */
function watch(signal: AbortSignal): Set<() => void> {
  const callbacks = new Set<() => void>()
  waiting.set(signal, callbacks)
  signal.addEventListener(
    'abort',
    () => {
      const due = [...callbacks]
      callbacks.clear()
      for (const run of due) {
        try {
          run()
        } catch (error) {
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
    { once: true },
  )
  return callbacks
}

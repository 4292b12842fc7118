import type { ChangeEvent } from './change-event.js'

/** Hears a batch of changes, in commit order per entity. */
export type ChangeListener = (events: readonly ChangeEvent[]) => void

/**
 * Where committed changes go and where subscriptions hear of them. The local feed reaches this process; a plugin
 * may provide one shared by every instance (Redis), which must keep each entity's events in publish order.
 */
export interface ChangeFeed {
  publish(event: ChangeEvent): void
  /** Starts hearing changes; the returned function stops. */
  listen(listener: ChangeListener): () => void
  close(): Promise<void>
}

/**
 * The feed within one process: events published during one turn of the event loop reach listeners together, in
 * publish order, on the next (`setImmediate`), so a burst of writes is evaluated as one batch per subscriber group.
 */
export class LocalChangeFeed implements ChangeFeed {
  readonly #listeners = new Set<ChangeListener>()
  #pending: ChangeEvent[] = []
  #scheduled = false

  publish(event: ChangeEvent): void {
    this.#pending.push(event)
    if (this.#scheduled) return
    this.#scheduled = true
    setImmediate(() => this.#flush())
  }

  listen(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.#listeners.clear()
  }

  #flush(): void {
    this.#scheduled = false
    const events = this.#pending
    this.#pending = []
    for (const listener of this.#listeners) listener(events)
  }
}

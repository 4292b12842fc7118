import type { SluiceError } from '../errors/sluice-error.js'

/**
 * What one subscriber has yet to be sent, bounded: a subscriber that lets `limit` items wait is closed (`push`
 * answers false) rather than letting memory grow. Read with `for await`; the iteration ends when the queue is closed,
 * and throws the closing error, if any, once the items before it are read.
 */
export class SubscriberQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = []
  #wake: (() => void) | undefined
  #closed = false
  #error: SluiceError | undefined

  constructor(private readonly limit: number) {}

  get closed(): boolean {
    return this.#closed
  }

  /** Adds an item; false (and nothing added) when the queue is closed or full. */
  push(item: T): boolean {
    if (this.#closed || this.#items.length >= this.limit) return false
    this.#items.push(item)
    this.#signal()
    return true
  }

  /** Ends the queue; with an error, items not yet read are dropped and the reader gets the error. */
  close(error?: SluiceError): void {
    if (this.#closed) return
    this.#closed = true
    if (error !== undefined) {
      this.#error = error
      this.#items.length = 0
    }
    this.#signal()
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.#items.length > 0) {
        yield this.#items.shift()!
        continue
      }
      if (this.#closed) {
        if (this.#error !== undefined) throw this.#error
        return
      }
      await new Promise<void>((resolve) => (this.#wake = resolve))
    }
  }

  #signal(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}

/**
 * Deadlines of one length, checked by a single interval timer rather than a timer each. pg's `query_timeout` and
 * pg-pool's `connectionTimeoutMillis` arm and clear a timer for every statement and every checkout, about 2,500
 * instructions per request (callgrind, docs/benchmarks.md); here a watched call costs one small object linked into a
 * list (not a Map keyed by the callbacks: that made V8 promote them, seven times the mark-compacts under load).
 *
 * `expire` runs once, no sooner than `limitMs` after `watch` and less than two sweep periods later (a period is a
 * tenth of the limit, at least 10 ms and at most 1 s), unless `unwatch` ran first. Time is counted in sweeps, so a
 * blocked event loop delays a deadline and never brings one forward. The timer is unref'd: it keeps no process alive.
 */
export class DeadlineSweep {
  readonly limitMs: number
  readonly #periodMs: number
  /** Sweeps that must pass before a watch expires (see `#sweep`). */
  readonly #limitSweeps: number
  /** The watches in flight, oldest first: a list linked through the watches themselves (no hashing, no table). */
  #oldest: Watch | undefined
  #newest: Watch | undefined
  #sweeps = 0
  #timer: NodeJS.Timeout | undefined

  constructor(limitMs: number) {
    this.limitMs = limitMs
    this.#periodMs = Math.min(1000, Math.max(10, Math.ceil(limitMs / 10)))
    this.#limitSweeps = Math.ceil(limitMs / this.#periodMs)
  }

  /** Starts a deadline for `expire`; hand the watch to `unwatch` when the call ends in time. */
  watch(expire: () => void): Watch {
    const watch: Watch = { expire, since: this.#sweeps, older: this.#newest, newer: undefined }
    if (this.#newest === undefined) this.#oldest = watch
    else this.#newest.newer = watch
    this.#newest = watch
    this.#timer ??= setInterval(() => this.#sweep(), this.#periodMs).unref()
    return watch
  }

  /** Ends a deadline (again: nothing). */
  unwatch(watch: Watch): void {
    const { older, newer } = watch
    if (older === undefined && this.#oldest !== watch) return // already ended or expired
    if (older === undefined) this.#oldest = newer
    else older.newer = newer
    if (newer === undefined) this.#newest = older
    else newer.older = older
    watch.older = undefined
    watch.newer = undefined
  }

  /** Stops the timer; what is still watched never expires. */
  close(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
    this.#oldest = undefined
    this.#newest = undefined
  }

  /**
   * A watch started at sweep count `s` began between sweeps `s` and `s + 1`, so at sweep `n` it has waited more than
   * `(n - s - 1)` periods: it expires once that reaches the limit.
   */
  #sweep(): void {
    const sweeps = ++this.#sweeps
    for (
      let watch = this.#oldest;
      watch !== undefined && sweeps - watch.since > this.#limitSweeps;
      watch = this.#oldest
    ) {
      this.unwatch(watch)
      watch.expire()
    }
  }
}

/** One call's deadline, linked into its sweep's list while it runs. */
export interface Watch {
  readonly expire: () => void
  readonly since: number
  older: Watch | undefined
  newer: Watch | undefined
}

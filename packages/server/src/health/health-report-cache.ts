interface Entry<T> {
  readonly value: Promise<T>
  /** Infinity while the value is being built. */
  expires: number
}

const MAX_KEYS = 64

/**
 * Health reports by the caller's role, kept `ttlMs` (`runtime.health.cache-ttl-seconds`). One report per role is
 * built at a time: callers arriving while it runs share it, so a burst of probes never multiplies the checks. A
 * failed build is not kept. Data API builder keeps one report for every role; here each role gets its own, as the
 * checks run with the caller's permissions.
 */
export class HealthReportCache<T> {
  readonly #entries = new Map<string, Entry<T>>()

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key)
    if (hit !== undefined && hit.expires > this.now()) return hit.value
    if (this.#entries.size >= MAX_KEYS) this.#evictExpired()
    const entry: Entry<T> = { value: build(), expires: Infinity }
    this.#entries.set(key, entry)
    entry.value.then(
      () => {
        entry.expires = this.now() + this.ttlMs
        if (this.ttlMs <= 0) this.#drop(key, entry)
      },
      () => this.#drop(key, entry),
    )
    return entry.value
  }

  #drop(key: string, entry: Entry<T>): void {
    if (this.#entries.get(key) === entry) this.#entries.delete(key)
  }

  #evictExpired(): void {
    const now = this.now()
    for (const [key, entry] of this.#entries) if (entry.expires <= now) this.#entries.delete(key)
    // Still full (every role busy at once): forget the oldest; its callers keep their promise.
    if (this.#entries.size >= MAX_KEYS) this.#entries.delete(this.#entries.keys().next().value!)
  }
}

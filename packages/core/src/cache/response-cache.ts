import { LRUCache } from 'lru-cache'
import type { PageResultSet, SingleResultSet } from '../pipeline/result-set.js'
import type { SharedCacheStore, SharedStamp } from './shared-cache-store.js'
import { TagGenerations } from './tag-generations.js'

/** The results a cache holds: whole pages and single rows (streamed pages are never cached). */
export type CachedResult = PageResultSet | SingleResultSet

/** A read's answer as cached: the database's result and the nested-cursor marker its JSON carries, if any. */
export interface CachedAnswer {
  readonly result: CachedResult
  readonly marker: string | undefined
}

/** Where one read stood before it asked the database (see `ResponseCache.begin`). */
export interface CacheTicket {
  readonly local: readonly number[]
  readonly shared: SharedStamp | undefined
}

interface LocalEntry {
  readonly answer: CachedAnswer
  readonly generations: readonly number[]
  /** Approximate bytes (UTF-16 code units × 2). */
  readonly size: number
}

export interface ResponseCacheLimits {
  /** Entries kept in memory at most. */
  readonly maxEntries: number
  /** Approximate bytes of all entries in memory at most. */
  readonly maxBytes: number
  /** A larger answer is not cached at all (neither level). */
  readonly maxEntryBytes: number
}

export interface Clock {
  now(): number
}

export const DEFAULT_CACHE_LIMITS: ResponseCacheLimits = Object.freeze({
  maxEntries: 10_000,
  maxBytes: 256 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
})

/**
 * The response cache's two levels: level 1 in this process (an LRU bounded by entries and bytes, each entry with its
 * TTL) and, when a plugin supplies one, a {@link SharedCacheStore} every instance shares. Entries depend on tags and
 * are checked against the tags' generations when read; `evict` makes every dependent entry stale here and, through
 * the store, on every other instance.
 */
export class ResponseCache {
  readonly #local: LRUCache<string, LocalEntry>
  readonly #generations = new TagGenerations()
  readonly #store: SharedCacheStore | undefined
  readonly #maxEntryBytes: number
  readonly #clock: Clock

  /** `clock` (wall-clock milliseconds) is for tests; entries in the shared store carry absolute expiry times. */
  constructor(
    store: SharedCacheStore | undefined,
    limits: ResponseCacheLimits = DEFAULT_CACHE_LIMITS,
    clock: Clock = Date,
  ) {
    this.#store = store
    this.#maxEntryBytes = limits.maxEntryBytes
    this.#clock = clock
    this.#local = new LRUCache<string, LocalEntry>({
      perf: clock,
      // The clock is read at each check (a cached reading, refreshed by a timer, would hide a test clock's jumps).
      ttlResolution: 0,
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      maxEntrySize: limits.maxEntryBytes,
      sizeCalculation: (entry, key) => entry.size + key.length * 2,
    })
    store?.onEvict((tags) => {
      if (tags === undefined) this.#generations.bumpAll()
      else this.#generations.bump(tags)
    })
  }

  /**
   * With a shared store: waits until every eviction other instances published before now has been applied here.
   * False when the store is out of step (then nothing may be served from a cache).
   */
  fence(): Promise<boolean> | true {
    return this.#store === undefined ? true : this.#store.fence()
  }

  /**
   * Snapshots the generations of `tags` before a read asks the cache or the database. Undefined when the shared
   * store (if any) is out of step: evictions from other instances may be missing, so nothing may be served from or
   * stored in either level — the read goes to the database.
   */
  begin(tags: readonly string[]): CacheTicket | undefined {
    const local = this.#generations.snapshot(tags)
    if (this.#store === undefined) return { local, shared: undefined }
    const shared = this.#store.stamp(tags)
    return shared === undefined ? undefined : { local, shared }
  }

  /** The level-1 answer for `key`, if it is still current. */
  getLocal(key: string, tags: readonly string[]): CachedAnswer | undefined {
    const entry = this.#local.get(key)
    if (entry === undefined) return undefined
    if (this.#generations.isCurrent(tags, entry.generations)) return entry.answer
    this.#local.delete(key)
    return undefined
  }

  /** The shared answer for `sharedKey`, copied into level 1 under `key` (stamped with the ticket's generations). */
  async getShared(key: string, sharedKey: string, ticket: CacheTicket): Promise<CachedAnswer | undefined> {
    if (this.#store === undefined) return undefined
    const text = await this.#store.get(sharedKey)
    const stored = text === undefined ? undefined : parseStoredAnswer(text)
    if (stored === undefined) return undefined
    const ttl = stored.expiresAt - this.#clock.now()
    if (ttl <= 0) return undefined
    this.#setLocal(key, stored.answer, ticket.local, ttl, text!.length * 2)
    return stored.answer
  }

  /** Stores a fresh answer in level 1 and, with `sharedKey`, in the shared store, for `ttlMs`. */
  set(key: string, sharedKey: string | undefined, ticket: CacheTicket, answer: CachedAnswer, ttlMs: number): void {
    const shared = sharedKey !== undefined && ticket.shared !== undefined && this.#store !== undefined
    // Serialized only for the shared store; level 1 keeps the object and counts the JSON text's size.
    const text = shared
      ? JSON.stringify({ r: answer.result, m: answer.marker, x: this.#clock.now() + ttlMs })
      : undefined
    const size = (text?.length ?? (answer.result.json?.length ?? 0) + 200) * 2
    if (size > this.#maxEntryBytes) return
    this.#setLocal(key, answer, ticket.local, ttlMs, size)
    if (shared) this.#store!.set(sharedKey!, text!, ticket.shared!, ttlMs)
  }

  /** Makes every entry depending on one of `tags` stale: here at once, on other instances through the store. */
  async evict(tags: readonly string[]): Promise<void> {
    this.#generations.bump(tags)
    await this.#store?.evict(tags)
  }

  async close(): Promise<void> {
    this.#local.clear()
    await this.#store?.close()
  }

  #setLocal(key: string, answer: CachedAnswer, generations: readonly number[], ttlMs: number, size: number): void {
    this.#local.set(key, { answer, generations, size }, { ttl: Math.max(1, Math.round(ttlMs)) })
  }
}

/** A shared entry's text back into an answer; undefined for anything malformed (then it is a miss). */
function parseStoredAnswer(text: string): { readonly answer: CachedAnswer; readonly expiresAt: number } | undefined {
  let stored: { r?: unknown; m?: unknown; x?: unknown }
  try {
    stored = JSON.parse(text) as typeof stored
  } catch {
    return undefined
  }
  if (typeof stored.x !== 'number' || (stored.m !== undefined && typeof stored.m !== 'string')) return undefined
  const result = stored.r as { kind?: unknown; json?: unknown; more?: unknown; cursor?: unknown } | null | undefined
  if (typeof result !== 'object' || result === null) return undefined
  const json = result.json
  if (json !== null && typeof json !== 'string') return undefined
  if (result.kind === 'single')
    return { answer: { result: { kind: 'single', json }, marker: stored.m }, expiresAt: stored.x }
  if (result.kind !== 'page' || typeof result.more !== 'boolean') return undefined
  const cursor = result.cursor
  if (cursor !== null && !(Array.isArray(cursor) && cursor.every((c) => c === null || typeof c === 'string')))
    return undefined
  return {
    answer: {
      result: { kind: 'page', json, more: result.more, cursor: cursor as (string | null)[] | null },
      marker: stored.m,
    },
    expiresAt: stored.x,
  }
}

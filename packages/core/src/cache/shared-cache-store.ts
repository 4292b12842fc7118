/**
 * The shared versions of some tags as one instance knew them before it read the database, from
 * {@link SharedCacheStore.stamp}. Opaque to core: only the store that made it reads it.
 */
export interface SharedStamp {
  readonly store: string
}

/**
 * The level-2 cache and backplane a plugin supplies (Redis in `@sluice/plugin-cache-redis`), shared by every instance
 * that points at it. Core keeps the level-1 cache in memory and asks the store only through this interface.
 *
 * Entries depend on tags (the database objects a read touched). A write makes every entry that depends on one of
 * its tags stale on every instance: the store bumps the tags' shared versions and tells the other instances, whose
 * level-1 entries then go stale too (`onEvict`). An entry is stored with the versions seen before the database was
 * read (`stamp`), so a write that lands while a read runs leaves that read's entry stale, never fresh.
 *
 * No method throws or rejects: an unreachable store answers "out of step" (`stamp` returns undefined) and core then
 * serves every read from the database until the store is back in step.
 */
export interface SharedCacheStore {
  /** Name for logs, e.g. `redis`. */
  readonly name: string
  /**
   * The shared versions of `tags` as this instance knows them, or undefined while the store is unreachable or has
   * not caught up since it was (evictions may have been missed): then nothing may be served from any cache level.
   */
  stamp(tags: readonly string[]): SharedStamp | undefined
  /**
   * Resolves true once every eviction published by any instance before the call has been applied here (a round
   * trip on the subscription, shared by concurrent callers); false when out of step. Core awaits it before each
   * cached read, so a write acknowledged by one instance is never hidden by a cache on another.
   */
  fence(): Promise<boolean>
  /** The value stored under `key` by any instance, when its versions are still current; undefined otherwise. */
  get(key: string): Promise<string | undefined>
  /** Stores `value` under `key` for `ttlMs` with the versions of `stamp`, in the background (best effort). */
  set(key: string, value: string, stamp: SharedStamp, ttlMs: number): void
  /**
   * Makes entries depending on any of `tags` stale everywhere, then resolves. When the store is unreachable the
   * eviction is remembered and sent when it is back (before anything is served from it again).
   */
  evict(tags: readonly string[]): Promise<void>
  /**
   * Registers the one listener for evictions made by other instances; `undefined` means "possibly anything" (the store
   * was out of reach and messages may have been lost), so every level-1 entry must go.
   */
  onEvict(listener: (tags: readonly string[] | undefined) => void): void
  /** Closes its connections; later calls do nothing and answer "out of step". */
  close(): Promise<void>
}

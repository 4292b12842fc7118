import type { PristineClusterCache } from './pristine-cluster-cache.js'

/** Per-query options the driver passes: text → value parsers by type oid. */
export interface PGliteQueryOptions {
  readonly parsers?: { readonly [oid: number]: (value: string) => unknown }
}

export interface PGliteResultsLike<R> {
  readonly rows: R[]
  /** Rows changed by INSERT/UPDATE/DELETE. */
  readonly affectedRows?: number
  /** The command tag's verb: `SELECT`, `INSERT` … (older PGlite versions omit it). */
  readonly command?: string
}

/** What a transaction callback receives from `PGlite.transaction`. */
export interface PGliteTransactionLike {
  query<R>(sql: string, params?: unknown[], options?: PGliteQueryOptions): Promise<PGliteResultsLike<R>>
  exec(sql: string, options?: PGliteQueryOptions): Promise<unknown>
}

/**
 * The part of a PGlite instance the driver uses, declared structurally so this config never imports PGlite. A
 * `PGlite` (or a `PGliteWorker`, or a wrapper shaped like one) fits.
 */
export interface PGliteLike extends PGliteTransactionLike {
  transaction<T>(fn: (tx: PGliteTransactionLike) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Resolves when the database has started. */
  readonly waitReady?: Promise<void>
  readonly ready?: boolean
}

/**
 * Either a PGlite the caller owns (or an async factory for one; the driver never closes it), or a data directory
 * from which the driver creates and owns its own PGlite (`undefined` = in memory).
 */
export type PGliteDriverConfig =
  | { readonly db: PGliteLike | (() => Promise<PGliteLike>) }
  | {
      readonly dataDir: string | undefined
      /** Runs once per driver, right after the driver created and opened its database (seeding, migrations). */
      readonly initialize?: ((db: PGliteLike) => Promise<void>) | undefined
      /** In memory only: start from this archived `initdb` cluster, and archive one when it has none. */
      readonly pristineCluster?: PristineClusterCache | undefined
    }

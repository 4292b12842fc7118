/** A prepared statement, as better-sqlite3's `Statement` has it. */
export interface SqliteStatementLike {
  /** True when the statement returns rows (a SELECT, or a write with RETURNING). */
  readonly reader: boolean
  safeIntegers(toggle?: boolean): this
  all(...parameters: unknown[]): unknown[]
  run(...parameters: unknown[]): { readonly changes: number | bigint }
}

/**
 * The part of a better-sqlite3 `Database` the driver uses, declared structurally so this config never imports the
 * driver library: a `new Database(file)` fits, and so does a wrapper shaped like one.
 */
export interface SqliteDatabaseLike {
  prepare(sql: string): SqliteStatementLike
  exec(sql: string): unknown
  function(
    name: string,
    options: { readonly deterministic?: boolean; readonly safeIntegers?: boolean },
    fn: (...args: unknown[]) => unknown,
  ): unknown
  readonly inTransaction: boolean
  close(): unknown
}

/**
 * Either a database the caller owns (or an async factory for one; the driver never closes it), or a file the driver
 * opens and owns (`:memory:` for a private in-memory database).
 */
export type SqliteDriverConfig =
  | { readonly db: SqliteDatabaseLike | (() => Promise<SqliteDatabaseLike>) }
  | { readonly filename: string; readonly readonly?: boolean | undefined }

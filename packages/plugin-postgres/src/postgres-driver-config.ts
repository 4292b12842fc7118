import type { ConnectionSettings } from '@sluice/core/dialect'

/** How values of one PostgreSQL type oid are turned from wire text into JavaScript values (`pg`'s `types` option). */
export interface PostgresTypeParsers {
  getTypeParser(oid: number, format?: string): (value: string) => unknown
}

/** What the driver sends: `pg`'s query config. With `name`, `pg` prepares the statement once per connection. */
export interface PostgresQueryConfig {
  readonly text: string
  readonly values?: unknown[]
  readonly name?: string
  readonly types?: PostgresTypeParsers
}

export interface PostgresQueryResult<R> {
  readonly rows: R[]
  /** Rows the command touched (`null` for commands that report none). */
  readonly rowCount: number | null
  /** The command tag's verb: `SELECT`, `INSERT`, `UPDATE` … */
  readonly command: string
}

/** A session checked out of the pool. `release(error)` discards it instead of returning it (broken connection). */
export interface PostgresPoolClient {
  query<R>(config: PostgresQueryConfig): Promise<PostgresQueryResult<R>>
  release(error?: Error | boolean): void
  /**
   * `pg` clients emit `error` when their connection drops while checked out; without a listener Node would crash,
   * so the driver listens for the duration of a transaction.
   */
  on?(event: 'error', listener: (error: Error) => void): unknown
  off?(event: 'error', listener: (error: Error) => void): unknown
}

/**
 * The part of a `pg.Pool` the driver uses, declared structurally so this config never imports `pg`. A `pg.Pool`
 * (or anything shaped like one) fits.
 */
export interface PostgresPool {
  query<R>(config: PostgresQueryConfig): Promise<PostgresQueryResult<R>>
  connect(): Promise<PostgresPoolClient>
  end(): Promise<void>
}

/**
 * Either a pool the caller owns (or an async factory for one; the driver never ends it), or connection settings
 * from which the driver creates and owns its own `pg.Pool`.
 */
export type PostgresDriverConfig =
  | { readonly pool: PostgresPool | (() => Promise<PostgresPool>) }
  | {
      readonly connection: ConnectionSettings
      /** Pool size when the connection string sets none (`Maximum Pool Size`, `maxpoolsize`); default 10. */
      readonly poolSize?: number | undefined
      /** `application_name` when the connection string sets none. */
      readonly applicationName?: string | undefined
      /** `statement_timeout` when the connection string sets no `Command Timeout`. */
      readonly statementTimeoutMs?: number | undefined
      /** How long a request may wait for a pooled connection (and a new one to connect) when the string sets no `Timeout`. */
      readonly acquireTimeoutMs?: number | undefined
    }

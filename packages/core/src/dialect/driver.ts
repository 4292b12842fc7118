import type { Abortable } from './abortable.js'

/**
 * A statement ready to run: SQL text with placeholders in the dialect's syntax and the values in placeholder order.
 * `name` is a stable identifier of the SQL text that drivers may use to prepare the statement once per connection.
 */
export interface CompiledQuery {
  readonly sql: string
  readonly parameters: readonly unknown[]
  readonly name?: string | undefined
}

/**
 * Options of one statement: cancellation, and who runs it. The execute stage passes the request's principal and
 * effective role, for dialects that hand the caller to the database session (SQL Server's `set-session-context`).
 */
export interface ExecuteOptions extends Abortable {
  readonly principal?: import('../request/principal.js').Principal | undefined
  readonly role?: string | undefined
}

export interface QueryResult<R = Record<string, unknown>> {
  readonly rows: readonly R[]
  /** Rows changed by INSERT/UPDATE/DELETE where the engine reports it. */
  readonly affectedRows?: number | undefined
}

/** One database session: what a transaction callback receives. */
export interface Connection {
  execute<R = Record<string, unknown>>(query: CompiledQuery, options?: ExecuteOptions): Promise<QueryResult<R>>
  /** Optional: rows in chunks without buffering the whole result (large pages). */
  stream?<R = Record<string, unknown>>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Abortable,
  ): AsyncIterable<readonly R[]>
}

export interface TransactionOptions extends Abortable {
  readonly isolation?: 'read committed' | 'repeatable read' | 'serializable' | undefined
}

/**
 * Connection lifecycle for one data source. Drivers take an existing pool/client or an async factory in their
 * config, so the caller controls lifecycle. `execute` runs one statement on any pooled session (the hot path);
 * `transaction` pins one session for several statements and commits or rolls back.
 */
export interface Driver {
  /** Connects (or verifies the pool can connect). Throws a `SLUICE_ERR_DATABASE_CONNECT` SluiceError when it cannot. */
  init(options?: Abortable): Promise<void>
  execute<R = Record<string, unknown>>(query: CompiledQuery, options?: ExecuteOptions): Promise<QueryResult<R>>
  transaction<T>(fn: (connection: Connection) => Promise<T>, options?: TransactionOptions): Promise<T>
  stream?<R = Record<string, unknown>>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Abortable,
  ): AsyncIterable<readonly R[]>
  /** Closes pools the driver created (not ones passed in by the caller) after in-flight work finishes. */
  destroy(): Promise<void>
}

import { SluiceError } from '@sluice/core/dialect'
import type {
  Abortable,
  CompiledQuery,
  Connection,
  Driver,
  QueryResult,
  TransactionOptions,
} from '@sluice/core/dialect'
import { prepareSqliteDatabase } from './prepare-sqlite-database.js'
import type { SqliteDatabaseLike, SqliteDriverConfig, SqliteStatementLike } from './sqlite-driver-config.js'

/** Prepared statements kept per database (by SQL text; the oldest is dropped beyond this). */
const STATEMENT_CACHE_SIZE = 500
/** The driver library, loaded when the first database is opened: a server without an SQLite source never loads it. */
const DRIVER_MODULE = 'better-sqlite3'

type DatabaseConstructor = new (filename: string, options?: { readonly readonly?: boolean }) => SqliteDatabaseLike

/**
 * Runs statements on one better-sqlite3 connection: the caller's (never closed here) or one it opens on a file or
 * in memory (closed by `destroy`). better-sqlite3 is synchronous, so each statement runs to its end at once; the
 * driver only has to keep other requests' statements out of an open transaction, which it does by running
 * transactions and statements one after another. Integers come back as `bigint` (64 bits exact).
 */
export class SqliteDriver implements Driver {
  readonly #config: SqliteDriverConfig
  #db: Promise<SqliteDatabaseLike> | undefined
  #owned: SqliteDatabaseLike | undefined
  readonly #statements = new Map<string, SqliteStatementLike>()
  /** Settles when the work queued so far has finished. */
  #idle: Promise<unknown> = Promise.resolve()

  constructor(config: SqliteDriverConfig) {
    this.#config = config
  }

  async init(options: Abortable = {}): Promise<void> {
    try {
      await this.execute({ sql: 'SELECT 1', parameters: [] }, options)
    } catch (error) {
      if (options.signal?.aborted === true) throw error
      throw new SluiceError(
        'SLUICE_ERR_DATABASE_CONNECT',
        { engine: 'SQLite', detail: error instanceof Error ? error.message : String(error) },
        { cause: error },
      )
    }
  }

  execute<R = Record<string, unknown>>(query: CompiledQuery, options: Abortable = {}): Promise<QueryResult<R>> {
    return this.#exclusive(async () => {
      const db = await this.#getDb()
      options.signal?.throwIfAborted()
      return this.#run<R>(db, query)
    })
  }

  /** `BEGIN IMMEDIATE` … `COMMIT`: takes the write lock at once; SQLite transactions are serializable whatever the isolation asked. */
  transaction<T>(fn: (connection: Connection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.#exclusive(async () => {
      const db = await this.#getDb()
      options.signal?.throwIfAborted()
      db.exec('BEGIN IMMEDIATE')
      try {
        const result = await fn({
          execute: async <R>(query: CompiledQuery, o: Abortable = {}) => {
            ;(o.signal ?? options.signal)?.throwIfAborted()
            return this.#run<R>(db, query)
          },
        })
        db.exec('COMMIT')
        return result
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK')
        throw error
      }
    })
  }

  async destroy(): Promise<void> {
    await this.#idle
    const owned = this.#owned
    this.#owned = undefined
    this.#db = undefined
    this.#statements.clear()
    owned?.close()
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#idle.then(work)
    this.#idle = result.catch(() => undefined)
    return result
  }

  #run<R>(db: SqliteDatabaseLike, query: CompiledQuery): QueryResult<R> {
    let statement = this.#statements.get(query.sql)
    if (statement === undefined) {
      statement = db.prepare(query.sql)
      if (statement.reader) statement.safeIntegers(true)
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!)
      this.#statements.set(query.sql, statement)
    }
    if (statement.reader) return { rows: statement.all(...query.parameters) as R[] }
    return { rows: [], affectedRows: Number(statement.run(...query.parameters).changes) }
  }

  #getDb(): Promise<SqliteDatabaseLike> {
    this.#db ??= this.#open().catch((error: unknown) => {
      this.#db = undefined // a failed factory may succeed on the next attempt
      throw error
    })
    return this.#db
  }

  async #open(): Promise<SqliteDatabaseLike> {
    const config = this.#config
    if ('db' in config) {
      const db = typeof config.db === 'function' ? await config.db() : config.db
      prepareSqliteDatabase(db)
      return db
    }
    const Database = ((await import(DRIVER_MODULE)) as { default: DatabaseConstructor }).default
    const db = new Database(config.filename, { readonly: config.readonly === true })
    this.#owned = db
    prepareSqliteDatabase(db)
    return db
  }
}

import pg from 'pg'
import Cursor from 'pg-cursor'
import { onAbort, SluiceError } from '@sluice/core/dialect'
import type {
  Abortable,
  CompiledQuery,
  Connection,
  Driver,
  QueryResult,
  TransactionOptions,
} from '@sluice/core/dialect'
import { buildPostgresPoolConfig } from './build-postgres-pool-config.js'
import { cancelOnServer, releaseSession } from './cancel-on-server.js'
import { clientConnectingWithin } from './check-out-session.js'
import { DeadlineSweep } from './deadline-sweep.js'
import type { PostgresDriverConfig, PostgresPool, PostgresPoolClient } from './postgres-driver-config.js'
import { classifyPostgresError } from './sql/postgres-error-classifier.js'
import { POSTGRES_TYPE_PARSERS } from './postgres-type-parsers.js'
import {
  acquireClient,
  executePooled,
  isBrokenConnection,
  runQuery,
  sendQuery,
  toError,
  toQueryResult,
  type PoolBounds,
} from './postgres-statements.js'

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, string> = {
  'read committed': 'READ COMMITTED',
  'repeatable read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
}

const NO_BOUNDS: PoolBounds = { statements: undefined, waits: undefined }

/**
 * Runs statements on a `pg` pool: the caller's (never ended here) or one it creates from connection settings (ended
 * by `destroy`). Named queries become `pg` prepared statements; dates, times, int8 and numeric arrive as strings.
 * With a `signal`, a statement runs on a session the driver holds: when the signal aborts, waiting for a session
 * stops and a running statement is cancelled on the server (its session is then discarded: see `releaseSession`).
 */
export class PostgresDriver implements Driver {
  readonly #config: PostgresDriverConfig
  #pool: Promise<PostgresPool> | undefined
  /** The pool once opened. */
  #openedPool: PostgresPool | undefined
  #ownedPool: pg.Pool | undefined
  #bounds: PoolBounds = NO_BOUNDS

  constructor(config: PostgresDriverConfig) {
    this.#config = config
  }

  async init(options: Abortable = {}): Promise<void> {
    try {
      await this.execute({ sql: 'SELECT 1', parameters: [] }, options)
    } catch (error) {
      if (options.signal?.aborted === true) throw error
      throw new SluiceError(
        'SLUICE_ERR_DATABASE_CONNECT',
        { engine: 'PostgreSQL', detail: this.#describeFailure(error) },
        { cause: error },
      )
    }
  }

  // Not async: once the pool is open it hands back the statement's own promise (an async function returning another's
  // promise costs every statement a promise and two microtasks more).
  execute<R = Record<string, unknown>>(query: CompiledQuery, options: Abortable = {}): Promise<QueryResult<R>> {
    const { signal } = options
    if (signal?.aborted === true) return Promise.reject(signal.reason as Error)
    const pool = this.#openedPool
    if (pool === undefined) return this.#getPool().then((opened) => this.#executeOn<R>(opened, query, signal))
    return this.#executeOn<R>(pool, query, signal)
  }

  #executeOn<R>(pool: PostgresPool, query: CompiledQuery, signal: AbortSignal | undefined): Promise<QueryResult<R>> {
    return executePooled<R>(pool, query, signal, this.#bounds)
  }

  /**
   * Runs one statement on `client`; when `signal` aborts (the client went away) while it runs, PostgreSQL is asked
   * to cancel it (a CancelRequest on a connection of its own, so it works when every pooled session is busy) and the
   * call rejects with the signal's reason once the statement has stopped.
   */
  async #runCancellable<R>(
    pool: PostgresPool,
    client: PostgresPoolClient,
    query: CompiledQuery,
    signal: AbortSignal,
  ): Promise<QueryResult<R>> {
    signal.throwIfAborted()
    const running = sendQuery<R>(client, query, this.#bounds.statements?.limitMs)
    const stopWatching = onAbort(signal, () => cancelOnServer(pool, client))
    try {
      return toQueryResult(await running)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw error
    } finally {
      stopWatching()
    }
  }

  async transaction<T>(fn: (connection: Connection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const { signal, isolation } = options
    signal?.throwIfAborted()
    const pool = await this.#getPool()
    const client = await acquireClient(pool, signal, this.#bounds.waits)
    const readTimeoutMs = this.#bounds.statements?.limitMs
    let broken: Error | undefined
    const onConnectionError = (error: Error): void => {
      broken ??= error
    }
    client.on?.('error', onConnectionError)
    try {
      signal?.throwIfAborted()
      await runQuery(
        client,
        { sql: isolation === undefined ? 'BEGIN' : `BEGIN ISOLATION LEVEL ${ISOLATION[isolation]}`, parameters: [] },
        readTimeoutMs,
      )
      const connection: Connection = {
        execute: <R>(query: CompiledQuery, o: Abortable = {}) => {
          const abortable = o.signal ?? signal
          return abortable === undefined
            ? runQuery<R>(client, query, readTimeoutMs)
            : this.#runCancellable<R>(pool, client, query, abortable)
        },
      }
      const result = await fn(connection)
      await runQuery(client, { sql: 'COMMIT', parameters: [] }, readTimeoutMs)
      return result
    } catch (error) {
      if (isBrokenConnection(error)) broken = toError(error)
      // A session that is lost or still busy is discarded, which ends its transaction on the server: a ROLLBACK would
      // wait behind the statement that went unanswered, for as long again.
      if (broken === undefined) {
        try {
          await runQuery(client, { sql: 'ROLLBACK', parameters: [] }, readTimeoutMs)
        } catch (rollbackError) {
          broken = toError(rollbackError)
        }
      }
      throw error
    } finally {
      client.off?.('error', onConnectionError)
      releaseSession(client, broken)
    }
  }

  /**
   * Rows in chunks of `chunkSize` through a server-side portal (pg-cursor): the session is held until the last chunk
   * is read or the consumer stops (a client that goes away), then the portal is closed and the session returned.
   */
  async *stream<R = Record<string, unknown>>(
    query: CompiledQuery,
    chunkSize: number,
    options: Abortable = {},
  ): AsyncIterable<readonly R[]> {
    const { signal } = options
    signal?.throwIfAborted()
    const pool = await this.#getPool()
    const client = await acquireClient(pool, signal, this.#bounds.waits)
    const stopWatching = signal === undefined ? undefined : onAbort(signal, () => cancelOnServer(pool, client))
    let broken: Error | undefined
    const onConnectionError = (error: Error): void => {
      broken ??= error
    }
    client.on?.('error', onConnectionError)
    const submitted = new Cursor<R>(
      query.sql,
      query.parameters as unknown[],
      { types: POSTGRES_TYPE_PARSERS } as Cursor.CursorQueryConfig,
    )
    // pg arms its read timeout for a submittable that carries one, from submission over the whole stream: the bound
    // the pool's own query_timeout gave a stream before.
    const readTimeoutMs = this.#bounds.statements?.limitMs
    if (readTimeoutMs !== undefined) (submitted as unknown as { query_timeout: number }).query_timeout = readTimeoutMs
    // pg's client runs any "submittable"; the structural pool type does not declare that overload.
    const cursor = (client as unknown as { query(c: Cursor<R>): Cursor<R> }).query(submitted)
    let done = false
    try {
      while (!done) {
        const rows = await cursor.read(chunkSize)
        done = rows.length < chunkSize
        if (rows.length > 0) yield rows
      }
    } catch (error) {
      if (isBrokenConnection(error)) broken = toError(error)
      throw error
    } finally {
      stopWatching?.()
      if (!done && broken === undefined)
        await cursor.close().catch((error: unknown) => {
          broken = toError(error)
        })
      client.off?.('error', onConnectionError)
      releaseSession(client, broken, signal?.aborted === true)
    }
  }

  async destroy(): Promise<void> {
    const owned = this.#ownedPool
    this.#ownedPool = undefined
    this.#pool = undefined
    this.#openedPool = undefined
    this.#bounds.statements?.close()
    this.#bounds.waits?.close()
    this.#bounds = NO_BOUNDS
    if (owned !== undefined) await owned.end()
  }

  #getPool(): Promise<PostgresPool> {
    this.#pool ??= this.#openPool().then(
      (pool) => {
        if (this.#pool !== undefined) this.#openedPool = pool // not when destroyed meanwhile
        return pool
      },
      (error: unknown) => {
        this.#pool = undefined // a failed factory may succeed on the next attempt
        throw error
      },
    )
    return this.#pool
  }

  async #openPool(): Promise<PostgresPool> {
    const config = this.#config
    if ('pool' in config) return typeof config.pool === 'function' ? await config.pool() : config.pool
    // The read timeout and the wait for a session are kept by sweeps (see PoolBounds), not by pg's timer per call;
    // connecting a new session stays bounded by pg's own timer, which runs only when a connection is opened.
    const {
      query_timeout: readTimeoutMs,
      connectionTimeoutMillis: acquireTimeoutMs,
      ...settings
    } = buildPostgresPoolConfig(config.connection, config)
    const pool = new pg.Pool({
      ...settings,
      types: POSTGRES_TYPE_PARSERS,
      ...(acquireTimeoutMs === undefined ? {} : { Client: clientConnectingWithin(acquireTimeoutMs) }),
    })
    this.#bounds = {
      statements: readTimeoutMs === undefined ? undefined : new DeadlineSweep(readTimeoutMs),
      waits: acquireTimeoutMs === undefined ? undefined : new DeadlineSweep(acquireTimeoutMs),
    }
    // An idle client whose server went away emits 'error'; pg drops it and the next query connects afresh.
    pool.on('error', () => undefined)
    this.#ownedPool = pool
    return pool
  }

  /** One line for the start-up error: the socket error or the server's message, never the password. */
  #describeFailure(error: unknown): string {
    let detail = classifyPostgresError(error).message
    const password = 'connection' in this.#config ? this.#config.connection.password : undefined
    if (password !== undefined && password !== '') detail = detail.split(password).join('***')
    return detail
  }
}

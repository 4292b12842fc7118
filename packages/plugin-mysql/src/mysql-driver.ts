import { createRequire } from 'node:module'
import type { ConnectionOptions, ExecuteValues, Pool, PoolConnection } from 'mysql2/promise'
import { onAbort, SluiceError } from '@sluice/core/dialect'
import type {
  Abortable,
  CompiledQuery,
  Connection,
  Driver,
  QueryResult,
  TransactionOptions,
} from '@sluice/core/dialect'
import { buildMysqlPoolOptions } from './build-mysql-pool-options.js'
import type { MysqlDriverConfig } from './mysql-driver-config.js'
import { isBatch, splitBatch } from './sql/mysql-batch.js'
import { classifyMysqlError } from './sql/mysql-error-classifier.js'
import { MysqlServerInfo } from './sql/mysql-server.js'
import { readFatal, withDeadline } from './with-deadline.js'
import { withNumbers } from './with-numbers.js'

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, string> = {
  'read committed': 'READ COMMITTED',
  'repeatable read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
}

/**
 * Session settings applied to every pooled connection: page JSON is aggregated with GROUP_CONCAT, whose result
 * MySQL cuts at 1 KiB by default (MariaDB at 1 MiB).
 */
const SESSION_SETUP = 'SET SESSION group_concat_max_len = 1073741824'
/** How long after the statement limit the client stops waiting for a server that does not answer at all. */
const CLIENT_TIMEOUT_GRACE_MS = 2_000

type Runner = Pick<PoolConnection, 'execute' | 'query'>

/** The callback-style connection under a promise one: its `execute` can hand back the rows as a stream. */
interface StreamingConnection {
  execute(
    sql: string,
    values: unknown[],
  ): { stream(options: { objectMode: true; highWaterMark: number }): AsyncIterable<unknown> & { destroy(): void } }
}

/**
 * Runs statements on a mysql2 promise pool: the caller's (never ended here) or one it creates from connection
 * settings (ended by `destroy`). Statements are prepared server-side (`execute`) and cached per connection by mysql2.
 * A batch (several statements, see `mysql-batch.ts`) runs in one transaction on one connection. `init` asks the
 * server for `VERSION()` and records whether it is MySQL or MariaDB in the shared {@link MysqlServerInfo}.
 */
export class MysqlDriver implements Driver {
  readonly #config: MysqlDriverConfig
  readonly #server: MysqlServerInfo
  #pool: Promise<Pool> | undefined
  #ownedPool: Pool | undefined

  constructor(config: MysqlDriverConfig, server: MysqlServerInfo = new MysqlServerInfo()) {
    this.#config = config
    this.#server = server
  }

  async init(options: Abortable = {}): Promise<void> {
    try {
      const { rows } = await this.execute<{ version: string }>(
        { sql: 'SELECT VERSION() AS `version`', parameters: [] },
        options,
      )
      this.#server.detect(String(rows[0]?.version ?? ''))
    } catch (error) {
      if (options.signal?.aborted === true) throw error
      throw new SluiceError(
        'SLUICE_ERR_DATABASE_CONNECT',
        { engine: 'MySQL', detail: this.#describeFailure(error) },
        { cause: error },
      )
    }
  }

  async execute<R = Record<string, unknown>>(query: CompiledQuery, options: Abortable = {}): Promise<QueryResult<R>> {
    const { signal } = options
    signal?.throwIfAborted()
    if (isBatch(query.sql)) return this.transaction((connection) => connection.execute<R>(query, options), { signal })
    const client = await this.#acquire(signal)
    let broken = false
    try {
      return await this.#runCancellable<R>(client, query, signal)
    } catch (error) {
      broken = readFatal(error)
      throw error
    } finally {
      releaseConnection(client, broken, signal?.aborted === true)
    }
  }

  /**
   * A pooled connection, waiting at most the acquire timeout (mysql2's pool has none of its own) and no longer than
   * `signal` allows; a connection that arrives after the caller gave up goes straight back to the pool.
   */
  async #acquire(signal: AbortSignal | undefined): Promise<PoolConnection> {
    const pool = await this.#getPool()
    const timeoutMs = 'connection' in this.#config ? this.#config.acquireTimeoutMs : undefined
    const getting = pool.getConnection()
    if (timeoutMs === undefined && signal === undefined) return getting
    return new Promise<PoolConnection>((resolve, reject) => {
      let settled = false
      const giveUp = (reason: unknown): void => {
        if (settled) return
        settled = true
        cleanup()
        reject(reason)
        getting.then(
          (connection) => connection.release(),
          () => undefined,
        )
      }
      const timer =
        timeoutMs === undefined ? undefined : setTimeout(() => giveUp(new AcquireTimeoutError(timeoutMs)), timeoutMs)
      if (signal?.aborted === true) return giveUp(signal.reason)
      const stopWatching = signal === undefined ? undefined : onAbort(signal, () => giveUp(signal.reason))
      const cleanup = (): void => {
        if (timer !== undefined) clearTimeout(timer)
        stopWatching?.()
      }
      getting.then(
        (connection) => {
          if (settled) return
          settled = true
          cleanup()
          resolve(connection)
        },
        (error: unknown) => {
          if (settled) return
          settled = true
          cleanup()
          reject(error)
        },
      )
    })
  }

  /**
   * One statement (or batch) on `client`. When `signal` aborts (the client went away) while it runs, the server is
   * told to stop it (`KILL QUERY` on a connection of its own), and the call rejects with the signal's reason.
   */
  async #runCancellable<R>(
    client: PoolConnection,
    query: CompiledQuery,
    signal: AbortSignal | undefined,
  ): Promise<QueryResult<R>> {
    const timeoutMs =
      'connection' in this.#config && this.#config.statementTimeoutMs !== undefined
        ? this.#config.statementTimeoutMs + CLIENT_TIMEOUT_GRACE_MS
        : undefined
    if (signal === undefined) return runStatements<R>(client, query, timeoutMs)
    signal.throwIfAborted()
    const stopWatching = onAbort(signal, () => {
      void this.#killQuery(client)
    })
    try {
      return await runStatements<R>(client, query, timeoutMs)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw error
    } finally {
      stopWatching()
    }
  }

  /** `KILL QUERY <thread>` over a short-lived connection (it works while every pooled one is busy). Best effort. */
  async #killQuery(client: PoolConnection): Promise<void> {
    if (!('connection' in this.#config)) return
    const threadId =
      (client as unknown as { threadId?: number }).threadId ??
      (client as unknown as { connection?: { threadId?: number } }).connection?.threadId
    if (typeof threadId !== 'number') return
    killedConnections.add(client)
    try {
      const killer = await loadMysql2().createConnection(
        buildMysqlPoolOptions(this.#config.connection, this.#config) as ConnectionOptions,
      )
      try {
        await killer.query(`KILL QUERY ${threadId}`)
      } finally {
        await killer.end()
      }
    } catch {
      // The statement ends anyway at the statement timeout.
    }
  }

  async transaction<T>(fn: (connection: Connection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const { signal, isolation } = options
    signal?.throwIfAborted()
    const client = await this.#acquire(signal)
    let broken = false
    try {
      signal?.throwIfAborted()
      // SET TRANSACTION applies to the next transaction only.
      if (isolation !== undefined)
        await this.#control(client, `SET TRANSACTION ISOLATION LEVEL ${ISOLATION[isolation]}`)
      await this.#control(client, 'START TRANSACTION')
      const connection: Connection = {
        execute: <R>(query: CompiledQuery, o: Abortable = {}) =>
          this.#runCancellable<R>(client, query, o.signal ?? signal),
      }
      const result = await fn(connection)
      await this.#control(client, 'COMMIT')
      return result
    } catch (error) {
      if (classifyMysqlError(error).kind === 'unavailable' && readFatal(error)) broken = true
      try {
        await this.#control(client, 'ROLLBACK')
      } catch {
        broken = true
      }
      throw error
    } finally {
      releaseConnection(client, broken)
    }
  }

  /** A transaction-control statement, under the same deadline as statements when a statement timeout is set. */
  async #control(client: PoolConnection, sql: string): Promise<void> {
    const timeoutMs =
      'connection' in this.#config && this.#config.statementTimeoutMs !== undefined
        ? this.#config.statementTimeoutMs + CLIENT_TIMEOUT_GRACE_MS
        : undefined
    await (timeoutMs === undefined ? client.query(sql) : withDeadline(client.query(sql), timeoutMs))
  }

  /**
   * Rows in chunks of `chunkSize` from one server-side prepared statement whose result is read as a stream (mysql2
   * pauses the socket when the consumer falls behind). The session is held until the last row is read; when the
   * consumer stops early (a client that goes away) the unread result cannot be skipped on the wire, so that
   * connection is closed instead of returned to the pool.
   */
  async *stream<R = Record<string, unknown>>(
    query: CompiledQuery,
    chunkSize: number,
    options: Abortable = {},
  ): AsyncIterable<readonly R[]> {
    const { signal } = options
    signal?.throwIfAborted()
    const client = await this.#acquire(signal)
    const stopWatching =
      signal === undefined
        ? undefined
        : onAbort(signal, () => {
            void this.#killQuery(client)
          })
    const core = (client as unknown as { connection: StreamingConnection }).connection
    const rows = core
      .execute(query.sql, query.parameters as unknown[])
      .stream({ objectMode: true, highWaterMark: chunkSize })
    let finished = false
    try {
      let chunk: R[] = []
      for await (const row of rows) {
        chunk.push(row as R)
        if (chunk.length >= chunkSize) {
          yield chunk
          chunk = []
        }
      }
      finished = true
      if (chunk.length > 0) yield chunk
    } finally {
      stopWatching?.()
      if (finished) releaseConnection(client, false, signal?.aborted === true)
      else {
        rows.destroy()
        client.destroy()
      }
    }
  }

  async destroy(): Promise<void> {
    const owned = this.#ownedPool
    this.#ownedPool = undefined
    this.#pool = undefined
    // mysql2's end() rejects with the error of a connection still being opened (a database that hangs on connect);
    // the pool is gone either way, and shutting down must not fail over it.
    if (owned !== undefined) await owned.end().catch(() => undefined)
  }

  #getPool(): Promise<Pool> {
    this.#pool ??= this.#openPool().catch((error: unknown) => {
      this.#pool = undefined // a failed factory may succeed on the next attempt
      throw error
    })
    return this.#pool
  }

  async #openPool(): Promise<Pool> {
    const config = this.#config
    if ('pool' in config) return typeof config.pool === 'function' ? await config.pool() : config.pool
    const pool = loadMysql2().createPool(buildMysqlPoolOptions(config.connection, config))
    // Queued before any statement on the new connection, so it always applies first.
    const timeoutMs = config.statementTimeoutMs
    pool.pool.on('connection', (connection) => {
      connection.query(SESSION_SETUP, () => undefined)
      if (timeoutMs === undefined) return
      // MariaDB knows max_statement_time (seconds, every statement), MySQL max_execution_time (ms, SELECTs): the
      // server that does not know one refuses it, and that refusal is ignored.
      connection.query(`SET SESSION max_statement_time = ${timeoutMs / 1000}`, () => undefined)
      connection.query(`SET SESSION max_execution_time = ${Math.round(timeoutMs)}`, () => undefined)
    })
    this.#ownedPool = pool
    return pool
  }

  /** One line for the start-up error: the socket error or the server's message, never the password. */
  #describeFailure(error: unknown): string {
    let detail = classifyMysqlError(error).message
    const password = 'connection' in this.#config ? this.#config.connection.password : undefined
    if (password !== undefined && password !== '') detail = detail.split(password).join('***')
    return detail
  }
}

/** A statement, or a batch's steps in order on this connection (the caller holds the transaction). */
async function runStatements<R>(target: Runner, query: CompiledQuery, timeoutMs?: number): Promise<QueryResult<R>> {
  if (!isBatch(query.sql)) return runQuery<R>(target, query, timeoutMs)
  let result: QueryResult<R> = { rows: [] }
  for (const step of splitBatch(query.sql, query.parameters)) {
    if (step.onlyIfFound && (result.affectedRows ?? result.rows.length) === 0) return { rows: [] }
    result = await runQuery<R>(target, { sql: step.sql, parameters: step.parameters }, timeoutMs)
  }
  return result
}

/**
 * One statement. `timeoutMs`: the client stops waiting (mysql2 closes the connection) when the server does not answer
 * at all — a hung host; the server's own statement limit normally ends the statement first.
 */
async function runQuery<R>(
  target: Pick<Runner, 'execute'>,
  query: CompiledQuery,
  timeoutMs?: number,
): Promise<QueryResult<R>> {
  const [result, fields] =
    timeoutMs === undefined
      ? await target.execute(query.sql, query.parameters as ExecuteValues[])
      : await withDeadline(
          target.execute({ sql: query.sql, values: query.parameters as ExecuteValues[], timeout: timeoutMs }),
          timeoutMs,
        )
  if (Array.isArray(result)) {
    // CALL answers with its result sets, then a status: the first result set is what a procedure returns. Its rows
    // are not JSON built by the server, so exact numbers kept as text are given back as numbers here.
    if (Array.isArray(result[0]))
      return {
        rows: withNumbers(result[0] as Record<string, unknown>[], (fields as unknown[] | undefined)?.[0]) as R[],
      }
    return { rows: result as unknown as R[] }
  }
  const header = result as { affectedRows?: number }
  return { rows: [], affectedRows: header.affectedRows }
}

/**
 * Connections a `KILL QUERY` was sent for. It travels on a connection of its own (opened for it) and may reach the
 * server after the statement it was meant for has ended; a connection handed to the next request meanwhile would have
 * that request's statement killed. So such a connection is closed instead of returned (only after a client went
 * away mid-statement).
 */
const killedConnections = new WeakSet<PoolConnection>()

/**
 * Returns `client` to the pool, or closes it when it broke or a `KILL QUERY` for it may still arrive.
 * `mayBeKilled` false (its request's signal never aborted, so no kill was sent) skips the lookup.
 */
function releaseConnection(client: PoolConnection, broken: boolean, mayBeKilled = true): void {
  if (broken || (mayBeKilled && killedConnections.has(client))) client.destroy()
  else client.release()
}

/** No pooled connection within the acquire timeout: the database is saturated (a 503, classified unavailable). */
class AcquireTimeoutError extends Error {
  readonly code = 'POOL_ACQUIRE_TIMEOUT'
  constructor(timeoutMs: number) {
    super(`no pooled connection became free within ${timeoutMs} ms`)
  }
}

type Mysql2 = typeof import('mysql2/promise')
const require = createRequire(import.meta.url)
let mysql2: Mysql2 | undefined

/** mysql2, loaded when a pool is first created (it is CommonJS): other servers never load it (about 17 MB). */
function loadMysql2(): Mysql2 {
  return (mysql2 ??= require('mysql2/promise') as Mysql2)
}

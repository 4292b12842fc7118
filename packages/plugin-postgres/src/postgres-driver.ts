import pg from 'pg'
import Cursor from 'pg-cursor'
import { onAbort, SluiceError } from '@sluice/core/dialect'
import type { Abortable, CompiledQuery, Connection, Driver, QueryResult, TransactionOptions } from '@sluice/core/dialect'
import { buildPostgresPoolConfig } from './build-postgres-pool-config.js'
import { cancelOnServer, releaseSession } from './cancel-on-server.js'
import { checkOut, clientConnectingWithin } from './check-out-session.js'
import { DeadlineSweep, type Watch } from './deadline-sweep.js'
import type {
  PostgresQueryConfig,
  PostgresDriverConfig, PostgresPool, PostgresPoolClient, PostgresQueryResult, PostgresTypeParsers,
} from './postgres-driver-config.js'
import { isPgClient, sendPgQuery, submitPgQuery, type PgQueryCallback } from './send-pg-query.js'
import { CLIENT_TIMEOUT_MESSAGE, classifyPostgresError } from './sql/postgres-error-classifier.js'

/** Types returned as their PostgreSQL text: no `Date` conversion (no time-zone shifts), no precision loss. */
const TEXT_TYPES = new Set([
  20, // int8
  1700, // numeric
  1082, // date
  1083, // time
  1114, // timestamp
  1184, // timestamptz
  1186, // interval (pg would make an object; PGlite and the `string` scalar keep text)
  1266, // timetz
])
/** Arrays of the types above, parsed element-wise as text. */
const TEXT_ARRAY_TYPES = new Set([1016, 1231, 1182, 1183, 1115, 1185, 1187, 1270])

const keepText = (value: string): string => value
const getPgTypeParser = pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown
const parseTextArray = getPgTypeParser(1009, 'text') // text[]

/** `pg` type parsing with dates, times, int8 and numeric kept as strings; other types as `pg` parses them. */
export const POSTGRES_TYPE_PARSERS: PostgresTypeParsers = {
  getTypeParser(oid: number, format?: string) {
    if (format !== 'binary') {
      if (TEXT_TYPES.has(oid)) return keepText
      if (TEXT_ARRAY_TYPES.has(oid)) return parseTextArray
    }
    return getPgTypeParser(oid, format)
  },
}

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, string> = {
  'read committed': 'READ COMMITTED',
  'repeatable read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
}

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

/**
 * The client-side bounds of a pool the driver owns, kept by one sweep each instead of pg's timer per statement and
 * pg-pool's timer per checkout. A caller's own pool keeps whatever bounds its settings give it.
 */
interface PoolBounds {
  /** How long a statement may go unanswered: the statement timeout and a grace (pg's `query_timeout`). */
  readonly statements: DeadlineSweep | undefined
  /** How long a request may wait for a pooled session (pg-pool's `connectionTimeoutMillis`). */
  readonly waits: DeadlineSweep | undefined
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
      throw new SluiceError('SLUICE_ERR_DATABASE_CONNECT', { engine: 'PostgreSQL', detail: this.#describeFailure(error) }, { cause: error })
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
  async #runCancellable<R>(pool: PostgresPool, client: PostgresPoolClient, query: CompiledQuery, signal: AbortSignal): Promise<QueryResult<R>> {
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
      await runQuery(client, { sql: isolation === undefined ? 'BEGIN' : `BEGIN ISOLATION LEVEL ${ISOLATION[isolation]}`, parameters: [] }, readTimeoutMs)
      const connection: Connection = {
        execute: <R>(query: CompiledQuery, o: Abortable = {}) => {
          const abortable = o.signal ?? signal
          return abortable === undefined ? runQuery<R>(client, query, readTimeoutMs) : this.#runCancellable<R>(pool, client, query, abortable)
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
  async *stream<R = Record<string, unknown>>(query: CompiledQuery, chunkSize: number, options: Abortable = {}): AsyncIterable<readonly R[]> {
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
    const submitted = new Cursor<R>(query.sql, query.parameters as unknown[], { types: POSTGRES_TYPE_PARSERS } as Cursor.CursorQueryConfig)
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
      if (!done && broken === undefined) await cursor.close().catch((error: unknown) => { broken = toError(error) })
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
    this.#pool ??= this.#openPool().then((pool) => {
      if (this.#pool !== undefined) this.#openedPool = pool // not when destroyed meanwhile
      return pool
    }, (error: unknown) => {
      this.#pool = undefined // a failed factory may succeed on the next attempt
      throw error
    })
    return this.#pool
  }

  async #openPool(): Promise<PostgresPool> {
    const config = this.#config
    if ('pool' in config) return typeof config.pool === 'function' ? await config.pool() : config.pool
    // The read timeout and the wait for a session are kept by sweeps (see PoolBounds), not by pg's timer per call;
    // connecting a new session stays bounded by pg's own timer, which runs only when a connection is opened.
    const { query_timeout: readTimeoutMs, connectionTimeoutMillis: acquireTimeoutMs, ...settings } = buildPostgresPoolConfig(config.connection, config)
    const pool = new pg.Pool({
      ...settings, types: POSTGRES_TYPE_PARSERS, ...(acquireTimeoutMs === undefined ? {} : { Client: clientConnectingWithin(acquireTimeoutMs) }),
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

type Queryable = Pick<PostgresPoolClient, 'query'>

/** One statement on a held session; `readTimeoutMs` arms pg's own read timeout for it (paths off the request's way). */
async function runQuery<R>(target: Queryable, query: CompiledQuery, readTimeoutMs?: number): Promise<QueryResult<R>> {
  return toQueryResult(await sendQuery<R>(target, query, readTimeoutMs))
}

function sendQuery<R>(target: Queryable, query: CompiledQuery, readTimeoutMs?: number): Promise<PostgresQueryResult<R>> {
  const values = query.parameters as unknown[]
  if (isPgClient(target)) return sendPgQuery<R>(target, query.sql, values, query.name, POSTGRES_TYPE_PARSERS, readTimeoutMs)
  return target.query<R>(toQueryConfig(query))
}

function submitQuery<R>(target: Queryable, query: CompiledQuery, callback: PgQueryCallback<R>): void {
  if (isPgClient(target)) return submitPgQuery<R>(target, query.sql, query.parameters as unknown[], query.name, POSTGRES_TYPE_PARSERS, callback)
  target.query<R>(toQueryConfig(query)).then((result) => callback(undefined, result), (error: unknown) => callback(toError(error)))
}

function toQueryConfig(query: CompiledQuery): PostgresQueryConfig {
  // Built without spreads: V8 takes a slow path for `{ ...x, y }` (microseconds per request, measured).
  const values = query.parameters as unknown[]
  return query.name === undefined
    ? { text: query.sql, values, types: POSTGRES_TYPE_PARSERS }
    : { text: query.sql, values, name: query.name, types: POSTGRES_TYPE_PARSERS }
}

/**
 * One statement on a pooled session, in one promise: the path of every request. With a `signal` (a request that may
 * be abandoned): while the request waits for a session, an abort stops the wait (a session that arrives later goes
 * straight back); while the statement runs, an abort asks PostgreSQL to cancel it (a CancelRequest on a connection of
 * its own, so it works when every pooled session is busy) and the call rejects with the signal's reason once the
 * statement has stopped. `bounds` limit the wait and the statement (see PoolBounds). A session whose connection broke,
 * or whose statement went unanswered past its bound, is discarded rather than returned.
 */
function executePooled<R>(pool: PostgresPool, query: CompiledQuery, signal: AbortSignal | undefined, bounds: PoolBounds): Promise<QueryResult<R>> {
  if (signal?.aborted === true) return Promise.reject(signal.reason as Error) // it may have left while the pool opened
  return new Promise<QueryResult<R>>((resolve, reject) => {
    let held: PostgresPoolClient | undefined
    const stopWatching = signal === undefined ? undefined : onAbort(signal, () => {
      if (held === undefined) reject(signal.reason)
      else cancelOnServer(pool, held)
    })
    checkOut(pool, bounds.waits, (connectError, client) => {
      if (client === undefined) {
        stopWatching?.()
        reject(connectError)
        return
      }
      if (signal?.aborted === true) { // the request is gone (its promise already rejected)
        stopWatching?.()
        client.release()
        return
      }
      held = client
      let broken: Error | undefined
      let settled = false
      let deadline: Watch | undefined
      // A checked-out client emits 'error' when its connection drops; unheard, Node would crash the process.
      const onConnectionError = (error: Error): void => { broken ??= error }
      client.on?.('error', onConnectionError)
      const finish = (error: Error | undefined, result?: PostgresQueryResult<R>): void => {
        if (settled) return // a statement past its bound still ends (in error) once its session is discarded
        settled = true
        if (deadline !== undefined) bounds.statements!.unwatch(deadline)
        stopWatching?.()
        const aborted = signal?.aborted === true
        // A statement cancelled because its client left is not an error of the database (releaseSession discards the session).
        const cancelled = error !== undefined && aborted
        if (error !== undefined && !cancelled && isBrokenConnection(error)) broken ??= error
        client.off?.('error', onConnectionError)
        releaseSession(client, broken, aborted)
        // The session is back in the pool, and a statement waiting for one already sent on it; the caller hears of the
        // result in the check phase, once every other answer of this poll has freed its session the same way. Under
        // load, sessions then start their next statements before any request builds its response, rather than one
        // response's worth of work later each (a PATCH load: 3,665 -> 3,970 req/s; see docs/benchmarks.md).
        if (error === undefined) setImmediate(resolve, toQueryResult(result!))
        else setImmediate(reject, cancelled ? signal!.reason : error)
      }
      // pg's message for its own read timeout, which isBrokenConnection and the error classifier know.
      if (bounds.statements !== undefined) deadline = bounds.statements.watch(() => { finish(new Error(CLIENT_TIMEOUT_MESSAGE)) })
      try {
        submitQuery<R>(client, query, finish)
      } catch (error) {
        finish(toError(error))
      }
    })
  })
}

/**
 * A pooled session for a transaction or a stream: waiting stops when `signal` aborts or `waits` runs out, and a
 * session that arrives afterwards goes straight back to the pool.
 */
function acquireClient(pool: PostgresPool, signal: AbortSignal | undefined, waits: DeadlineSweep | undefined): Promise<PostgresPoolClient> {
  signal?.throwIfAborted()
  return new Promise<PostgresPoolClient>((resolve, reject) => {
    const stopWatching = signal === undefined ? undefined : onAbort(signal, () => reject(signal.reason))
    checkOut(pool, waits, (error, client) => {
      stopWatching?.()
      if (client === undefined) reject(error)
      else if (signal?.aborted === true) client.release() // the request is gone (its promise already rejected)
      else resolve(client)
    })
  })
}

function toQueryResult<R>(result: PostgresQueryResult<R>): QueryResult<R> {
  const affectedRows = DML_COMMANDS.has(result.command) && result.rowCount !== null ? result.rowCount : undefined
  return { rows: result.rows, affectedRows }
}

/** The session cannot be reused: it is lost, or still busy with a statement the client stopped waiting for. */
function isBrokenConnection(error: unknown): boolean {
  return classifyPostgresError(error).kind === 'unavailable' || (error instanceof Error && error.message === CLIENT_TIMEOUT_MESSAGE)
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}

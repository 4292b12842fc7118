import { onAbort } from '@sluice/core/dialect'
import type { CompiledQuery, QueryResult } from '@sluice/core/dialect'
import { cancelOnServer, releaseSession } from './cancel-on-server.js'
import { checkOut } from './check-out-session.js'
import { DeadlineSweep, type Watch } from './deadline-sweep.js'
import type {
  PostgresQueryConfig,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
} from './postgres-driver-config.js'
import { isPgClient, sendPgQuery, submitPgQuery, type PgQueryCallback } from './send-pg-query.js'
import { CLIENT_TIMEOUT_MESSAGE, classifyPostgresError } from './sql/postgres-error-classifier.js'
import { POSTGRES_TYPE_PARSERS } from './postgres-type-parsers.js'

// How the driver runs one statement: on a pooled session within its bounds (`executePooled`), on a session it
// holds (`runQuery`), and how pg's results and errors read.

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

/**
 * The client-side bounds of a pool the driver owns, kept by one sweep each instead of pg's timer per statement and
 * pg-pool's timer per checkout. A caller's own pool keeps whatever bounds its settings give it.
 */
export interface PoolBounds {
  /** How long a statement may go unanswered: the statement timeout and a grace (pg's `query_timeout`). */
  readonly statements: DeadlineSweep | undefined
  /** How long a request may wait for a pooled session (pg-pool's `connectionTimeoutMillis`). */
  readonly waits: DeadlineSweep | undefined
}

export type Queryable = Pick<PostgresPoolClient, 'query'>

/** One statement on a held session; `readTimeoutMs` arms pg's own read timeout for it (paths off the request's way). */
export async function runQuery<R>(
  target: Queryable,
  query: CompiledQuery,
  readTimeoutMs?: number,
): Promise<QueryResult<R>> {
  return toQueryResult(await sendQuery<R>(target, query, readTimeoutMs))
}

export function sendQuery<R>(
  target: Queryable,
  query: CompiledQuery,
  readTimeoutMs?: number,
): Promise<PostgresQueryResult<R>> {
  const values = query.parameters as unknown[]
  if (isPgClient(target))
    return sendPgQuery<R>(target, query.sql, values, query.name, POSTGRES_TYPE_PARSERS, readTimeoutMs)
  return target.query<R>(toQueryConfig(query))
}

export function submitQuery<R>(target: Queryable, query: CompiledQuery, callback: PgQueryCallback<R>): void {
  if (isPgClient(target))
    return submitPgQuery<R>(
      target,
      query.sql,
      query.parameters as unknown[],
      query.name,
      POSTGRES_TYPE_PARSERS,
      callback,
    )
  target.query<R>(toQueryConfig(query)).then(
    (result) => callback(undefined, result),
    (error: unknown) => callback(toError(error)),
  )
}

export function toQueryConfig(query: CompiledQuery): PostgresQueryConfig {
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
export function executePooled<R>(
  pool: PostgresPool,
  query: CompiledQuery,
  signal: AbortSignal | undefined,
  bounds: PoolBounds,
): Promise<QueryResult<R>> {
  if (signal?.aborted === true) return Promise.reject(signal.reason as Error) // it may have left while the pool opened
  return new Promise<QueryResult<R>>((resolve, reject) => {
    let held: PostgresPoolClient | undefined
    const stopWatching =
      signal === undefined
        ? undefined
        : onAbort(signal, () => {
            if (held === undefined) reject(signal.reason)
            else cancelOnServer(pool, held)
          })
    checkOut(pool, bounds.waits, (connectError, client) => {
      if (client === undefined) {
        stopWatching?.()
        reject(connectError)
        return
      }
      if (signal?.aborted === true) {
        // the request is gone (its promise already rejected)
        stopWatching?.()
        client.release()
        return
      }
      held = client
      let broken: Error | undefined
      let settled = false
      let deadline: Watch | undefined
      // A checked-out client emits 'error' when its connection drops; unheard, Node would crash the process.
      const onConnectionError = (error: Error): void => {
        broken ??= error
      }
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
      if (bounds.statements !== undefined)
        deadline = bounds.statements.watch(() => {
          finish(new Error(CLIENT_TIMEOUT_MESSAGE))
        })
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
export function acquireClient(
  pool: PostgresPool,
  signal: AbortSignal | undefined,
  waits: DeadlineSweep | undefined,
): Promise<PostgresPoolClient> {
  signal?.throwIfAborted()
  return new Promise<PostgresPoolClient>((resolve, reject) => {
    const stopWatching = signal === undefined ? undefined : onAbort(signal, () => reject(signal.reason))
    checkOut(pool, waits, (error, client) => {
      stopWatching?.()
      if (client === undefined) reject(error)
      else if (signal?.aborted === true)
        client.release() // the request is gone (its promise already rejected)
      else resolve(client)
    })
  })
}

export function toQueryResult<R>(result: PostgresQueryResult<R>): QueryResult<R> {
  const affectedRows = DML_COMMANDS.has(result.command) && result.rowCount !== null ? result.rowCount : undefined
  return { rows: result.rows, affectedRows }
}

/** The session cannot be reused: it is lost, or still busy with a statement the client stopped waiting for. */
export function isBrokenConnection(error: unknown): boolean {
  return (
    classifyPostgresError(error).kind === 'unavailable' ||
    (error instanceof Error && error.message === CLIENT_TIMEOUT_MESSAGE)
  )
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}

import pg from 'pg'
import type { PostgresQueryResult, PostgresTypeParsers } from './postgres-driver-config.js'

/** The fields of pg's Query this module sets after constructing one (public fields, plus the result's parsers). */
interface QueryFields {
  name?: string | undefined
  types?: PostgresTypeParsers
  callback?: (error: Error | null, result: PostgresQueryResult<never>) => void
  /** Read by pg from a submitted query before its connection's own setting: arms pg's read timeout for this query. */
  query_timeout?: number
  _result: { _types?: PostgresTypeParsers }
}

/** Called once with the statement's result or its error. */
export type PgQueryCallback<R> = (error: Error | undefined, result?: PostgresQueryResult<R>) => void

/**
 * Sends one statement on a checked-out `pg` client. Equivalent to `client.query({ text, values, name, types })`
 * without two costs pg adds to every call of that form: a copy of the config through property descriptors
 * (microseconds per request, measured) and a second promise that rewrites the stack of a failure. The Query is built
 * from the text alone — the form pg takes without copying — and handed to `client.query` as a ready query, which pg
 * submits as is (its read timeout, queue and errors apply unchanged).
 */
export function submitPgQuery<R>(
  client: pg.Client,
  text: string,
  values: unknown[],
  name: string | undefined,
  types: PostgresTypeParsers,
  callback: PgQueryCallback<R>,
  readTimeoutMs?: number,
): void {
  const query = new pg.Query(text, values) as unknown as QueryFields
  if (name !== undefined) query.name = name
  if (readTimeoutMs !== undefined) query.query_timeout = readTimeoutMs
  query.types = types
  query._result._types = types
  query.callback = (error, result) => {
    if (error === null || error === undefined) callback(undefined, result as PostgresQueryResult<R>)
    else callback(error)
  }
  client.query(query as unknown as pg.Query)
}

/** `submitPgQuery` as a promise. */
export function sendPgQuery<R>(
  client: pg.Client,
  text: string,
  values: unknown[],
  name: string | undefined,
  types: PostgresTypeParsers,
  readTimeoutMs?: number,
): Promise<PostgresQueryResult<R>> {
  return new Promise((resolve, reject) => {
    submitPgQuery<R>(
      client,
      text,
      values,
      name,
      types,
      (error, result) => (error === undefined ? resolve(result!) : reject(error)),
      readTimeoutMs,
    )
  })
}

/** Whether `target` is a client of the `pg` this package uses (a caller's pool may hand out look-alikes). */
export function isPgClient(target: unknown): target is pg.Client {
  return target instanceof pg.Client
}

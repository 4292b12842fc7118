import type { DatabaseErrorClassification } from '@sluice/core/dialect'

type Kind = DatabaseErrorClassification['kind']

const BY_SQLSTATE: Readonly<Record<string, Kind>> = {
  '23505': 'unique',
  '23502': 'not-null',
  '23503': 'foreign-key',
  '23514': 'check',
  '42804': 'invalid-input', // datatype_mismatch
  '55000': 'not-writable', // object_not_in_prerequisite_state: "cannot insert into view"
  '428C9': 'not-writable', // generated_always: a value for a GENERATED ALWAYS column
  '0A000': 'not-writable', // feature_not_supported, e.g. writes a view's rules cannot perform
  '57P01': 'unavailable', // admin_shutdown
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now
  '53300': 'unavailable', // too_many_connections
  '53400': 'unavailable', // configuration_limit_exceeded
}

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])

/**
 * Messages `pg` and `pg-pool` raise without a code when a connection is lost or cannot be had in time (pg's own
 * bound on opening a connection says 'timeout expired').
 */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^timeout expired$/i,
]
/** `pg`'s client-side query_timeout: the server did not answer within the statement timeout and its grace. */
export const CLIENT_TIMEOUT_MESSAGE = 'Query read timeout'

const MAX_MESSAGE_LENGTH = 500
/** A server error's SQLSTATE (five digits or capitals), not Node's socket codes (`ECONNREFUSED`). */
const SQLSTATE = /^[0-9A-Z]{5}$/

/**
 * Sorts an error thrown by `pg` or PGlite (both carry the SQLSTATE in `code`, socket errors carry Node's `E…` code)
 * into the classes core maps to statuses. The message is the SQLSTATE, the engine's first message line and its `detail`, kept
 * short so stack traces and minified sources never reach it.
 */
export function classifyPostgresError(error: unknown): DatabaseErrorClassification {
  return { kind: classifyKind(error), message: describeError(error) }
}

function classifyKind(error: unknown): Kind {
  const code = readString(error, 'code')
  // query_canceled: by statement_timeout (the message says so), or at the driver's request for a departed client.
  if (code === '57014') return /statement timeout/i.test(readString(error, 'message') ?? '') ? 'timeout' : 'other'
  if (code !== undefined) {
    const known = BY_SQLSTATE[code]
    if (known !== undefined) return known
    if (code.startsWith('22')) return 'invalid-input'
    // program_limit_exceeded: a value too large for an index row, a statement too complex — caused by the input.
    if (code.startsWith('54')) return 'invalid-input'
    if (code.startsWith('08')) return 'unavailable'
    if (SOCKET_CODES.has(code)) return 'unavailable'
  }
  const message = readString(error, 'message') ?? ''
  if (message === CLIENT_TIMEOUT_MESSAGE) return 'timeout'
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable'
  return 'other'
}

function describeError(error: unknown): string {
  const message = firstLine(readMessage(error))
  // `23503: insert or update …`, as Npgsql words a server error (and Data API builder's tests expect it).
  const code = readString(error, 'code')
  const coded = code !== undefined && SQLSTATE.test(code) ? `${code}: ${message}` : message
  const detail = readString(error, 'detail')
  const text = detail === undefined || detail === '' ? coded : `${coded} (${firstLine(detail)})`
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text
}

/** The error's own message; for Node's AggregateError (empty message) the first inner error's, else the code. */
function readMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error)
  const message = readString(error, 'message')
  if (message !== undefined && message !== '') return message
  const inner = (error as { errors?: unknown }).errors
  if (Array.isArray(inner) && inner.length > 0) return readMessage(inner[0])
  return readString(error, 'code') ?? String(error)
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? ''
  return line.trim()
}

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' ? field : undefined
}

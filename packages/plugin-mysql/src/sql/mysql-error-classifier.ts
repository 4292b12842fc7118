import type { DatabaseErrorClassification } from '@sluice/core/dialect'

type Kind = DatabaseErrorClassification['kind']

/** Server error numbers (`errno`), the same on MySQL and MariaDB unless noted. */
const BY_ERRNO: Readonly<Record<number, Kind>> = {
  1062: 'unique', // ER_DUP_ENTRY
  1586: 'unique', // ER_DUP_ENTRY_WITH_KEY_NAME
  1048: 'not-null', // ER_BAD_NULL_ERROR
  1364: 'not-null', // ER_NO_DEFAULT_FOR_FIELD
  1216: 'foreign-key', // ER_NO_REFERENCED_ROW
  1217: 'foreign-key', // ER_ROW_IS_REFERENCED
  1451: 'foreign-key', // ER_ROW_IS_REFERENCED_2
  1452: 'foreign-key', // ER_NO_REFERENCED_ROW_2
  3819: 'check', // ER_CHECK_CONSTRAINT_VIOLATED (MySQL)
  4025: 'check', // ER_CONSTRAINT_FAILED (MariaDB)
  1264: 'invalid-input', // ER_WARN_DATA_OUT_OF_RANGE
  1265: 'invalid-input', // WARN_DATA_TRUNCATED
  1292: 'invalid-input', // ER_TRUNCATED_WRONG_VALUE (bad date, bad number text)
  1366: 'invalid-input', // ER_TRUNCATED_WRONG_VALUE_FOR_FIELD
  1367: 'invalid-input', // ER_ILLEGAL_VALUE_FOR_TYPE
  1406: 'invalid-input', // ER_DATA_TOO_LONG
  1411: 'invalid-input', // ER_WRONG_VALUE_FOR_TYPE
  1690: 'invalid-input', // ER_DATA_OUT_OF_RANGE
  1365: 'invalid-input', // ER_DIVISION_BY_ZERO
  3140: 'invalid-input', // ER_INVALID_JSON_TEXT (MySQL)
  4038: 'invalid-input', // ER_JSON_SYNTAX (MariaDB)
  1288: 'not-writable', // ER_NON_UPDATABLE_TABLE
  1471: 'not-writable', // ER_NON_INSERTABLE_TABLE
  1348: 'not-writable', // ER_NONUPDATEABLE_COLUMN
  1393: 'not-writable', // ER_VIEW_MULTIUPDATE
  1394: 'not-writable', // ER_VIEW_NO_INSERT_FIELD_LIST
  1395: 'not-writable', // ER_VIEW_DELETE_MERGE_VIEW
  3105: 'not-writable', // ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN (MySQL)
  1906: 'not-writable', // ER_WARNING_NON_DEFAULT_VALUE_FOR_VIRTUAL_COLUMN (MariaDB)
  1969: 'timeout', // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
  3024: 'timeout', // ER_QUERY_TIMEOUT (MySQL max_execution_time)
  1040: 'unavailable', // ER_CON_COUNT_ERROR
  1053: 'unavailable', // ER_SERVER_SHUTDOWN
  1205: 'unavailable', // ER_LOCK_WAIT_TIMEOUT: the row stays locked by another session; retry later
  1213: 'unavailable', // ER_LOCK_DEADLOCK: rolled back by the server; the request may be retried
  2006: 'unavailable', // CR_SERVER_GONE_ERROR
  2013: 'unavailable', // CR_SERVER_LOST
  4031: 'unavailable', // ER_CLIENT_INTERACTION_TIMEOUT
}

/** Client-side codes: sockets, and mysql2's own connection states. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'POOL_CLOSED',
  'POOL_ENQUEUELIMIT',
  'POOL_ACQUIRE_TIMEOUT',
])

const MAX_MESSAGE_LENGTH = 500

/**
 * Sorts an error thrown by mysql2 (server errors carry `errno` and `sqlState`, socket errors Node's `E…` code) into
 * the classes core maps to statuses. The message is the server's first line, kept short.
 */
export function classifyMysqlError(error: unknown): DatabaseErrorClassification {
  return { kind: classifyKind(error), message: describeError(error) }
}

function classifyKind(error: unknown): Kind {
  const errno = readField(error, 'errno')
  if (typeof errno === 'number') {
    const known = BY_ERRNO[errno]
    if (known !== undefined) return known
  }
  const code = readField(error, 'code')
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return 'unavailable'
  const sqlState = readField(error, 'sqlState')
  if (typeof sqlState === 'string') {
    if (sqlState.startsWith('22')) return 'invalid-input'
    if (sqlState.startsWith('08')) return 'unavailable'
    if (sqlState === '23000') return 'check' // other integrity violations
  }
  if (readField(error, 'fatal') === true) return 'unavailable'
  return 'other'
}

function describeError(error: unknown): string {
  let message: string
  if (typeof error !== 'object' || error === null) message = String(error)
  else {
    const own = readField(error, 'message')
    const inner = (error as { errors?: unknown }).errors
    message =
      typeof own === 'string' && own !== ''
        ? own
        : Array.isArray(inner) && inner.length > 0
          ? describeError(inner[0])
          : String(readField(error, 'code') ?? error)
  }
  const line = (message.split('\n', 1)[0] ?? '').trim()
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : line
}

function readField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

import type { DatabaseErrorClassification } from '@sluice/core/dialect'

type Kind = DatabaseErrorClassification['kind']

/** SQL Server error numbers (sys.messages) by the class core maps to a status. 547 is told apart by its message. */
const BY_NUMBER: Readonly<Record<number, Kind>> = {
  2627: 'unique', // Violation of PRIMARY KEY / UNIQUE KEY constraint
  2601: 'unique', // Cannot insert duplicate key row … with unique index
  515: 'not-null', // Cannot insert the value NULL into column …
  // Conversion and range failures caused by a value.
  245: 'invalid-input', // Conversion failed when converting the varchar value … to data type int
  8114: 'invalid-input', // Error converting data type … to …
  8115: 'invalid-input', // Arithmetic overflow error converting … to data type …
  220: 'invalid-input', // Arithmetic overflow error for data type …
  232: 'invalid-input', // Arithmetic overflow error for type …
  241: 'invalid-input', // Conversion failed when converting date and/or time from character string
  242: 'invalid-input', // The conversion of a … data type to a datetime data type resulted in an out-of-range value
  248: 'invalid-input', // The conversion of the varchar value … overflowed an int column
  295: 'invalid-input', // Conversion failed when converting character string to smalldatetime
  517: 'invalid-input', // Adding a value to a '…' column caused an overflow
  8134: 'invalid-input', // Divide by zero error encountered
  8152: 'invalid-input', // String or binary data would be truncated
  2628: 'invalid-input', // String or binary data would be truncated in table …, column …
  8169: 'invalid-input', // Conversion failed when converting from a character string to uniqueidentifier
  9809: 'invalid-input', // The style … is not supported for conversions from … to …
  13609: 'invalid-input', // JSON text is not properly formatted
  206: 'invalid-input', // Operand type clash: … is incompatible with …
  402: 'invalid-input', // The data types … and … are incompatible in the … operator
  8116: 'invalid-input', // Argument data type … is invalid for argument … of … function
  // A request too large for the engine: too many parameters (2100), an expression too deep or complex.
  8003: 'invalid-input', // The incoming request has too many parameters
  191: 'invalid-input', // Some part of your SQL statement is nested too deeply
  8623: 'invalid-input', // The query processor ran out of internal resources and could not produce a query plan
  8632: 'invalid-input', // Internal error: An expression services limit has been reached
  // The object or column cannot take this write.
  271: 'not-writable', // The column … cannot be modified because it is either a computed column or …
  272: 'not-writable', // Cannot update a timestamp column
  273: 'not-writable', // Cannot insert an explicit value into a timestamp column
  544: 'not-writable', // Cannot insert explicit value for identity column … when IDENTITY_INSERT is set to OFF
  8102: 'not-writable', // Cannot update identity column …
  4405: 'not-writable', // View or function … is not updatable because the modification affects multiple base tables
  4406: 'not-writable', // Update or insert of view or function … failed because it contains a derived or constant field
  4403: 'not-writable', // Cannot update the view or function … because it contains aggregates …
  4426: 'not-writable', // View … is not updatable because the definition contains a UNION operator
  4427: 'not-writable',
  3906: 'not-writable', // Failed to update database … because the database is read-only
  334: 'not-writable', // The target table … of the DML statement cannot have any enabled triggers if the statement contains an OUTPUT clause without INTO
  // The server cannot serve the request now; retrying later may work.
  1205: 'unavailable', // Transaction was deadlocked … and has been chosen as the deadlock victim
  1222: 'unavailable', // Lock request time out period exceeded
  1105: 'unavailable', // Could not allocate space for object … because the … filegroup is full
  9002: 'unavailable', // The transaction log for database … is full
  4060: 'unavailable', // Cannot open database … requested by the login
  18456: 'unavailable', // Login failed for user …
  233: 'unavailable',
  10053: 'unavailable',
  10054: 'unavailable',
  10060: 'unavailable',
  64: 'unavailable',
  20: 'unavailable',
  40197: 'unavailable',
  40501: 'unavailable',
  40613: 'unavailable',
  49918: 'unavailable',
  49919: 'unavailable',
  49920: 'unavailable',
  10928: 'unavailable',
  10929: 'unavailable',
  40143: 'unavailable',
  4221: 'unavailable',
}

/** tedious error codes: connection-level failures (and a pooled connection that was lost) make the engine unavailable. */
const UNAVAILABLE_CODES = new Set([
  'ESOCKET',
  'ETIMEOUT',
  'ECLOSE',
  'ELOGIN',
  'EINSTLOOKUP',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EPIPE',
  'EFEDAUTH',
  'ENOTOPEN',
  'EINVALIDSTATE',
])

const MAX_MESSAGE_LENGTH = 500

/**
 * Sorts an error thrown by tedious (RequestError with the server's error `number`; ConnectionError with a `code`),
 * tarn (TimeoutError when no pooled connection comes in time) or an AggregateError of several into the classes core
 * maps to statuses: 2627/2601 unique, 515 not-null, 547 foreign key or check (by its message), conversion and
 * range errors invalid input, computed/identity/rowversion columns and non-updatable views not writable, lost
 * connections, deadlocks and throttling unavailable. A parameter the driver refused to encode (`EPARAM`) is
 * invalid input.
 */
export function classifyMssqlError(error: unknown): DatabaseErrorClassification {
  const inner = innerErrors(error)
  for (const candidate of inner) {
    const kind = classifyOne(candidate)
    if (kind !== 'other') return { kind, message: describe(candidate) }
  }
  return { kind: 'other', message: describe(inner[0] ?? error) }
}

function classifyOne(error: unknown): Kind {
  const number = readNumber(error, 'number')
  if (number !== undefined) {
    if (number === 547) return /\bCHECK\b/.test(readString(error, 'message') ?? '') ? 'check' : 'foreign-key'
    const known = BY_NUMBER[number]
    if (known !== undefined) return known
  }
  const code = readString(error, 'code')
  if (code === 'EPARAM') return 'invalid-input'
  // tedious cancels a request past requestTimeout (the statement timeout); ETIMEOUT also means a connect that timed out.
  if (code === 'ETIMEOUT' && /Request failed to complete/i.test(readString(error, 'message') ?? '')) return 'timeout'
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) return 'unavailable'
  if (readString(error, 'name') === 'TimeoutError') return 'unavailable' // tarn: no pooled connection in time
  return 'other'
}

/** An AggregateError's errors (tedious raises one for several server messages), or the error itself. */
function innerErrors(error: unknown): unknown[] {
  const errors = typeof error === 'object' && error !== null ? (error as { errors?: unknown }).errors : undefined
  return Array.isArray(errors) && errors.length > 0 ? errors.flatMap(innerErrors) : [error]
}

function describe(error: unknown): string {
  const message = readString(error, 'message') ?? readString(error, 'code') ?? String(error)
  const line = (message.split('\n', 1)[0] ?? '').trim()
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : line
}

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' ? field : undefined
}

function readNumber(value: unknown, key: string): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'number' ? field : undefined
}

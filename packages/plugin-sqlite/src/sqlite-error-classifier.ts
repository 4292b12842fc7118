import type { DatabaseErrorClassification } from '@sluice/core/dialect'

type Kind = DatabaseErrorClassification['kind']

/** better-sqlite3's `SqliteError.code`: SQLite's extended result code names. */
const BY_CODE: Readonly<Record<string, Kind>> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_ROWID: 'unique',
  SQLITE_CONSTRAINT_NOTNULL: 'not-null',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_TRIGGER: 'check', // RAISE(ABORT, …) in a trigger: the schema's own rule
  SQLITE_CONSTRAINT_DATATYPE: 'invalid-input', // a STRICT table's column type
  SQLITE_MISMATCH: 'invalid-input', // a non-integer into an INTEGER PRIMARY KEY
  SQLITE_TOOBIG: 'invalid-input',
  SQLITE_RANGE: 'invalid-input',
  SQLITE_READONLY: 'not-writable',
  SQLITE_BUSY: 'unavailable', // another process holds the file's write lock past the busy timeout
  SQLITE_LOCKED: 'unavailable',
  SQLITE_CANTOPEN: 'unavailable',
  SQLITE_IOERR: 'unavailable',
  SQLITE_FULL: 'unavailable',
  SQLITE_INTERRUPT: 'timeout',
}

/** Messages of plain `SQLITE_ERROR`s that name a write the object cannot take. */
const NOT_WRITABLE = /^cannot (modify .* because it is a view|(INSERT|UPDATE)( into)? generated column)/i

const MAX_MESSAGE_LENGTH = 500

/**
 * Sorts an error thrown by better-sqlite3 into the classes core maps to statuses, by SQLite's extended result code
 * (`SQLITE_CONSTRAINT_UNIQUE` → unique …, falling back to the primary code). better-sqlite3 refuses values it
 * cannot bind (an integer beyond 64 bits) with a RangeError: invalid input.
 */
export function classifySqliteError(error: unknown): DatabaseErrorClassification {
  return { kind: classifyKind(error), message: describeError(error) }
}

function classifyKind(error: unknown): Kind {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code === 'string') {
    const known = BY_CODE[code] ?? BY_CODE[code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1')]
    if (known !== undefined) return known
    if (code === 'SQLITE_ERROR' && NOT_WRITABLE.test((error as Error).message)) return 'not-writable'
    return code.startsWith('SQLITE_CONSTRAINT') ? 'check' : 'other'
  }
  return error instanceof RangeError ? 'invalid-input' : 'other'
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const line = (message.split('\n', 1)[0] ?? '').trim()
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : line
}

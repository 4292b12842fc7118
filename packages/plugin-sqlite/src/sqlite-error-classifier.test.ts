import { describe, expect, it } from 'vitest'
import { classifySqliteError } from './sqlite-error-classifier.js'

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { name: 'SqliteError', code })

describe('classifySqliteError', () => {
  it.each([
    ['SQLITE_CONSTRAINT_UNIQUE', 'unique'],
    ['SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
    ['SQLITE_CONSTRAINT_NOTNULL', 'not-null'],
    ['SQLITE_CONSTRAINT_FOREIGNKEY', 'foreign-key'],
    ['SQLITE_CONSTRAINT_CHECK', 'check'],
    ['SQLITE_CONSTRAINT_DATATYPE', 'invalid-input'],
    ['SQLITE_MISMATCH', 'invalid-input'],
    ['SQLITE_BUSY', 'unavailable'],
    ['SQLITE_BUSY_SNAPSHOT', 'unavailable'],
    ['SQLITE_IOERR_WRITE', 'unavailable'],
    ['SQLITE_READONLY', 'not-writable'],
    ['SQLITE_CONSTRAINT_WHATEVER', 'check'],
    ['SQLITE_ERROR', 'other'],
  ] as const)('%s → %s', (code, kind) => {
    expect(classifySqliteError(sqliteError(code, 'boom')).kind).toBe(kind)
  })

  it('sorts writes to views and generated columns as not writable', () => {
    expect(classifySqliteError(sqliteError('SQLITE_ERROR', 'cannot modify v because it is a view')).kind).toBe(
      'not-writable',
    )
    expect(classifySqliteError(sqliteError('SQLITE_ERROR', 'cannot UPDATE generated column "total"')).kind).toBe(
      'not-writable',
    )
  })

  it('sorts values better-sqlite3 cannot bind as invalid input, and keeps the first message line', () => {
    expect(classifySqliteError(new RangeError('The bound string, buffer, or bigint is too big')).kind).toBe(
      'invalid-input',
    )
    expect(
      classifySqliteError(sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: t.id\nmore')).message,
    ).toBe('UNIQUE constraint failed: t.id')
  })
})

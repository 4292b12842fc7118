import { describe, expect, it } from 'vitest'
import { classifyMssqlError } from './mssql-error-classifier.js'

/** A tedious RequestError as the server reports it: `number` is the SQL Server error number. */
const requestError = (number: number, message: string) =>
  Object.assign(new Error(message), { code: 'EREQUEST', number, state: 1, class: 14 })

describe('classifyMssqlError', () => {
  it.each([
    [
      2627,
      "Violation of PRIMARY KEY constraint 'PK_books'. Cannot insert duplicate key in object 'dbo.books'.",
      'unique',
    ],
    [2601, "Cannot insert duplicate key row in object 'dbo.books' with unique index 'ux_isbn'.", 'unique'],
    [
      515,
      "Cannot insert the value NULL into column 'title', table 'db.dbo.books'; column does not allow nulls. INSERT fails.",
      'not-null',
    ],
    [
      547,
      'The INSERT statement conflicted with the FOREIGN KEY constraint "fk_author". The conflict occurred in database "db".',
      'foreign-key',
    ],
    [547, 'The DELETE statement conflicted with the REFERENCE constraint "fk_author".', 'foreign-key'],
    [
      547,
      'The INSERT statement conflicted with the CHECK constraint "ck_price". The conflict occurred in database "db".',
      'check',
    ],
    [245, "Conversion failed when converting the nvarchar value 'x' to data type int.", 'invalid-input'],
    [8114, 'Error converting data type nvarchar to numeric.', 'invalid-input'],
    [8115, 'Arithmetic overflow error converting numeric to data type numeric.', 'invalid-input'],
    [241, 'Conversion failed when converting date and/or time from character string.', 'invalid-input'],
    [2628, "String or binary data would be truncated in table 'db.dbo.books', column 'title'.", 'invalid-input'],
    [8152, 'String or binary data would be truncated.', 'invalid-input'],
    [
      271,
      'The column "total" cannot be modified because it is either a computed column or is the result of a UNION operator.',
      'not-writable',
    ],
    [
      544,
      "Cannot insert explicit value for identity column in table 'books' when IDENTITY_INSERT is set to OFF.",
      'not-writable',
    ],
    [
      4405,
      "View or function 'v' is not updatable because the modification affects multiple base tables.",
      'not-writable',
    ],
    [
      1205,
      'Transaction (Process ID 52) was deadlocked on lock resources with another process and has been chosen as the deadlock victim.',
      'unavailable',
    ],
    [40613, "Database 'db' on server 'x' is not currently available.", 'unavailable'],
    [
      8003,
      'The incoming request has too many parameters. The server supports a maximum of 2100 parameters.',
      'invalid-input',
    ],
    [206, 'Operand type clash: uniqueidentifier is incompatible with int', 'invalid-input'],
    [9002, "The transaction log for database 'db' is full due to 'LOG_BACKUP'.", 'unavailable'],
    [208, "Invalid object name 'dbo.nope'.", 'other'],
  ] as const)('maps error %i to %s', (number, message, kind) => {
    expect(classifyMssqlError(requestError(number, message))).toEqual({ kind, message })
  })

  it('maps a request past the statement timeout to timeout', () => {
    const error = Object.assign(new Error('Timeout: Request failed to complete in 30000ms'), { code: 'ETIMEOUT' })
    expect(classifyMssqlError(error).kind).toBe('timeout')
  })

  it('maps lost or refused connections, login failures and pool timeouts to unavailable', () => {
    for (const code of ['ESOCKET', 'ETIMEOUT', 'ECLOSE', 'ELOGIN']) {
      expect(classifyMssqlError(Object.assign(new Error(`failed ${code}`), { code })).kind).toBe('unavailable')
    }
    const tarnTimeout = Object.assign(new Error('operation timed out for an unknown reason'), { name: 'TimeoutError' })
    expect(classifyMssqlError(tarnTimeout).kind).toBe('unavailable')
  })

  it('maps a value tedious could not encode as its parameter type to invalid input', () => {
    const error = Object.assign(
      new Error(
        "Validation failed for parameter 'p0'. Value must be between -9223372036854775808 and 9223372036854775807, inclusive.",
      ),
      { code: 'EPARAM' },
    )
    expect(classifyMssqlError(error).kind).toBe('invalid-input')
  })

  it('reads the meaningful error out of an AggregateError, skipping "statement has been terminated"', () => {
    const error = new AggregateError(
      [
        requestError(3621, 'The statement has been terminated.'),
        requestError(2627, "Violation of UNIQUE KEY constraint 'uq'. Cannot insert duplicate key in object 'dbo.t'."),
      ],
      '',
    )
    expect(classifyMssqlError(error)).toEqual({
      kind: 'unique',
      message: "Violation of UNIQUE KEY constraint 'uq'. Cannot insert duplicate key in object 'dbo.t'.",
    })
  })

  it('keeps only the first line of the message, shortened, and classifies anything unknown as other', () => {
    const long = requestError(50000, `${'x'.repeat(600)}\nat line 2`)
    const classified = classifyMssqlError(long)
    expect(classified.kind).toBe('other')
    expect(classified.message).toHaveLength(500)
    expect(classifyMssqlError('boom')).toEqual({ kind: 'other', message: 'boom' })
  })
})

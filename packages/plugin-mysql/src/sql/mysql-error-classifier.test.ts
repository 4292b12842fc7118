import { describe, expect, it } from 'vitest'
import { classifyMysqlError } from './mysql-error-classifier.js'

const serverError = (errno: number, sqlState: string, message: string) =>
  Object.assign(new Error(message), { errno, sqlState, code: 'ER_X' })

describe('classifyMysqlError', () => {
  it.each([
    [1062, '23000', 'unique'],
    [1048, '23000', 'not-null'],
    [1364, 'HY000', 'not-null'],
    [1452, '23000', 'foreign-key'],
    [1451, '23000', 'foreign-key'],
    [4025, '23000', 'check'],
    [3819, 'HY000', 'check'],
    [1406, '22001', 'invalid-input'],
    [1264, '22003', 'invalid-input'],
    [1292, '22007', 'invalid-input'],
    [1366, '22007', 'invalid-input'],
    [1471, 'HY000', 'not-writable'],
    [1906, 'HY000', 'not-writable'],
    [1213, '40001', 'unavailable'],
    [1040, '08004', 'unavailable'],
    [9999, '22999', 'invalid-input'],
    [9998, '08S01', 'unavailable'],
    [1054, '42S22', 'other'],
  ] as const)('errno %i (%s) → %s', (errno, sqlState, kind) => {
    expect(classifyMysqlError(serverError(errno, sqlState, 'boom')).kind).toBe(kind)
  })

  it('sorts socket and pool failures as unavailable', () => {
    expect(classifyMysqlError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).kind).toBe(
      'unavailable',
    )
    expect(
      classifyMysqlError(Object.assign(new Error('lost'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true })).kind,
    ).toBe('unavailable')
  })

  it('keeps the first line of the message, and reads AggregateError inner errors', () => {
    expect(
      classifyMysqlError(serverError(1062, '23000', "Duplicate entry '1' for key 'PRIMARY'\n  at x")).message,
    ).toBe("Duplicate entry '1' for key 'PRIMARY'")
    expect(classifyMysqlError(new AggregateError([new Error('inner')], '')).message).toBe('inner')
  })
})

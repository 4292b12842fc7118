import { describe, expect, it } from 'vitest'
import { toSqliteDateTime } from './to-sqlite-date-time.js'

describe('toSqliteDateTime', () => {
  it.each([
    ['2024-01-02', '2024-01-02T00:00:00'],
    ['2024-01-02 03:04', '2024-01-02T03:04:00'],
    ['2024-01-02T03:04:05', '2024-01-02T03:04:05'],
    ['2024-01-02T03:04:05.500000', '2024-01-02T03:04:05.5'],
    ['2024-01-02T03:04:05.000Z', '2024-01-02T03:04:05'],
    ['2024-01-02T03:04:05.123456+00:00', '2024-01-02T03:04:05.123456'],
    ['not a date', 'not a date'],
  ])('%s → %s', (text, stored) => {
    expect(toSqliteDateTime(text)).toBe(stored)
  })
})

import { describe, expect, it } from 'vitest'
import { IF_FOUND, THEN, countPlaceholders, isBatch, splitBatch } from './mysql-batch.js'

describe('write batches', () => {
  it('splits statements at the markers and hands each its own values', () => {
    const sql = `INSERT INTO \`a?\` VALUES (?, '?')${IF_FOUND}SELECT ? FROM x${THEN}SELECT 1`
    expect(isBatch(sql)).toBe(true)
    expect(splitBatch(sql, [1, 2])).toEqual([
      { sql: "INSERT INTO `a?` VALUES (?, '?')", parameters: [1], onlyIfFound: false },
      { sql: 'SELECT ? FROM x', parameters: [2], onlyIfFound: true },
      { sql: 'SELECT 1', parameters: [], onlyIfFound: false },
    ])
  })

  it('is not fooled by a plain statement, or by placeholders inside quotes', () => {
    expect(isBatch('SELECT 1 /*sluice:then*/')).toBe(false)
    expect(countPlaceholders("SELECT ?, '?''?', `?``?`, \"?\", 'a\\'?', ?")).toBe(2)
  })

  it('throws when the values do not match the placeholders (a compiler bug)', () => {
    expect(() => splitBatch(`SELECT ?${THEN}SELECT 1`, [1, 2])).toThrow(/1 placeholders for 2 values/)
  })
})

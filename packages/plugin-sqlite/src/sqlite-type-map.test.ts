import { describe, expect, it } from 'vitest'
import { mapSqliteType } from './sqlite-type-map.js'

describe('mapSqliteType', () => {
  it.each([
    ['INTEGER', 'long'],
    ['int', 'int'],
    ['BIGINT', 'long'],
    ['smallint', 'short'],
    ['DECIMAL(10,2)', 'decimal'],
    ['VARCHAR(255)', 'string'],
    ['TEXT', 'string'],
    ['nvarchar ( 40 )', 'string'],
    ['BOOLEAN', 'boolean'],
    ['DATE', 'date'],
    ['DATETIME', 'datetime'],
    ['timestamp', 'datetime'],
    ['BLOB', 'bytes'],
    ['JSON', 'json'],
    ['DOUBLE PRECISION', 'float'],
    ['UNSIGNED  BIG INT', 'long'],
    ['', 'unknown'],
    ['WHATEVER', 'unknown'],
  ] as const)('%s → %s', (declared, type) => {
    expect(mapSqliteType(declared)).toBe(type)
  })
})

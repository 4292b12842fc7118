import { describe, expect, it } from 'vitest'
import { formatMssqlType, mapMssqlType, readMssqlMaxLength } from './mssql-type-map.js'

describe('mapMssqlType', () => {
  it.each([
    ['tinyint', 'byte'],
    ['smallint', 'short'],
    ['int', 'int'],
    ['bigint', 'long'],
    ['real', 'single'],
    ['float', 'float'],
    ['decimal', 'decimal'],
    ['numeric', 'decimal'],
    ['money', 'decimal'],
    ['smallmoney', 'decimal'],
    ['bit', 'boolean'],
    ['char', 'string'],
    ['varchar', 'string'],
    ['nchar', 'string'],
    ['nvarchar', 'string'],
    ['ntext', 'string'],
    ['xml', 'string'],
    ['uniqueidentifier', 'uuid'],
    ['date', 'date'],
    ['datetime', 'datetime'],
    ['datetime2', 'datetime'],
    ['smalldatetime', 'datetime'],
    ['datetimeoffset', 'datetimeoffset'],
    ['time', 'time'],
    ['varbinary', 'bytes'],
    ['binary', 'bytes'],
    ['timestamp', 'bytes'],
    ['nvarchar(100)', 'string'],
    ['DECIMAL(10, 2)', 'decimal'],
    ['[int]', 'int'],
    ['sql_variant', 'unknown'],
    ['geography', 'unknown'],
    ['hierarchyid', 'unknown'],
  ] as const)('maps %s to %s', (name, type) => {
    expect(mapMssqlType(name)).toBe(type)
  })
})

describe('formatMssqlType', () => {
  it('spells lengths in characters, max, precision/scale and fractional-second scale as T-SQL declares them', () => {
    expect(formatMssqlType('nvarchar', 200, 0, 0)).toBe('nvarchar(100)')
    expect(formatMssqlType('nvarchar', -1, 0, 0)).toBe('nvarchar(max)')
    expect(formatMssqlType('varchar', 50, 0, 0)).toBe('varchar(50)')
    expect(formatMssqlType('varbinary', -1, 0, 0)).toBe('varbinary(max)')
    expect(formatMssqlType('decimal', 9, 10, 2)).toBe('decimal(10,2)')
    expect(formatMssqlType('datetime2', 8, 26, 6)).toBe('datetime2(6)')
    expect(formatMssqlType('int', 4, 10, 0)).toBe('int')
    expect(formatMssqlType('timestamp', 8, 0, 0)).toBe('rowversion')
  })

  it('reports character lengths only for character types', () => {
    expect(readMssqlMaxLength('nvarchar', 200)).toBe(100)
    expect(readMssqlMaxLength('char', 3)).toBe(3)
    expect(readMssqlMaxLength('nvarchar', -1)).toBeUndefined()
    expect(readMssqlMaxLength('int', 4)).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { mapMysqlType } from './mysql-type-map.js'
import { mysqlCastType } from './mysql-cast-type.js'

describe('mapMysqlType', () => {
  it.each([
    ['tinyint', 'tinyint(1)', 'boolean'],
    ['tinyint', 'tinyint(4)', 'short'],
    ['tinyint', 'tinyint(3) unsigned', 'byte'],
    ['smallint', 'smallint(6)', 'short'],
    ['smallint', 'smallint unsigned', 'int'],
    ['mediumint', 'mediumint(9)', 'int'],
    ['int', 'int(11)', 'int'],
    ['int', 'int(10) unsigned', 'long'],
    ['bigint', 'bigint(20)', 'long'],
    ['bigint', 'bigint unsigned', 'decimal'],
    ['float', 'float', 'single'],
    ['double', 'double', 'float'],
    ['decimal', 'decimal(10,2)', 'decimal'],
    ['varchar', 'varchar(20)', 'string'],
    ['longtext', 'longtext', 'string'],
    ['enum', "enum('a','b')", 'string'],
    ['date', 'date', 'date'],
    ['datetime', 'datetime(6)', 'datetime'],
    ['timestamp', 'timestamp', 'datetime'],
    ['time', 'time', 'time'],
    ['blob', 'blob', 'bytes'],
    ['varbinary', 'varbinary(16)', 'bytes'],
    ['json', 'json', 'json'],
    ['uuid', 'uuid', 'uuid'],
    ['bit', 'bit(1)', 'boolean'],
    ['geometry', 'geometry', 'unknown'],
  ] as const)('%s %s → %s', (dataType, columnType, expected) => {
    expect(mapMysqlType(dataType, columnType)).toBe(expected)
  })

  it('takes MariaDB LONGTEXT with a json_valid check as JSON', () => {
    expect(mapMysqlType('longtext', 'longtext', true)).toBe('json')
  })
})

describe('mysqlCastType', () => {
  it.each([
    ['int(11)', 'SIGNED'],
    ['bigint(20) unsigned', 'UNSIGNED'],
    ['decimal(10, 2)', 'DECIMAL(10,2)'],
    ['numeric', 'DECIMAL'],
    ['double', 'DOUBLE'],
    ['date', 'DATE'],
    ['datetime(6)', 'DATETIME(6)'],
    ['timestamp', 'DATETIME'],
    ['time(3)', 'TIME(3)'],
    ['varchar(10)', 'CHAR'],
    ['blob', 'BINARY'],
    ['tinyint(1)', 'SIGNED'],
  ])('%s → %s', (dbType, expected) => {
    expect(mysqlCastType(dbType, 'mariadb')).toBe(expected)
  })

  it('casts to JSON only where the type exists (MySQL)', () => {
    expect(mysqlCastType('json', 'mysql')).toBe('JSON')
    expect(mysqlCastType('json', 'mariadb')).toBe('CHAR')
  })
})

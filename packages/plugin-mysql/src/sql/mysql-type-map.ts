import type { ScalarType } from '@sluice/core/dialect'

/**
 * Maps a MySQL/MariaDB column to Sluice's scalar type from `DATA_TYPE` (`int`, `varchar` …) and `COLUMN_TYPE`
 * (`tinyint(1)`, `bigint(20) unsigned` …). `TINYINT(1)` is the family's boolean (what `BOOLEAN` creates); signed
 * TINYINT is a `short` (Sluice's `byte` is 0-255); unsigned types move up one size so every value fits. `json`
 * says the column holds JSON even where the server stores it as LONGTEXT (MariaDB, known by its CHECK).
 */
export function mapMysqlType(dataType: string, columnType: string, json = false): ScalarType {
  const type = dataType.trim().toLowerCase()
  const full = columnType.trim().toLowerCase()
  const unsigned = /\bunsigned\b/.test(full)
  if (json) return 'json'
  switch (type) {
    case 'tinyint':
      if (/^tinyint\(1\)/.test(full)) return 'boolean'
      return unsigned ? 'byte' : 'short'
    case 'bool':
    case 'boolean':
      return 'boolean'
    case 'smallint':
      return unsigned ? 'int' : 'short'
    case 'mediumint':
      return 'int'
    case 'int':
    case 'integer':
      return unsigned ? 'long' : 'int'
    case 'bigint':
      return unsigned ? 'decimal' : 'long'
    case 'year':
      return 'int'
    case 'bit':
      return /^bit\(1\)/.test(full) ? 'boolean' : 'long'
    case 'float':
      return 'single'
    case 'double':
    case 'real':
    case 'double precision':
      return 'float'
    case 'decimal':
    case 'numeric':
    case 'dec':
    case 'fixed':
      return 'decimal'
    case 'char':
    case 'varchar':
    case 'tinytext':
    case 'text':
    case 'mediumtext':
    case 'longtext':
    case 'enum':
    case 'set':
    case 'inet4':
    case 'inet6':
      return 'string'
    case 'uuid':
      return 'uuid'
    case 'date':
      return 'date'
    case 'datetime':
    case 'timestamp':
      return 'datetime'
    case 'time':
      return 'time'
    case 'binary':
    case 'varbinary':
    case 'tinyblob':
    case 'blob':
    case 'mediumblob':
    case 'longblob':
      return 'bytes'
    case 'json':
      return 'json'
    default:
      return 'unknown'
  }
}

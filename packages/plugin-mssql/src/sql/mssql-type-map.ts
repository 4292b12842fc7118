import type { ScalarType } from '@sluice/core/dialect'

/** SQL Server system types by `sys.types.name` (user-defined alias types are resolved to their system type first). */
const BY_NAME: Readonly<Record<string, ScalarType>> = {
  tinyint: 'byte',
  smallint: 'short',
  int: 'int',
  bigint: 'long',
  real: 'single',
  float: 'float',
  decimal: 'decimal',
  numeric: 'decimal',
  money: 'decimal',
  smallmoney: 'decimal',
  bit: 'boolean',
  char: 'string',
  varchar: 'string',
  nchar: 'string',
  nvarchar: 'string',
  text: 'string',
  ntext: 'string',
  xml: 'string',
  sysname: 'string',
  uniqueidentifier: 'uuid',
  date: 'date',
  datetime: 'datetime',
  datetime2: 'datetime',
  smalldatetime: 'datetime',
  datetimeoffset: 'datetimeoffset',
  time: 'time',
  binary: 'bytes',
  varbinary: 'bytes',
  image: 'bytes',
  timestamp: 'bytes',
  rowversion: 'bytes',
  json: 'json',
}

/**
 * Maps a SQL Server type name (`sys.types.name`, or a declared spelling such as `nvarchar(100)` or
 * `decimal(10, 2)`) to Sluice's scalar type. `sql_variant`, `geography`, `geometry`, `hierarchyid` and anything
 * unlisted map to `unknown`.
 */
export function mapMssqlType(typeName: string): ScalarType {
  const bare = typeName
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')
    .replace(/^\[(.*)\]$/, '$1')
  return BY_NAME[bare] ?? 'unknown'
}

/**
 * The declared type text of a column as T-SQL spells it (usable in CAST): `nvarchar(100)`, `varbinary(max)`,
 * `decimal(10,2)`, `datetime2(6)`. `maxLength` is `sys.columns.max_length` in bytes (-1 for max).
 */
export function formatMssqlType(typeName: string, maxLength: number, precision: number, scale: number): string {
  const name = typeName.toLowerCase()
  switch (name) {
    case 'varchar':
    case 'char':
    case 'varbinary':
    case 'binary':
      return `${name}(${maxLength === -1 ? 'max' : maxLength})`
    case 'nvarchar':
    case 'nchar':
      return `${name}(${maxLength === -1 ? 'max' : maxLength / 2})`
    case 'decimal':
    case 'numeric':
      return `${name}(${precision},${scale})`
    case 'datetime2':
    case 'datetimeoffset':
    case 'time':
      return `${name}(${scale})`
    case 'timestamp':
      return 'rowversion'
    default:
      return name
  }
}

/** Maximum length in characters for character types (`max` and non-character types: undefined). */
export function readMssqlMaxLength(typeName: string, maxLength: number): number | undefined {
  if (maxLength === -1) return undefined
  switch (typeName.toLowerCase()) {
    case 'varchar':
    case 'char':
      return maxLength
    case 'nvarchar':
    case 'nchar':
      return maxLength / 2
    default:
      return undefined
  }
}

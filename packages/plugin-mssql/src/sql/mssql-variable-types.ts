import type { ScalarType } from '@sluice/core/dialect'

/**
 * The T-SQL type a table variable declares for a value of each scalar type (the written row's key, captured by
 * OUTPUT … INTO). Wide enough for every column type that maps to the scalar type, so no key value is cut; joins
 * back to the table then compare like with like and keep index seeks.
 */
export const MSSQL_VARIABLE_TYPES: Readonly<Record<ScalarType, string>> = Object.freeze({
  string: 'nvarchar(4000)',
  uuid: 'uniqueidentifier',
  byte: 'tinyint',
  short: 'smallint',
  int: 'int',
  long: 'bigint',
  single: 'real',
  float: 'float',
  decimal: 'decimal(38, 10)',
  boolean: 'bit',
  date: 'date',
  datetime: 'datetime2(7)',
  datetimeoffset: 'datetimeoffset(7)',
  time: 'time(7)',
  bytes: 'varbinary(8000)',
  json: 'nvarchar(max)',
  array: 'sql_variant',
  unknown: 'sql_variant',
})

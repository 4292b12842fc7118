import type { ScalarType } from '@sluice/core/dialect'

/** Declared type names, matched on the name before any `(…)`, upper-cased. */
const BY_NAME: Readonly<Record<string, ScalarType>> = {
  INTEGER: 'long',
  BIGINT: 'long',
  INT8: 'long',
  'UNSIGNED BIG INT': 'long',
  INT: 'int',
  MEDIUMINT: 'int',
  INT4: 'int',
  SMALLINT: 'short',
  INT2: 'short',
  TINYINT: 'short',
  REAL: 'float',
  DOUBLE: 'float',
  'DOUBLE PRECISION': 'float',
  FLOAT: 'float',
  DECIMAL: 'decimal',
  NUMERIC: 'decimal',
  NUMBER: 'decimal',
  MONEY: 'decimal',
  BOOLEAN: 'boolean',
  BOOL: 'boolean',
  BIT: 'boolean',
  DATE: 'date',
  DATETIME: 'datetime',
  TIMESTAMP: 'datetime',
  DATETIME2: 'datetime',
  TIME: 'time',
  BLOB: 'bytes',
  BINARY: 'bytes',
  VARBINARY: 'bytes',
  JSON: 'json',
  JSONB: 'json',
  UUID: 'uuid',
  GUID: 'uuid',
  UNIQUEIDENTIFIER: 'uuid',
}

/**
 * A column's declared type (SQLite keeps the text as written: `VARCHAR(40)`, `DECIMAL(10,2)`) → Sluice scalar type.
 * Common names map as their engines define them (`INTEGER`, SQLite's rowid type, is 64-bit; `INT` is 32-bit);
 * other names follow SQLite's affinity rules (`…CHAR…`, `…TEXT…`, `…CLOB…` → text). No declared type → unknown.
 */
export function mapSqliteType(declared: string): ScalarType {
  const name = declared.replace(/\(.*$/s, '').trim().toUpperCase().replace(/\s+/g, ' ')
  const known = BY_NAME[name]
  if (known !== undefined) return known
  if (/CHAR|CLOB|TEXT|STRING/.test(name)) return 'string'
  if (name.includes('INT')) return 'long'
  if (/REAL|FLOA|DOUB/.test(name)) return 'float'
  return 'unknown'
}

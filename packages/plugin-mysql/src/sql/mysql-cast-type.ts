import type { MysqlFlavor } from './mysql-server.js'

/**
 * The `CAST(… AS type)` target for a column's type (`COLUMN_TYPE`, e.g. `int(11) unsigned`, `decimal(10,2)`):
 * MySQL casts only to a few types, so the column type maps to the nearest that keeps its comparisons right.
 */
export function mysqlCastType(dbType: string, flavor: MysqlFlavor): string {
  const type = dbType.trim().toLowerCase()
  const unsigned = /\bunsigned\b/.test(type)
  if (/^(tinyint|smallint|mediumint|int|integer|bigint|year)\b/.test(type)) return unsigned ? 'UNSIGNED' : 'SIGNED'
  if (/^bit\b/.test(type)) return 'UNSIGNED'
  const decimal = /^(?:decimal|numeric|dec|fixed)\s*(\(\s*\d+\s*(?:,\s*\d+\s*)?\))?/.exec(type)
  if (decimal !== null) return `DECIMAL${(decimal[1] ?? '').replace(/\s+/g, '')}`
  if (/^(float|double|real)\b/.test(type)) return 'DOUBLE'
  if (/^date$/.test(type)) return 'DATE'
  const temporal = /^(datetime|timestamp|time)\s*(\(\s*\d\s*\))?/.exec(type)
  if (temporal !== null)
    return `${temporal[1] === 'time' ? 'TIME' : 'DATETIME'}${(temporal[2] ?? '').replace(/\s+/g, '')}`
  if (/(blob|binary)/.test(type)) return 'BINARY'
  if (type === 'json') return flavor === 'mysql' ? 'JSON' : 'CHAR'
  return 'CHAR'
}
